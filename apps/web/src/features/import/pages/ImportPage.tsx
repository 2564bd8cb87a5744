import { Alert, Stack } from '@mantine/core';
import type { ImportMode, ImportProgress, ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { AdminOnlyState, RequireAdmin } from '../../../components/AdminOnly';
import { confirm } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useImportRun } from '../api/get-run';
import { useImportRuns } from '../api/get-runs';
import { useStartRun } from '../api/start-run';
import { useImportStream } from '../api/use-import-stream';
import type { ScreenState } from '../import-logic';
import { LiveProgress } from '../components/LiveProgress';
import { PastRuns } from '../components/PastRuns';
import { RunActions } from '../components/RunActions';
import { RunReport } from '../components/RunReport';
import { UploadCard } from '../components/UploadCard';

const TITLE = 'Import from the original system';
const SUBTITLE =
  "Bring the business's records across from its original system: upload a zip of its export, check it with a dry run, then import.";
const ADMIN_HINT = 'Ask an administrator to import the original system’s data.';

function ImportScreen() {
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [uploading, setUploading] = useState(false);
  const [active, setActive] = useState<ImportProgress | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  /** Runs this page started: their end is announced. */
  const mine = useRef(new Map<string, ImportMode>());
  const runs = useImportRuns();
  const run = useImportRun(selected);
  const start = useStartRun();

  const stream = useImportStream({
    onProgress: (p) => {
      setActive(p);
      if (p) setSelected((s) => s ?? p.runId);
    },
    onFinished: (f) => {
      setActive((a) => (a?.runId === f.runId ? null : a));
      const mode = mine.current.get(f.runId);
      if (!mode) return;
      mine.current.delete(f.runId);
      const what = mode === 'dry-run' ? 'Dry run' : 'Import';
      if (f.status === 'done') notify.success(`${what} finished: the report is below.`);
      else notify.error(`${what} failed: ${f.error ?? 'see the report'}`);
    },
  });

  // The live view: the pushed progress, else (the stream down) what the run's own answer says.
  const running = run.data?.status === 'running' ? run.data.progress : null;
  const shown = active ?? running;
  const state: ScreenState = {
    upload,
    uploading,
    active: shown,
    starting: start.isPending,
    runs: runs.data?.pages.flatMap((p) => p.runs) ?? [],
  };

  const begin = async (mode: ImportMode) => {
    if (!upload) return;
    if (mode === 'import') {
      const ok = await confirm({
        title: 'Import into Pawdesk',
        message: `Import ${upload.fileName ?? 'the uploaded export'} into this database? Owners, pets, visits, payments and the rest are written as the dry run reported. Running it again later with a newer export brings in only what is new or changed.`,
        confirmLabel: 'Import',
      });
      if (!ok) return;
    }
    setStartError(null);
    try {
      const res = await start.mutateAsync({ uploadId: upload.uploadId, mode });
      mine.current.set(res.runId, mode);
      setSelected(res.runId);
      notify.info(res.message);
    } catch (err) {
      const message = errorMessage(err, 'Could not start the run');
      setStartError(message);
      notify.error(message, err);
    }
  };

  return (
    <>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <Stack gap="lg" maw={1100}>
        <UploadCard
          upload={upload}
          disabled={shown !== null}
          onUploading={setUploading}
          onUploaded={(u) => {
            setUpload(u);
            setStartError(null);
          }}
        />
        <RunActions state={state} onDryRun={() => void begin('dry-run')} onImport={() => void begin('import')} />
        {startError ? (
          <Alert color="red" variant="light" title="The run was not started" icon={<IconAlertTriangle />} role="alert">
            {startError}
          </Alert>
        ) : null}
        {shown ? <LiveProgress progress={shown} stream={stream} /> : null}
        {selected && !(shown && shown.runId === selected) ? (
          <RunReport run={run.data} loading={run.isPending} error={run.error} onRetry={() => run.refetch()} />
        ) : null}
        <PastRuns q={runs} selected={selected} onSelect={setSelected} />
      </Stack>
    </>
  );
}

/** `/staff/import` (admins): upload the original system's export, dry run, read the report, import (issue 21). */
export default function ImportPage() {
  return (
    <RequireAdmin
      fallback={
        <>
          <PageHeader title={TITLE} subtitle={SUBTITLE} />
          <AdminOnlyState hint={ADMIN_HINT} />
        </>
      }
    >
      <ImportScreen />
    </RequireAdmin>
  );
}

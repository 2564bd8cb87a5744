import { Button, Group, SegmentedControl } from '@mantine/core';
import { RUN_CARD_FORMAT_LABEL, RUN_CARD_FORMATS, type RunCardFormat } from '@pawdesk/shared';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import classes from './run-card.module.css';

export const DOWNLOAD_FAILED = 'Could not download the PDF';

/** The card format from the address (`?format=kennel`), A4 by default; the switch keeps it there. */
export function useRunCardFormat(): [RunCardFormat, (f: RunCardFormat) => void] {
  const [params, setParams] = useSearchParams();
  const format: RunCardFormat = params.get('format') === 'kennel' ? 'kennel' : 'a4';
  const set = (f: RunCardFormat) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (f === 'a4') next.delete('format');
        else next.set('format', f);
        return next;
      },
      { replace: true },
    );
  return [format, set];
}

/** Back where staff came from; a page opened from a link goes to Deboard Pets. */
function useBack() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => (key === 'default' ? navigate('/staff/deboard') : navigate(-1));
}

/** Back, the format switch (A4 / Kennel card), Print and Download PDF; hidden on paper. */
export function RunCardToolbar({
  format,
  onFormat,
  download,
  printLabel = 'Print',
  disabled = false,
}: {
  format: RunCardFormat;
  onFormat: (f: RunCardFormat) => void;
  download: () => Promise<unknown>;
  printLabel?: string;
  disabled?: boolean;
}) {
  const back = useBack();
  const [downloading, setDownloading] = useState(false);
  const onDownload = async () => {
    setDownloading(true);
    try {
      await download();
    } catch (err) {
      notify.error(serverMessage(err, DOWNLOAD_FAILED), err);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className={classes.toolbar}>
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} px={6} onClick={back}>
        Back
      </Button>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          aria-label="Card format"
          value={format}
          onChange={(v) => onFormat(v as RunCardFormat)}
          data={RUN_CARD_FORMATS.map((f) => ({ value: f, label: RUN_CARD_FORMAT_LABEL[f] }))}
        />
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={disabled}>
          {printLabel}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void onDownload()}
          loading={downloading}
          disabled={disabled}
        >
          Download PDF
        </Button>
      </Group>
    </div>
  );
}

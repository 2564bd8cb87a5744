import { Accordion, Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@pawdesk/shared';
import type { ImportProblem, ImportReportCollection, ImportRunDetail } from '@pawdesk/shared/import/admin-schemas';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Money } from '../../../components/Money';
import { TableHead } from '../../../components/TableHead';
import { ErrorState, InlineErrorState, LoadingState } from '../../../components/states';
import { apiDownload, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRunProblems } from '../api/get-problems';
import { hasMoney, moneyAgrees, totals } from '../import-logic';
import classes from '../import.module.css';

const n = (v: number) => v.toLocaleString('en-IN');
const MODE_TITLE = { 'dry-run': 'Dry run report', import: 'Import report', photos: 'Photos report' } as const;

function where(p: ImportProblem): string {
  if (p.line !== undefined) return `${p.file} line ${p.line}`;
  if (p.offset !== undefined) return `${p.file} at byte ${p.offset}`;
  return p.file;
}

function ProblemRows({ problems }: { problems: ImportProblem[] }) {
  return (
    <>
      {problems.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id of their own; the list only grows
        <Table.Tr key={i}>
          <Table.Td style={{ wordBreak: 'break-all' }}>{where(p)}</Table.Td>
          <Table.Td ff="monospace" fz="xs">
            {p.originalId ?? '—'}
          </Table.Td>
          <Table.Td>{p.message}</Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** One collection's problems: the first ones the report holds, then every one a page at a time ("Show all"). */
function Problems({
  runId,
  collection,
  shown,
  count,
}: {
  runId: string;
  collection: string;
  shown: ImportProblem[];
  count: number;
}) {
  const [all, setAll] = useState(false);
  const q = useRunProblems(runId, collection, all);
  const rows = all && q.data ? q.data.pages.flatMap((p) => p.problems) : shown;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560} maxHeight={all ? 480 : undefined}>
        <Table fz="sm" striped stickyHeader aria-label={`Problems of ${collection}`}>
          <TableHead columns={['Where', 'Original id', 'Problem']} />
          <Table.Tbody>
            <ProblemRows problems={rows} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {all && q.isError ? <InlineErrorState message={errorMessage(q.error)} onRetry={() => q.refetch()} /> : null}
      <Group gap="sm">
        {!all && count > shown.length ? (
          <Button size="compact-sm" variant="light" onClick={() => setAll(true)}>
            Show all {n(count)} problems
          </Button>
        ) : null}
        {all && q.hasNextPage ? (
          <Button size="compact-sm" variant="light" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            Load more ({n(rows.length)} of {n(count)})
          </Button>
        ) : null}
        {all && q.isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

function MoneyTable({ collections }: { collections: ImportReportCollection[] }) {
  const withMoney = collections.filter(hasMoney);
  if (withMoney.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No money in these collections.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="sm" aria-label="Money before and after">
        <TableHead
          columns={[
            'Collection',
            { label: 'Charged in the original', ta: 'right' },
            { label: 'Charged in Pawdesk', ta: 'right' },
            { label: 'Paid in the original', ta: 'right' },
            { label: 'Paid in Pawdesk', ta: 'right' },
            'Agrees',
          ]}
        />
        <Table.Tbody>
          {withMoney.map((c) => {
            const ok = moneyAgrees(c);
            return (
              <Table.Tr key={c.collection} className={ok ? undefined : classes.mismatch}>
                <Table.Td fw={500}>{c.collection}</Table.Td>
                <Table.Td ta="right">
                  <Money value={c.money.before.charged} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={c.money.after.charged} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={c.money.before.paid} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={c.money.after.paid} />
                </Table.Td>
                <Table.Td>
                  {ok ? (
                    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} />}>
                      Yes
                    </Badge>
                  ) : (
                    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />}>
                      Mismatch
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Step 3 when a run has finished: its counts, money before and after, and problems; the Markdown report to keep. */
export function RunReport({
  run,
  loading,
  error,
  onRetry,
}: {
  run: ImportRunDetail | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  if (loading) return <LoadingState label="Loading the report..." />;
  if (error) return <ErrorState title="Could not load the report" message={errorMessage(error)} onRetry={onRetry} />;
  if (!run || run.status === 'running') return null;
  const report = run.report;
  const download = async () => {
    setDownloading(true);
    try {
      const name = await apiDownload(`/admin/import/runs/${run._id}/report.md`, 'import-report.md');
      notify.success(`Downloaded ${name}`);
    } catch (err) {
      notify.error(errorMessage(err, 'Could not download the report'), err);
    } finally {
      setDownloading(false);
    }
  };
  const mismatches = report ? report.collections.filter((c) => !moneyAgrees(c)).length : 0;
  const t = report ? totals(report.collections) : null;
  const withProblems = report ? report.collections.filter((c) => c.problemCount > 0) : [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz="lg" id={titleId}>
              3. {MODE_TITLE[run.mode]}
            </Title>
            <Text size="sm" c="dimmed">
              {run.fileName ?? run.source} · started {formatDateTime(run.startedAt)}
              {run.startedBy ? ` by ${run.startedBy.fullName}` : ''}
              {run.finishedAt ? ` · finished ${formatDateTime(run.finishedAt)}` : ''}
            </Text>
          </div>
          {report ? (
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={downloading} onClick={download}>
              Download report (Markdown)
            </Button>
          ) : null}
        </Group>
        {run.status === 'failed' ? (
          <Alert color="red" variant="light" title="The run did not finish" role="alert" icon={<IconAlertTriangle />}>
            {run.error ?? 'It stopped with an error.'}
          </Alert>
        ) : null}
        {report && t ? (
          <>
            <Alert
              color={mismatches > 0 ? 'red' : 'teal'}
              variant="light"
              icon={mismatches > 0 ? <IconAlertTriangle /> : <IconCircleCheck />}
              title={
                report.mode === 'dry-run'
                  ? 'Dry run finished: nothing was written'
                  : report.unchanged
                    ? 'Nothing new or changed: the database already holds this export'
                    : 'Import finished'
              }
            >
              <Text size="sm">
                {n(t.read)} documents read: {n(t.imported)} {report.mode === 'dry-run' ? 'would be imported' : 'imported'},{' '}
                {n(t.updated)} updated, {n(t.merged)} merged, {n(t.skipped)} skipped.{' '}
                {n(report.collections.reduce((s, c) => s + c.problemCount, 0) + report.problemCount)} problems listed.
                {mismatches > 0
                  ? ` The money of ${mismatches} ${mismatches === 1 ? 'collection does' : 'collections do'} not agree: see below.`
                  : ''}
              </Text>
            </Alert>
            <div>
              <Title order={3} fz="md" mb={6}>
                Collections
              </Title>
              <Table.ScrollContainer minWidth={720}>
                <Table fz="sm" striped aria-label="Counts per collection">
                  <TableHead
                    columns={[
                      'Collection',
                      { label: 'Read', ta: 'right' },
                      { label: 'Imported', ta: 'right' },
                      { label: 'Updated', ta: 'right' },
                      { label: 'Merged', ta: 'right' },
                      { label: 'Unchanged', ta: 'right' },
                      { label: 'Skipped', ta: 'right' },
                      { label: 'Problems', ta: 'right' },
                    ]}
                  />
                  <Table.Tbody>
                    {report.collections.map((c) => (
                      <Table.Tr key={c.collection}>
                        <Table.Td fw={500}>
                          {c.collection}
                          {c.complete ? null : (
                            <Badge ml={6} size="xs" color="red" variant="light">
                              Not read to the end
                            </Badge>
                          )}
                        </Table.Td>
                        {[
                          c.counts.read,
                          c.counts.imported,
                          c.counts.updated,
                          c.counts.merged,
                          c.counts.unchanged,
                          c.counts.skipped,
                          c.problemCount,
                        ].map((v, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of numbers
                          <Table.Td key={i} ta="right" className={classes.num}>
                            {n(v)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </div>
            <div>
              <Title order={3} fz="md" mb={6}>
                Money before and after
              </Title>
              <MoneyTable collections={report.collections} />
            </div>
            {report.missing.length > 0 ? (
              <Text size="sm" c="dimmed">
                Not in the export: {report.missing.join(', ')}.
              </Text>
            ) : null}
            <div>
              <Title order={3} fz="md" mb={6}>
                Problems
              </Title>
              {withProblems.length === 0 && report.problemCount === 0 ? (
                <Text size="sm" c="dimmed">
                  No problems.
                </Text>
              ) : (
                <Accordion variant="separated" multiple>
                  {withProblems.map((c) => (
                    <Accordion.Item key={c.collection} value={c.collection}>
                      <Accordion.Control>
                        {c.collection} — {n(c.problemCount)} {c.problemCount === 1 ? 'problem' : 'problems'}
                      </Accordion.Control>
                      <Accordion.Panel>
                        <Problems runId={run._id} collection={c.collection} shown={c.problems} count={c.problemCount} />
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
                  {report.problemCount > 0 ? (
                    <Accordion.Item value="other">
                      <Accordion.Control>Other — {n(report.problemCount)} problems</Accordion.Control>
                      <Accordion.Panel>
                        <Problems runId={run._id} collection="other" shown={report.problems} count={report.problemCount} />
                      </Accordion.Panel>
                    </Accordion.Item>
                  ) : null}
                </Accordion>
              )}
            </div>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

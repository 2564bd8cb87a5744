import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '@pawdesk/shared';
import type { ImportRun } from '@pawdesk/shared/import/admin-schemas';
import { IconHistory } from '@tabler/icons-react';
import { useId } from 'react';
import { LoadMore } from '../../../components/LoadMore';
import { EmptyState, ErrorState, SkeletonRows } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import type { useImportRuns } from '../api/get-runs';
import classes from '../import.module.css';

const STATUS: Record<ImportRun['status'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'orange' },
  done: { label: 'Finished', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};
const MODE = { 'dry-run': 'Dry run', import: 'Import', photos: 'Photos' } as const;

/** Every run so far (this screen's and the command line's), newest first; a finished one opens its report. */
export function PastRuns({
  q,
  selected,
  onSelect,
}: {
  q: ReturnType<typeof useImportRuns>;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const titleId = useId();
  const runs = q.data?.pages.flatMap((p) => p.runs) ?? [];
  let body: React.ReactNode;
  if (q.isPending) body = <SkeletonRows label="Loading past runs" rows={3} height={52} />;
  else if (q.isError)
    body = <ErrorState title="Could not load the past runs" message={errorMessage(q.error)} onRetry={() => q.refetch()} />;
  else if (runs.length === 0)
    body = (
      <EmptyState
        icon={<IconHistory size={26} />}
        title="No runs yet"
        hint="Dry runs and imports appear here, with their reports."
      />
    );
  else
    body = (
      <Stack gap="xs">
        <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Past runs">
          {runs.map((r) => (
            <li key={r._id} className={classes.row} data-selected={r._id === selected || undefined}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} size="sm">
                      {MODE[r.mode]}
                    </Text>
                    <Badge color={STATUS[r.status].color} variant="light" size="sm">
                      {STATUS[r.status].label}
                    </Badge>
                    {r.via === 'cli' ? (
                      <Badge color="gray" variant="outline" size="sm">
                        Command line
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {r.source}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(r.startedAt)}
                    {r.startedBy ? ` · ${r.startedBy.fullName}` : ''} · {r.documents.toLocaleString('en-IN')} documents
                  </Text>
                </Stack>
                <Button
                  size="compact-sm"
                  variant={r._id === selected ? 'filled' : 'light'}
                  onClick={() => onSelect(r._id)}
                  aria-label={`${r.status === 'running' ? 'Show progress of' : 'View report of'} the ${MODE[r.mode].toLowerCase()} of ${formatDateTime(r.startedAt)}`}
                  aria-pressed={r._id === selected}
                >
                  {r.status === 'running' ? 'Show progress' : 'View report'}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
        <LoadMore q={q} />
      </Stack>
    );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="sm">
        Past runs
      </Title>
      {body}
    </Card>
  );
}

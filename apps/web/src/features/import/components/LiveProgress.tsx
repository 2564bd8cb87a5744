import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { ImportCollectionProgress, ImportProgress } from '@pawdesk/shared/import/admin-schemas';
import { useId } from 'react';
import { PHASE_LABELS, percentOf, totals } from '../import-logic';
import classes from '../import.module.css';
import type { StreamState } from '../api/use-import-stream';

const PHASE_COLOR: Record<ImportCollectionProgress['phase'], string> = {
  waiting: 'gray',
  reading: 'orange',
  finishing: 'orange',
  done: 'teal',
  photos: 'orange',
};

const n = (v: number) => v.toLocaleString('en-IN');

/** Step 3 while a run goes: each collection's phase and counts as the server pushes them. */
export function LiveProgress({ progress, stream }: { progress: ImportProgress; stream: StreamState }) {
  const titleId = useId();
  const t = totals(progress.collections);
  const done = progress.collections.filter((c) => c.phase === 'done').length;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} fz="lg" id={titleId}>
              {progress.mode === 'dry-run' ? 'Dry run in progress' : 'Import in progress'}
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite">
              {done} of {progress.collections.length} collections done · {n(t.read)} read, {n(t.imported)} imported
              {progress.current ? ` · now: ${progress.current}` : ''}
            </Text>
          </div>
          {stream !== 'open' ? (
            <Badge color="yellow" variant="light">
              {stream === 'connecting' ? 'Connecting…' : 'Live updates interrupted: reconnecting'}
            </Badge>
          ) : null}
        </Group>
        <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Collections">
          {progress.collections.map((c) => (
            <li key={c.collection} className={classes.row}>
              <Group justify="space-between" gap="xs" wrap="wrap" mb={6}>
                <Text fw={600} size="sm">
                  {c.collection}
                </Text>
                <Badge color={PHASE_COLOR[c.phase]} variant={c.phase === 'done' ? 'light' : 'outline'}>
                  {PHASE_LABELS[c.phase]}
                </Badge>
              </Group>
              <Progress
                value={percentOf(c)}
                size="sm"
                color={c.phase === 'done' ? 'teal' : 'orange'}
                aria-label={`${c.collection}: ${percentOf(c)}%`}
              />
              <Text size="xs" c="dimmed" mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {n(c.counts.read)} read · {n(c.counts.imported + c.counts.updated)} imported
                {c.counts.merged ? ` · ${n(c.counts.merged)} merged` : ''}
                {c.counts.skipped ? ` · ${n(c.counts.skipped)} skipped` : ''} ·{' '}
                <Text span size="xs" c={c.problems ? 'orange.8' : 'dimmed'}>
                  {n(c.problems)} {c.problems === 1 ? 'problem' : 'problems'}
                </Text>
              </Text>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

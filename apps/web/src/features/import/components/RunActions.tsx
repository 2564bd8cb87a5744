import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDatabaseImport, IconPlayerPlay } from '@tabler/icons-react';
import { useId } from 'react';
import { actionHint, canDryRun, canImport, type ScreenState } from '../import-logic';

/** Step 2: the dry run (writes nothing), then the import, which needs a finished dry run of the same upload. */
export function RunActions({ state, onDryRun, onImport }: { state: ScreenState; onDryRun: () => void; onImport: () => void }) {
  const titleId = useId();
  const hintId = useId();
  const hint = actionHint(state);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id={titleId}>
            2. Dry run, then import
          </Title>
          <Text size="sm" c="dimmed">
            The dry run does the whole import and then undoes it: its report shows exactly what an import would do. Read it, then
            import.
          </Text>
        </div>
        <Group gap="sm">
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            variant="light"
            onClick={onDryRun}
            disabled={!canDryRun(state)}
            loading={state.starting && state.active === null}
            aria-describedby={hint ? hintId : undefined}
          >
            Dry run
          </Button>
          <Button
            leftSection={<IconDatabaseImport size={16} />}
            onClick={onImport}
            disabled={!canImport(state)}
            aria-describedby={hint ? hintId : undefined}
          >
            Import
          </Button>
        </Group>
        {hint ? (
          <Text size="sm" c="dimmed" id={hintId} aria-live="polite">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

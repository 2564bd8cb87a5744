import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { formatDate, VACCINATIONS_REMIND_MAX, type VaccinationDueRow, type VaccinationsDueResponse } from '@pawdesk/shared';
import { IconSend, IconVaccine } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRemindVaccinations, useVaccinationsDue } from '../api/vaccinations-due';
import { VaccinationsDueTable } from './VaccinationsDueTable';

const RANGES = ['7', '30', '60', '90'];
const REMIND_FAILED = 'Could not send the vaccination reminders';

type GroupKey = 'overdue' | 'dueToday' | 'upcoming';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Vaccinations due' (issue 11): overdue (at most a year back), due today and due in the next 7–90 days, with
 * 'Remind owner' per row and for every owner shown (asked first); one email per owner per day.
 */
export function VaccinationsDuePanel() {
  const [days, setDays] = useState(30);
  const due = useVaccinationsDue(days);
  const remind = useRemindVaccinations();
  const [busyId, setBusyId] = useState<string | null>(null);

  const send = (petIds: string[], rowId: string | null) => {
    setBusyId(rowId);
    remind.mutate(
      { petIds, days },
      {
        onSuccess: (res) => (res.queued > 0 ? notify.success(res.message) : notify.info(res.message)),
        onError: (err) => notify.error(serverMessage(err, REMIND_FAILED)),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const data = due.data;
  const all: VaccinationDueRow[] = data ? [...data.overdue.rows, ...data.dueToday.rows, ...data.upcoming.rows] : [];
  const waiting = all.filter((r) => !r.remindedToday);
  const owners = new Set(waiting.map((r) => r.ownerId)).size;
  const petIds = [...new Set(waiting.map((r) => r.petId))].slice(0, VACCINATIONS_REMIND_MAX);

  const onRemindAll = async () => {
    const ok = await confirm({
      title: 'Remind owners',
      message: `Email ${plural(owners, 'owner')} about their pets' due vaccinations now? Each owner gets one email today.`,
      confirmLabel: 'Send reminders',
    });
    if (ok) send(petIds, 'all');
  };

  let body: React.ReactNode;
  if (due.isPending) body = <LoadingState label="Loading vaccinations due..." />;
  else if (!data) {
    body = (
      <ErrorState title="Could not load vaccinations due" message={due.error?.message ?? ''} onRetry={() => void due.refetch()} />
    );
  } else if (all.length === 0) {
    body = (
      <EmptyState
        icon={<IconVaccine size={26} />}
        title="No vaccinations due"
        hint={`Nothing is overdue, due today or due in the next ${days} days.`}
      />
    );
  } else body = <Groups data={data} busyId={busyId} onRemind={(r) => send([r.petId], r._id)} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="due-range-label">
            Due within
          </Text>
          <SegmentedControl
            aria-labelledby="due-range-label"
            size="xs"
            value={String(days)}
            onChange={(v) => setDays(Number(v))}
            data={RANGES.map((d) => ({ value: d, label: `${d} days` }))}
          />
        </Stack>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={() => void onRemindAll()}
          loading={busyId === 'all'}
          disabled={waiting.length === 0 || busyId !== null}
        >
          Remind all shown
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

const TITLES: Record<GroupKey, (days: number) => string> = {
  overdue: () => 'Overdue',
  dueToday: () => 'Due today',
  upcoming: (days) => `Due in the next ${days} days`,
};
const COLORS: Record<GroupKey, string> = { overdue: 'red', dueToday: 'orange', upcoming: 'blue' };

function Groups({
  data,
  busyId,
  onRemind,
}: {
  data: VaccinationsDueResponse;
  busyId: string | null;
  onRemind: (r: VaccinationDueRow) => void;
}) {
  return (
    <Stack gap="lg">
      {(['overdue', 'dueToday', 'upcoming'] as const).map((key) => {
        const g = data[key];
        const title = TITLES[key](data.days);
        return (
          <Stack key={key} gap="xs" component="section" aria-label={title}>
            <Group gap="xs">
              <Title order={3} fz="md">
                {title}
              </Title>
              <Badge color={COLORS[key]} variant="light" size="sm">
                {g.rows.length}
                {g.truncated ? '+' : ''}
              </Badge>
            </Group>
            {g.truncated ? (
              <Alert color="yellow" variant="light">
                Showing the first {g.rows.length}.
              </Alert>
            ) : null}
            {g.rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {key === 'dueToday' ? `Nothing due today (${formatDate(data.today)}).` : 'None.'}
              </Text>
            ) : (
              <VaccinationsDueTable rows={g.rows} busyId={busyId} onRemind={onRemind} label={title} />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

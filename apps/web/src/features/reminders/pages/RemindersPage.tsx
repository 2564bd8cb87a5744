import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  DEFAULT_TZ,
  formatDate,
  isIsoDate,
  presetRange,
  REMINDER_PRESET_LABEL,
  REMINDER_PRESETS,
  type ReminderPreset,
  type ReminderRange,
  REMINDERS_QUEUED,
  type SentMessage,
  todayIn,
} from '@pawdesk/shared';
import { IconBell, IconCalendar, IconMail, IconSend, IconVaccine } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';
import { useReminderPresets } from '../api/get-presets';
import { useReminders } from '../api/get-reminders';
import { useSentMessages } from '../api/get-sent';
import { useRetryMessage } from '../api/retry-message';
import { useSendReminders } from '../api/send-reminders';
import { MessagesTable } from '../components/MessagesTable';
import { RemindersTable } from '../components/RemindersTable';
import { VaccinationsDuePanel } from '../components/VaccinationsDuePanel';
import { DATE_INPUT_FORMAT } from '../../../components/dates/date-text';

const SEND_FAILED = 'Error in sending reminders';

const isPreset = (v: string | null): v is ReminderPreset => REMINDER_PRESETS.includes(v as ReminderPreset);

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function describe(range: ReminderRange, preset: ReminderPreset | null, today: string): string {
  const span = range.from === range.to ? formatDate(range.from) : `${formatDate(range.from)} – ${formatDate(range.to)}`;
  switch (preset) {
    case 'nextweek':
      return `Follow-ups and birthdays in the next 7 days, ${span}.`;
    case 'overdue':
      return `Follow-ups of the last 7 days marked absent or never marked, ${span}.`;
    case 'birthdays':
      return `Birthdays this week, ${span}.`;
    default:
      return `Follow-ups and birthdays on ${span}${range.from === today ? ' (today)' : ''}.`;
  }
}

export default function RemindersPage() {
  const [params, setParams] = useSearchParams();
  const presets = useReminderPresets();
  const today = presets.data?.today ?? todayIn(DEFAULT_TZ);
  const dateParam = params.get('date');
  const rangeParam = params.get('range');
  const date = dateParam && isIsoDate(dateParam) ? dateParam : null;
  // A date chosen in the picker wins; otherwise the preset from the dashboard (?range=), Today by default.
  const preset: ReminderPreset | null = date ? null : isPreset(rangeParam) ? rangeParam : 'today';
  const range: ReminderRange | null = date
    ? { from: date, to: date, filter: 'all' }
    : presets.data
      ? presets.data.presets[preset!]
      : presets.isError
        ? presetRange(preset!, today)
        : null;
  // The date input is debounced by 1 s (spec 000 §5, §9); presets and the first load apply at once.
  const rangeKey = range ? `${range.from}|${range.to}|${range.filter}` : '';
  const debouncedKey = useDebounced(rangeKey, 1000);
  const settled = !date || debouncedKey === rangeKey ? range : null;

  const list = useReminders(settled);
  const sent = useSentMessages(settled);
  const send = useSendReminders();
  const retry = useRetryMessage();
  const [tab, setTab] = useState<string | null>(params.get('tab') === 'vaccinations' ? 'vaccinations' : 'reminders');
  const [retrying, setRetrying] = useState<string | null>(null);

  const rows = list.data?.List ?? [];
  const messages = sent.data?.List ?? [];

  const choosePreset = (p: ReminderPreset) => setParams({ range: p }, { replace: true });
  const chooseDate = (d: string | null) => {
    if (d) setParams({ date: d }, { replace: true });
  };

  const onRemindAll = async () => {
    if (!settled) return;
    // Like Remind Absentees, sending every reminder of the range asks first (issue 9).
    const count = plural(rows.length, 'reminder');
    if (!(await confirm({ title: 'Remind All', message: `Send ${count} to the owners now?`, confirmLabel: 'Send reminders' })))
      return;
    send.mutate(settled, {
      onSuccess: (res) => {
        notify.success(REMINDERS_QUEUED);
        const parts = [`${plural(res.queued, 'message')} queued`];
        if (res.alreadySent) parts.push(`${plural(res.alreadySent, 'owner')} already reminded`);
        if (res.unreachable) parts.push(`${plural(res.unreachable, 'owner')} not reachable by email`);
        notify.info(parts.join(' · '));
      },
      onError: () => notify.error(SEND_FAILED),
    });
  };

  const onRetry = (m: SentMessage) => {
    setRetrying(m._id);
    retry.mutate(m._id, {
      onSuccess: (res) => notify.success(res.message),
      onError: (err) => notify.error(errorMessage(err)),
      onSettled: () => setRetrying(null),
    });
  };

  let body: React.ReactNode;
  if (!settled || list.isPending) {
    body = <LoadingState label="Loading reminders..." />;
  } else if (list.isError) {
    body = <ErrorState title="Could not load reminders" message={list.error.message} onRetry={() => list.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<IconBell size={26} />}
        title="No Reminders for Chosen Date"
        hint="Choose another date or one of the presets above."
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        {list.data?.truncated ? (
          <Alert color="yellow" variant="light">
            Showing the first {rows.length} reminders. Choose a shorter range to see the rest.
          </Alert>
        ) : null}
        <RemindersTable rows={rows} showAttendance={settled.filter === 'overdue'} />
      </Stack>
    );
  }

  let messagesBody: React.ReactNode;
  if (!settled || sent.isPending) {
    messagesBody = <LoadingState label="Loading messages..." />;
  } else if (sent.isError) {
    messagesBody = <ErrorState title="Could not load messages" message={sent.error.message} onRetry={() => sent.refetch()} />;
  } else if (messages.length === 0) {
    messagesBody = (
      <EmptyState
        icon={<IconMail size={26} />}
        title="No messages for these dates yet"
        hint="Messages appear here once reminders are sent."
      />
    );
  } else {
    const count = (s: SentMessage['status']) => messages.filter((m) => m.status === s).length;
    messagesBody = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {count('sent')} sent · {count('queued') + count('sending')} on the way · {count('failed')} failed ·{' '}
          {count('unreachable')} not reachable by email
        </Text>
        <MessagesTable rows={messages} onRetry={onRetry} retrying={retrying} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Reminders"
        subtitle={
          tab === 'vaccinations'
            ? 'Vaccinations overdue and coming due; remind their owners by email.'
            : range
              ? describe(range, preset, today)
              : 'Follow-ups and birthdays.'
        }
        actions={
          // Vaccinations due has its own Remind owner and Remind all shown.
          tab === 'vaccinations' ? undefined : (
            <Button
              leftSection={<IconSend size={18} />}
              onClick={() => void onRemindAll()}
              loading={send.isPending}
              disabled={!settled || rows.length === 0 || list.isPending}
            >
              Remind All
            </Button>
          )
        }
      />
      <Card withBorder radius="lg" padding="md">
        {/* The presets and the date choose follow-ups and birthdays; Vaccinations due has its own range. */}
        <Group
          justify="space-between"
          align="flex-end"
          wrap="wrap"
          gap="sm"
          mb="md"
          display={tab === 'vaccinations' ? 'none' : undefined}
        >
          <Group gap="xs" wrap="wrap" role="group" aria-label="Presets">
            {REMINDER_PRESETS.map((p) => (
              <Button
                key={p}
                size="xs"
                radius="xl"
                variant={preset === p ? 'filled' : 'default'}
                aria-pressed={preset === p}
                onClick={() => choosePreset(p)}
              >
                {REMINDER_PRESET_LABEL[p]}
              </Button>
            ))}
          </Group>
          <DatePickerInput
            label="Date"
            placeholder="Pick a date"
            value={date ?? (range && range.from === range.to ? range.from : null)}
            onChange={chooseDate}
            valueFormat={DATE_INPUT_FORMAT}
            leftSection={<IconCalendar size={18} />}
            w={{ base: '100%', xs: 220 }}
            popoverProps={{ withinPortal: true }}
          />
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="reminders" leftSection={<IconBell size={16} />}>
              Reminders
              {settled && list.data ? (
                <Badge size="xs" variant="light" ml={6}>
                  {rows.length}
                </Badge>
              ) : null}
            </Tabs.Tab>
            <Tabs.Tab value="messages" leftSection={<IconMail size={16} />}>
              Messages
              {settled && sent.data ? (
                <Badge size="xs" variant="light" ml={6}>
                  {messages.length}
                </Badge>
              ) : null}
            </Tabs.Tab>
            <Tabs.Tab value="vaccinations" leftSection={<IconVaccine size={16} />}>
              Vaccinations due
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="reminders">{body}</Tabs.Panel>
          <Tabs.Panel value="messages">{messagesBody}</Tabs.Panel>
          <Tabs.Panel value="vaccinations">
            <VaccinationsDuePanel />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </>
  );
}

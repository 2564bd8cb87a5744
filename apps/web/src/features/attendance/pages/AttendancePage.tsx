import '@mantine/dates/styles.css';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ABSENTEE_REMINDERS_QUEUED, type AttendanceEntry, formatDate, isIsoDate } from '@pawdesk/shared';
import { IconBellRinging, IconCalendar, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';
import { useAttendanceList } from '../api/get-attendance';
import { useBusinessToday } from '../api/get-business-today';
import { useRemindAbsentees } from '../api/remind-absentees';
import { useUpdateAttendance } from '../api/update-attendance';
import { AttendanceSheet } from '../components/AttendanceSheet';
import { DATE_INPUT_FORMAT, DATE_INPUT_PLACEHOLDER } from '../../../components/dates/date-text';

/** Spec 000 §8: the confirmation text, verbatim (trailing space included). */
const REMIND_CONFIRM = 'Reminders will be send to absentees ';
const REMIND_FAILED = 'Error sending reminders';

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

export default function AttendancePage() {
  const [params, setParams] = useSearchParams();
  const { today, ready } = useBusinessToday();
  const param = params.get('date');
  const date = param && isIsoDate(param) ? param : today;
  // Inputs are debounced by 1 s (spec 000 §5, §9); the first load is immediate.
  const debounced = useDebounced(date, 1000);
  const settling = debounced !== date;
  const list = useAttendanceList(debounced, ready || Boolean(param));
  const save = useUpdateAttendance();
  const remind = useRemindAbsentees();
  /** Local ticks by follow-up id, over the server's state; kept across date changes until saved. */
  const [marks, setMarks] = useState<Record<string, boolean>>({});

  const rows = list.data ?? [];
  const checked = (r: AttendanceEntry) => marks[r._id] ?? r.present;
  const changed = (r: AttendanceEntry) => marks[r._id] !== undefined && marks[r._id] !== r.present;
  const changes = rows.filter(changed).length;
  const unmarked = rows.filter((r) => !r.marked && !changed(r)).length;
  const present = rows.filter(checked).length;
  const absent = rows.filter((r) => !checked(r) && (r.marked || changed(r))).length;
  const dirty = changes > 0 || unmarked > 0;

  const setDate = (d: string | null) => {
    if (!d) return;
    setParams(d === today ? {} : { date: d }, { replace: true });
  };

  const onToggle = (r: AttendanceEntry, value: boolean) => setMarks((m) => ({ ...m, [r._id]: value }));

  const onSave = () => {
    const presentIds = rows.filter(checked).map((r) => r._id);
    const absentIds = rows.filter((r) => !checked(r)).map((r) => r._id);
    save.mutate(
      { date: debounced, presentIds, absentIds },
      {
        onSuccess: (res) => {
          setMarks((m) => {
            const next = { ...m };
            for (const r of res.attendance.List) delete next[r._id];
            return next;
          });
          notify.success(res.message);
        },
        // Spec 000 §8: the server's message; the ticks stay so nothing is lost.
        onError: (err) => notify.error(serverMessage(err, 'Failed to save attendance')),
      },
    );
  };

  const onRemind = async () => {
    if (!(await confirm({ title: 'Remind Absentees', message: REMIND_CONFIRM, confirmLabel: 'Send reminders' }))) return;
    remind.mutate(debounced, {
      onSuccess: (res) => {
        notify.success(ABSENTEE_REMINDERS_QUEUED);
        if (res.queued + res.unreachable + res.alreadySent === 0) notify.info('No pet was marked absent on this date.');
        else {
          const parts = [`${plural(res.queued, 'message')} queued`];
          if (res.alreadySent) parts.push(`${plural(res.alreadySent, 'owner')} already reminded`);
          if (res.unreachable) parts.push(`${plural(res.unreachable, 'owner')} not reachable by email`);
          notify.info(parts.join(' · '));
        }
      },
      onError: () => notify.error(REMIND_FAILED),
    });
  };

  let body: React.ReactNode;
  if (settling || list.isPending) {
    body = <LoadingState label="Loading scheduled visits..." />;
  } else if (list.isError && !list.data) {
    body = <ErrorState title="Could not load scheduled visits" message={list.error.message} onRetry={() => list.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<IconCalendar size={26} />}
        title="No followup was scheduled for the chosen date."
        hint="Select a different date to view scheduled visits"
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {plural(rows.length, 'scheduled visit')} · {present} present · {absent} absent
          {unmarked ? ` · ${unmarked} not marked yet` : ''}
          {changes ? ` · ${plural(changes, 'unsaved change')}` : ''}
        </Text>
        <AttendanceSheet rows={rows} checked={checked} changed={changed} onToggle={onToggle} disabled={save.isPending} />
      </Stack>
    );
  }

  const hasRows = !settling && rows.length > 0;
  return (
    <>
      <PageHeader
        title="Scheduled Visits"
        subtitle={`Attendance for ${formatDate(date)}${date === today ? ' (today)' : ''}`}
        actions={
          <>
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              onClick={onSave}
              loading={save.isPending}
              disabled={!hasRows || remind.isPending}
            >
              Save Changes
            </Button>
            <Button
              variant="light"
              leftSection={<IconBellRinging size={18} />}
              onClick={onRemind}
              loading={remind.isPending}
              disabled={!hasRows || dirty || save.isPending}
              title={dirty ? 'Save changes first so reminders go to the right owners' : undefined}
            >
              Remind Absentees
            </Button>
          </>
        }
      />
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" align="flex-end" mb="md" wrap="wrap" gap="sm">
          <DatePickerInput
            label="Date"
            value={date}
            onChange={setDate}
            valueFormat={DATE_INPUT_FORMAT}
            placeholder={DATE_INPUT_PLACEHOLDER}
            leftSection={<IconCalendar size={18} />}
            w={{ base: '100%', xs: 240 }}
            popoverProps={{ withinPortal: true }}
          />
          {hasRows ? (
            <Text size="sm" c="dimmed" maw={460}>
              Tick the pets that came in, then Save Changes; unticked pets are recorded as absent.
              {dirty ? ' Save before sending reminders to absentees.' : ''}
            </Text>
          ) : null}
        </Group>
        {body}
      </Card>
    </>
  );
}

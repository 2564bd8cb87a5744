import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '@pawdesk/shared/dates';
import { formatINR } from '@pawdesk/shared/money';
import { IconCalendarEvent, IconStethoscope } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/dates/DateField';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverAnswered } from '../../../lib/api-client';
import { useBusinessToday } from '../../../lib/endpoints/reminders';
import { submitOnce, useSubmissionKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { useOnlineAppointments } from '../api/get-online-appointments';
import type { Appointment } from '../api/types';
import { useUpdateAppointmentStatus } from '../api/update-appointment-status';
import {
  ACTION_STATUS,
  APPOINTMENT_TEXT as M,
  type StaffAction,
  saidOr,
  serviceNameOf,
  statusUpdated,
} from '../components/appointment-view';
import { newVisitState } from '../components/new-visit-link';
import { StaffAppointmentCard } from '../components/StaffAppointmentCard';
import { StatusChangeModal } from '../components/StatusChangeModal';

/** /staff/onlinecustomerappointment (spec 001 §2, issue 19): a day's online appointments and their status changes. */
export default function OnlineAppointmentsPage() {
  const today = useBusinessToday();
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? today;
  const list = useOnlineAppointments(date.length === 10 ? date : '');
  const update = useUpdateAppointmentStatus();
  const submission = useSubmissionKey();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ appointment: Appointment; action: 'complete' | 'notVisited' } | null>(null);
  const [completed, setCompleted] = useState<Appointment | null>(null);

  const change = async (a: Appointment, action: StaffAction, notes?: string) => {
    const status = ACTION_STATUS[action];
    setBusy(a._id);
    try {
      const text = status === 'completed' ? { visitNotes: notes } : status === 'cancelled' ? { reason: notes } : {};
      await submitOnce(submission, (key) => update.mutateAsync({ id: a._id, status, ...text, idempotencyKey: key }), {
        retries: 2,
        scope: `${a._id}:${status}`,
      });
      notify.success(statusUpdated(status));
      setAsking(null);
      if (status === 'completed') setCompleted(a);
    } catch (err) {
      notify.error(saidOr(err, M.updateFailed), err);
    } finally {
      setBusy(null);
    }
  };

  const onAction = (a: Appointment, action: StaffAction) => {
    if (action === 'confirm') void change(a, action);
    else setAsking({ appointment: a, action });
  };

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState label="Loading appointments..." />;
  else if (list.isError)
    body = (
      <ErrorState
        title={M.fetchFailed}
        message={serverAnswered(list.error) ? saidOr(list.error, M.fetchFailed) : M.loadError}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.length === 0)
    body = (
      <EmptyState
        icon={<IconCalendarEvent size={26} />}
        title="No appointments on this day"
        hint={`Nobody booked online for ${formatDate(date)}. Choose another day.`}
      />
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        {list.data.map((a) => (
          <StaffAppointmentCard key={a._id} appointment={a} onAction={onAction} busy={busy === a._id} />
        ))}
      </SimpleGrid>
    );

  const visit = completed ? newVisitState(completed) : null;
  return (
    <Stack gap="md">
      <PageHeader title="Online Customer Appointments" subtitle="Bookings made by pet owners online, by day." />
      <Group align="flex-end" gap="sm">
        <DateField label="Date" value={date} onChange={(d) => setPicked(d)} maw={220} />
        {date !== today ? (
          <Button variant="default" onClick={() => setPicked(null)}>
            Today
          </Button>
        ) : null}
        {list.data ? (
          <Text size="sm" c="dimmed" pb={8}>
            {list.data.length} appointment{list.data.length === 1 ? '' : 's'}
          </Text>
        ) : null}
      </Group>
      {body}
      <StatusChangeModal
        target={asking}
        saving={busy !== null}
        onClose={() => setAsking(null)}
        onSubmit={(notes) => asking && void change(asking.appointment, asking.action, notes)}
      />
      <Modal opened={completed !== null} onClose={() => setCompleted(null)} title="Record the visit?" centered>
        {completed ? (
          <Stack gap="sm">
            <Text size="sm">
              {completed.petName}&apos;s {serviceNameOf(completed)} is completed. Open New Visit to record it, with{' '}
              {serviceNameOf(completed)} chosen.
              {visit && visit.paidOnline > 0
                ? ` ${formatINR(visit.paidOnline)} was paid online for it: New Visit applies it to the visit and collects only the rest.`
                : ''}
            </Text>
            {visit ? null : (
              <Text size="sm" c="dimmed">
                This appointment names no pet record, so find the pet in Pet Records first.
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setCompleted(null)}>
                Not now
              </Button>
              <Button
                leftSection={<IconStethoscope size={16} />}
                onClick={() => {
                  setCompleted(null);
                  if (visit) navigate('/staff/nvisit', { state: visit });
                  else navigate('/staff/history');
                }}
              >
                {visit ? 'Open New Visit' : 'Go to Pet Records'}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

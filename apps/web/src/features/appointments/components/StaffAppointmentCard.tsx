import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconCheck, IconCircleCheck, IconUserX } from '@tabler/icons-react';
import { Money } from '../../../components/Money';
import type { Appointment } from '../api/types';
import { importedGapOf, type StaffAction, serviceNameOf, staffActions, whenOf } from './appointment-view';
import { CardHead, Fact, Facts, PickupFact } from './AppointmentFacts';

const customerOf = (a: Appointment) =>
  a.customerId && typeof a.customerId === 'object' ? a.customerId : { fullName: '—', email: '—' };

const ACTION_BUTTON: Record<StaffAction, { label: string; color?: string; variant: string; icon: React.ReactNode }> = {
  confirm: { label: 'Confirm Appointment', variant: 'filled', icon: <IconCheck size={16} /> },
  complete: { label: 'Mark as Visited/Completed', variant: 'filled', color: 'green', icon: <IconCircleCheck size={16} /> },
  notVisited: { label: 'Mark as Not Visited', variant: 'light', color: 'red', icon: <IconUserX size={16} /> },
};

/** A day's online appointment for the desk: who, what, when, and the actions its status allows. */
export function StaffAppointmentCard({
  appointment: a,
  onAction,
  busy,
}: {
  appointment: Appointment;
  onAction: (a: Appointment, action: StaffAction) => void;
  busy: boolean;
}) {
  const c = customerOf(a);
  const gap = importedGapOf(a);
  const actions = staffActions(a.status, a.kind, gap === null);
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-label={`${c.fullName}: ${serviceNameOf(a)}`}
      data-testid="online-appointment"
    >
      <Stack gap="sm">
        <CardHead title={c.fullName} status={a.status} />
        <Text size="sm" c="dimmed" mt={-8} style={{ overflowWrap: 'anywhere' }}>
          {c.email}
        </Text>
        <Facts>
          <Fact label="Service">{serviceNameOf(a)}</Fact>
          <Fact label="Date">{whenOf(a)}</Fact>
          <Fact label="Pet">{a.petBreed ? `${a.petName} (${a.petBreed})` : a.petName}</Fact>
          <Fact label="Amount">
            <Money value={a.totalAmount} />
          </Fact>
          <PickupFact pickup={a.pickup} />
        </Facts>
        {a.notes ? <Text size="sm">Notes: {a.notes}</Text> : null}
        {a.visitNotes ? (
          <Text size="sm" c="dimmed">
            Visit notes: {a.visitNotes}
          </Text>
        ) : null}
        {gap && (a.status === 'pending' || a.status === 'confirmed') ? (
          <Text size="xs" c="dimmed" data-testid="imported-booking">
            {gap}.
          </Text>
        ) : null}
        {a.kind === 'stay' && a.status === 'confirmed' ? (
          <Text size="xs" c="dimmed">
            A stay: check the pet in at{' '}
            <Anchor component={Link} to="/staff/reservations" size="xs">
              Reservations
            </Anchor>{' '}
            on its first day.
          </Text>
        ) : null}
        {actions.length > 0 ? (
          <Group gap="xs" justify="flex-end">
            {actions.map((act) => {
              const b = ACTION_BUTTON[act];
              return (
                <Button
                  key={act}
                  size="sm"
                  variant={b.variant}
                  color={b.color}
                  leftSection={b.icon}
                  disabled={busy}
                  onClick={() => onAction(a, act)}
                >
                  {b.label}
                </Button>
              );
            })}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

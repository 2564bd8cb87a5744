import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { InlineErrorState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useMyAppointments } from '../api/get-my-appointments';
import { APPOINTMENT_TEXT, serviceNameOf, whenOf } from './appointment-view';
import { StatusBadge } from './AppointmentFacts';
import { DashboardCard } from './DashboardCard';
import { upcomingOf } from './upcoming';

/** The customer dashboard's Upcoming Appointments (issue 19): the next few that are not final, from real data. */
export function UpcomingAppointmentsCard({ count = 3 }: { count?: number }) {
  const { user } = useAuth();
  const list = useMyAppointments(user?.customer_id ?? user?.id);
  const next = list.data ? upcomingOf(list.data, count) : [];
  return (
    <DashboardCard
      id="upcoming-appointments-title"
      title="Upcoming Appointments"
      icon={<IconCalendarEvent />}
      aside={
        <Anchor component={Link} to="/customer/seeappointment" size="sm">
          My Appointments
        </Anchor>
      }
    >
      {list.isPending ? (
        <Stack gap={6} aria-label="Loading appointments" role="status">
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : list.isError ? (
        <InlineErrorState message={serverMessage(list.error, APPOINTMENT_TEXT.fetchFailed)} onRetry={() => void list.refetch()} />
      ) : next.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            No upcoming appointments.
          </Text>
          <Button component={Link} to="/customerservice" size="xs" variant="light">
            Book a service
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {next.map((a) => (
            <Group key={a._id} component="li" justify="space-between" wrap="nowrap" gap="xs" data-testid="upcoming-appointment">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {serviceNameOf(a)} · {a.petName}
                </Text>
                <Text size="xs" c="dimmed">
                  {whenOf(a)}
                </Text>
              </div>
              <StatusBadge status={a.status} />
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPaw, IconSearch } from '@tabler/icons-react';
import { DEFAULT_OWNER_CANCEL_WINDOW_HOURS } from '@pawdesk/shared/appointments/rules';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { myPetsQuery } from '../../../lib/endpoints/customer';
import { useBookableServices } from '../api/get-services';
import { BookingForm } from '../components/BookingForm';
import { BOOKING_MESSAGES as M } from '../components/booking-form';
import { chosenService } from '../components/chosen-service';

function Booking() {
  const { user } = useAuth();
  const { state } = useLocation();
  const [params] = useSearchParams();
  const services = useBookableServices();
  const pets = useQuery(myPetsQuery());

  if (services.isPending || pets.isPending) return <LoadingState label="Loading the booking form..." />;
  if (services.isError)
    return (
      <ErrorState
        title="Could not load the services"
        message={serverMessage(services.error, 'Failed to fetch services')}
        onRetry={() => void services.refetch()}
      />
    );
  if (pets.isError)
    return <ErrorState title="Failed to fetch pets" message={pets.error.message} onRetry={() => void pets.refetch()} />;

  const service = chosenService(services.data.services, state, params.get('service'));
  if (!service)
    return (
      <EmptyState
        icon={<IconSearch size={26} />}
        title={M.serviceNotFound}
        hint="Choose the service you want to book from Our Services."
        action={
          <Button component={Link} to="/customerservice" leftSection={<IconArrowLeft size={16} />}>
            Back to Our Services
          </Button>
        }
      />
    );
  if (pets.data.length === 0)
    return (
      <EmptyState
        icon={<IconPaw size={26} />}
        title={M.registerPet}
        hint={`An appointment is booked for one of your pets. Register your pet, then book ${service.name}.`}
        action={
          <Button component={Link} to="/customer/petform">
            Register New Pet
          </Button>
        }
      />
    );
  return (
    <BookingForm
      key={service._id}
      service={service}
      pets={pets.data}
      user={user!}
      fareRule={services.data.pickupFare}
      earliest={services.data.earliestDate}
    />
  );
}

/** /customer/bookservice and /customer/bookappointment (issue 19): book the service chosen on Our Services. */
export default function BookAppointmentPage() {
  const windowHours = useBookableServices().data?.ownerCancelWindowHours ?? DEFAULT_OWNER_CANCEL_WINDOW_HOURS;
  return (
    <RequireCustomer>
      <PageHeader
        title="Book Appointment"
        subtitle="Choose your pet, a day and a time; add pickup & drop if you like."
        actions={
          <Group gap="xs">
            <Button component={Link} to="/customer/seeappointment" variant="default">
              My Appointments
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <Booking />
        <Text size="xs" c="dimmed" maw={720}>
          Paid online and cancelled at least {windowHours} hours before the slot: refunded in full. Later, our{' '}
          <Anchor component={Link} to="/refundpolicy" size="xs">
            refund policy
          </Anchor>{' '}
          applies.
        </Text>
      </Stack>
    </RequireCustomer>
  );
}

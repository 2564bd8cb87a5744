import { Alert, Anchor, Button, SimpleGrid, Text } from '@mantine/core';
import { MIN_AGE_MONTHS } from '@pawdesk/shared/catalog';
import { IconCalendarPlus, IconInfoCircle, IconPaw } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Service } from '@pawdesk/shared';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAuth } from '../../../lib/auth';
import { useBusiness } from '../../../lib/business';
import { servicesErrorMessage, useServices } from '../api/services';
import { bookingPath, ServiceCard } from '../components/ServiceCard';
import classes from '../components/site.module.css';

export default function CustomerServicePage() {
  const { user, isAuthenticated } = useAuth();
  const b = useBusiness();
  const navigate = useNavigate();
  const services = useServices();
  const isCustomer = isAuthenticated && user?.role === 'customer';

  /**
   * Book Now: the booking page with the service (its visit type) in the address, so it survives the login a signed-out
   * visitor is sent through, and in navigation state as before.
   */
  const book = (service: Service) => {
    const target = bookingPath(service.visitTypeId ?? service.visitType);
    navigate(target, {
      state: {
        service: {
          _id: service._id,
          visitTypeId: service.visitTypeId,
          name: service.name,
          price: service.price,
          duration: service.duration,
        },
      },
    });
  };

  let content: ReactNode;
  if (services.isPending) {
    content = <LoadingState label="Loading services..." />;
  } else if (services.isError) {
    content = (
      <ErrorState
        title="Could not load services"
        message={servicesErrorMessage(services.error)}
        onRetry={() => void services.refetch()}
      />
    );
  } else if (services.data.length === 0) {
    content = (
      <EmptyState
        icon={<IconPaw size={26} />}
        title="No services are available right now"
        hint={`Please check back soon or call us on ${b.phone}.`}
      />
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {services.data.map((s) => (
          <ServiceCard
            key={s._id}
            order={2}
            name={s.name}
            description={s.description}
            duration={s.duration}
            price={s.price}
            action={
              <Button
                fullWidth
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
                onClick={() => book(s)}
                aria-label={`Book Now: ${s.name}`}
              >
                Book Now
              </Button>
            }
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <div className={classes.page}>
      <div className={classes.band}>
        <PageHeader title="Our Services" subtitle={`Choose a service to book an appointment at ${b.name}, Gurugram.`} />
      </div>
      {!isCustomer ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle />} mb="lg">
          <Text size="sm">
            Booking is for registered pet owners.{' '}
            <Anchor component={Link} to="/login" size="sm">
              Login
            </Anchor>{' '}
            or{' '}
            <Anchor component={Link} to="/signup" size="sm">
              sign up
            </Anchor>{' '}
            to book. A dog must be at least {MIN_AGE_MONTHS} months old with core vaccinations.
          </Text>
        </Alert>
      ) : null}
      {content}
    </div>
  );
}

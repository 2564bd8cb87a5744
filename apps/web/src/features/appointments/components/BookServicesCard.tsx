import { Button, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { InlineErrorState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { useBookableServices } from '../api/get-services';
import { DashboardCard } from './DashboardCard';

/**
 * The customer dashboard's Book Services (spec 001 §2, issue 19): the bookable services (every visit type but Buy
 * Subscription, Shop and Inquiry); a click goes to /customer/bookservice with the service in navigation state.
 */
export function BookServicesCard() {
  const navigate = useNavigate();
  const services = useBookableServices();
  return (
    <DashboardCard id="book-services-title" title="Book Services" icon={<IconCalendarPlus />}>
      {services.isPending ? (
        <SimpleGrid cols={2} spacing="xs" role="status" aria-label="Loading services">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </SimpleGrid>
      ) : services.isError ? (
        <InlineErrorState
          message={serverMessage(services.error, 'Failed to fetch services')}
          onRetry={() => void services.refetch()}
        />
      ) : services.data.services.length === 0 ? (
        <Text size="sm" c="dimmed">
          No services can be booked online just now.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
          {services.data.services.map((s) => (
            <Button
              key={s._id}
              variant="light"
              size="sm"
              onClick={() =>
                navigate('/customer/bookservice', { state: { service: { _id: s._id, name: s.name, price: s.price } } })
              }
            >
              {s.name}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </DashboardCard>
  );
}

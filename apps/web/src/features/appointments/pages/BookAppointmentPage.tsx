import { Text } from '@mantine/core';
import { formatINR } from '@pawdesk/shared/money';
import { useLocation } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

/** The service the services page sent in navigation state (spec 001 §2), if any. */
function chosenService(state: unknown): { name: string; price: number } | null {
  const s = (state as { service?: { name?: unknown; price?: unknown } } | null)?.service;
  return s && typeof s.name === 'string' && typeof s.price === 'number' ? { name: s.name, price: s.price } : null;
}

export default function BookAppointmentPage() {
  const service = chosenService(useLocation().state);
  return (
    <ComingSoon
      title="Book Appointment"
      back={[
        { label: 'Back to Our Services', to: '/customerservice' },
        { label: 'Your dashboard', to: '/customer/dashboard' },
      ]}
    >
      {service ? (
        <Text size="sm" data-testid="chosen-service">
          You chose <b>{service.name}</b> ({formatINR(service.price)}). Online booking is not open yet: call us to book it.
        </Text>
      ) : null}
    </ComingSoon>
  );
}

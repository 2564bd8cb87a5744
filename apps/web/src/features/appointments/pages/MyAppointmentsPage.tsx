import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { IconCalendarPlus, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverAnswered } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCustomerCheckout } from '../../../lib/customer-checkout';
import { submitOnce, useSubmissionKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { useCancelAppointment } from '../api/cancel-appointment';
import { fetchCancelQuote } from '../api/get-cancel-quote';
import { bookableServicesQuery } from '../api/get-services';
import { payAppointmentOnline } from '../api/pay-online';
import { useMyAppointments } from '../api/get-my-appointments';
import type { Appointment } from '../api/types';
import { APPOINTMENT_TEXT as M, cancelPrompt, dayOf, saidOr, statusUpdated } from '../components/appointment-view';
import { BOOKING_MESSAGES } from '../components/booking-form';
import { MyAppointmentCard } from '../components/MyAppointmentCard';

/** After the online checkout the server's success address lands here with ?paid=1 (or ?pending=1). */
function PaidNote() {
  const [params, setParams] = useSearchParams();
  if (params.get('paid') !== '1' && params.get('pending') !== '1') return null;
  const paid = params.get('paid') === '1';
  return (
    <Alert
      color={paid ? 'green' : 'yellow'}
      variant="light"
      icon={<IconCircleCheck size={18} />}
      title={paid ? BOOKING_MESSAGES.booked : 'Payment being confirmed'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => setParams({}, { replace: true })}
      role="status"
    >
      {paid
        ? 'Your payment was received. We will confirm the appointment shortly.'
        : 'The payment provider has not confirmed the payment yet. It shows here as soon as it does.'}
    </Alert>
  );
}

/** To Our Services (the page header, and the empty state). */
const BookServiceButton = () => (
  <Button component={Link} to="/customerservice" leftSection={<IconCalendarPlus size={16} />}>
    Book a service
  </Button>
);

export function loadErrorMessage(err: unknown): string {
  // The server answered: its reason (or the spec's fallback); no answer at all: the spec's console message.
  return serverAnswered(err) ? saidOr(err, M.fetchFailed) : M.loadError;
}

function Appointments() {
  const { user } = useAuth();
  const customerId = user?.customer_id ?? user?.id;
  const list = useMyAppointments(customerId);
  const cancel = useCancelAppointment(customerId);
  const submission = useSubmissionKey();
  // The owner's cancel window (an admin setting; the services answer carries it).
  const windowHours = useQuery(bookableServicesQuery()).data?.ownerCancelWindowHours ?? 24;
  const [busy, setBusy] = useState<string | null>(null);
  const checkout = useCustomerCheckout();
  // The appointment Pay now was pressed for (busy while its checkout is open or the browser is leaving).
  const [paying, setPaying] = useState<string | null>(null);

  // Pay now: a new checkout for the appointment (the server sets the amount); it returns here like the booking's.
  const onPay = async (a: Appointment) => {
    setPaying(a._id);
    await checkout.pay({
      createOrder: (key) => payAppointmentOnline(a._id, key),
      orderFailed: M.payFailed,
      description: `${a.serviceName} for ${a.petName} on ${dayOf(a.appointmentDate)}`,
      prefill: { name: user?.fullName, email: user?.email, contact: user?.phone ?? undefined },
      scope: `pay:${a._id}`,
    });
  };

  const onCancel = async (a: Appointment) => {
    setBusy(a._id);
    try {
      let message: string;
      try {
        message = cancelPrompt(a, await fetchCancelQuote(a._id), windowHours);
      } catch (err) {
        notify.error(saidOr(err, M.cancelFailed), err);
        return;
      }
      const ok = await confirm({ title: 'Cancel appointment', message, confirmLabel: 'Cancel appointment', danger: true });
      if (!ok) return;
      try {
        await submitOnce(submission, (key) => cancel.mutateAsync({ id: a._id, idempotencyKey: key }), {
          retries: 2,
          scope: a._id,
        });
        notify.success(statusUpdated('cancelled'));
      } catch (err) {
        notify.error(saidOr(err, M.cancelFailed), err);
      }
    } finally {
      setBusy(null);
    }
  };

  if (list.isPending) return <LoadingState label="Loading your appointments..." />;
  if (list.isError) {
    if (!serverAnswered(list.error)) console.error(list.error);
    return <ErrorState title={M.fetchFailed} message={loadErrorMessage(list.error)} onRetry={() => void list.refetch()} />;
  }
  if (list.data.length === 0)
    return (
      <EmptyState
        title="No appointments yet"
        hint="Book grooming, a vet visit, a stay and more from Our Services."
        action={<BookServiceButton />}
      />
    );
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        {list.data.map((a) => (
          <MyAppointmentCard
            key={a._id}
            appointment={a}
            onCancel={onCancel}
            cancelling={busy === a._id}
            onPay={onPay}
            paying={checkout.busy && paying === a._id}
          />
        ))}
      </SimpleGrid>
      {checkout.element}
    </>
  );
}

/** /customer/seeappointment (issue 19): the customer's appointments as cards, cancel when pending or confirmed. */
export default function MyAppointmentsPage() {
  return (
    <RequireCustomer>
      <PageHeader
        title="My Appointments"
        subtitle="Your bookings and stay requests. Cancel one that is pending or confirmed."
        actions={<BookServiceButton />}
      />
      <Stack gap="md">
        <PaidNote />
        <Appointments />
      </Stack>
    </RequireCustomer>
  );
}

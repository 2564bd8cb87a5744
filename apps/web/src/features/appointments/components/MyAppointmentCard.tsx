import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconX } from '@tabler/icons-react';
import { Money } from '../../../components/Money';
import type { Appointment } from '../api/types';
import { customerMayCancel, mayPayNow, paymentOf, serviceNameOf, shortId, whenOf } from './appointment-view';
import { CardHead, Fact, Facts, PickupFact } from './AppointmentFacts';

/** A customer's appointment (My Appointments): service, status, when, pet, total, notes, pickup, payment, short id. */
export function MyAppointmentCard({
  appointment: a,
  onCancel,
  cancelling,
  onPay,
  paying,
}: {
  appointment: Appointment;
  onCancel: (a: Appointment) => void;
  cancelling: boolean;
  /** Pay now (an online payment whose checkout was closed before paying). */
  onPay?: (a: Appointment) => void;
  paying?: boolean;
}) {
  const payNow = onPay && mayPayNow(a);
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-label={`${serviceNameOf(a)} ${shortId(a._id)}`}
      data-testid="appointment-card"
    >
      <Stack gap="sm">
        <CardHead title={serviceNameOf(a)} status={a.status} />
        <Facts>
          <Fact label="Date" testId="appointment-when">
            {whenOf(a)}
          </Fact>
          <Fact label="Pet">{a.petName}</Fact>
          <Fact label="Total" testId="appointment-total">
            <Money value={a.totalAmount} />
          </Fact>
          <Fact label="Payment" testId="appointment-payment">
            {paymentOf(a)}
          </Fact>
          <PickupFact pickup={a.pickup} />
          <Fact label="Id" testId="appointment-id">
            #{shortId(a._id)}
          </Fact>
        </Facts>
        {a.notes ? (
          <Text size="sm" c="dimmed">
            Notes: {a.notes}
          </Text>
        ) : null}
        {payNow || customerMayCancel(a.status) ? (
          <Group justify="flex-end" gap="xs">
            {payNow ? (
              <Button
                size="sm"
                leftSection={<IconCreditCard size={16} />}
                onClick={() => onPay(a)}
                loading={paying}
                aria-label={`Pay now for appointment ${shortId(a._id)}`}
              >
                Pay now
              </Button>
            ) : null}
            {customerMayCancel(a.status) ? (
              <Button
                variant="light"
                color="red"
                size="sm"
                leftSection={<IconX size={16} />}
                onClick={() => onCancel(a)}
                loading={cancelling}
                aria-label={`Cancel appointment ${shortId(a._id)}`}
              >
                Cancel
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

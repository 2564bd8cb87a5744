import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Money } from '../../../components/Money';
import type { Appointment } from '../api/types';
import { STATUS_COLOR, statusLabel } from './appointment-view';

export function StatusBadge({ status }: { status: Appointment['status'] }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="appointment-status">
      {statusLabel(status)}
    </Badge>
  );
}

/** One label and value of a card. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function Facts({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
      {children}
    </SimpleGrid>
  );
}

export function PickupFact({ pickup }: { pickup: Appointment['pickup'] }) {
  return (
    <Fact label="Pickup & drop" testId="appointment-pickup">
      {pickup ? (
        <>
          {pickup.address} ({pickup.km} km, <Money value={pickup.fare} />)
        </>
      ) : (
        'No'
      )}
    </Fact>
  );
}

export function CardHead({ title, status, extra }: { title: string; status: Appointment['status']; extra?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text fw={700} fz="md">
        {title}
      </Text>
      <Group gap={6} wrap="nowrap">
        {extra}
        <StatusBadge status={status} />
      </Group>
    </Group>
  );
}

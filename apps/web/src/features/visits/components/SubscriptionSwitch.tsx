import { Alert, Button, Group, Loader, Switch, Text } from '@mantine/core';
import type { SubscriptionDetails } from '@pawdesk/shared';
import { useState } from 'react';
import { groomingCount } from '../../../lib/subscription-rules';
import { useSubscriptionDetails } from '../api/get-subscription-details';

/**
 * The pet's active subscription for a purpose and the switch that uses it for this visit (spec 001 §4:
 * activate / cancel; the price is 0 while it is on). `active` is the subscription when switched on.
 */
export function useSubscriptionSwitch(petId: string, visitTypeId: string, purpose: string, withGroomings = false) {
  const q = useSubscriptionDetails(petId, visitTypeId);
  const [on, setOn] = useState(false);
  const sub: SubscriptionDetails | null = q.data ?? null;
  const active = on && sub ? sub : null;

  const element = q.isPending ? (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        Checking the pet's subscription...
      </Text>
    </Group>
  ) : q.isError ? (
    <Alert color="red" title="Could not check the pet's subscription">
      <Button size="xs" variant="white" color="red" onClick={() => void q.refetch()}>
        Try Again
      </Button>
    </Alert>
  ) : sub ? (
    <Alert color={on ? 'teal' : 'blue'} variant="light" title={`${purpose} subscription: ${sub.planId.name}`}>
      <Text size="sm" mb="xs">
        {sub.daysLeft} days left
        {withGroomings ? ` · ${groomingCount(sub.numberOfGroomings)} left` : ''}
      </Text>
      <Switch
        label={on ? 'Subscription activated (cancel to pay instead)' : 'Activate subscription for this visit'}
        checked={on}
        onChange={(e) => setOn(e.currentTarget.checked)}
      />
    </Alert>
  ) : (
    <Text size="sm" c="dimmed">
      No active {purpose} subscription for this pet.
    </Text>
  );

  return { subscription: sub, active, element };
}

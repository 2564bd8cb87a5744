import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CustomerSubscription } from '../../../../lib/endpoints/customer';
import {
  DAYS_LEFT_COLOR,
  daysLeftLevel,
  dayCount,
  groomingCount,
  STATUS_LABEL,
  statusOf,
} from '../../../../lib/subscription-rules';

/**
 * Beside the buy form: the subscriptions the customer's pets hold now (a plan of the same purpose renews one), with
 * their days left in the spec's colours.
 */
export function CurrentSubscriptions({ subscriptions }: { subscriptions: readonly CustomerSubscription[] | undefined }) {
  const live = (subscriptions ?? []).filter((s) => statusOf(s) !== 'inactive');
  return (
    <Card withBorder radius="lg" padding="lg" component="aside" aria-labelledby="current-subs-heading">
      <Title order={2} fz="md" id="current-subs-heading" mb="sm">
        Your pets' subscriptions
      </Title>
      {subscriptions === undefined ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : live.length === 0 ? (
        <Text size="sm" c="dimmed">
          No active subscriptions
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {live.map((s) => (
            <Group key={s._id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {s.petId.name} · {s.planId.subscriptionType.purpose}
                </Text>
                <Text size="xs" c="dimmed">
                  {statusOf(s) === 'active' ? `${groomingCount(s.numberOfGroomings)} left` : STATUS_LABEL[statusOf(s)]}
                </Text>
              </Stack>
              <Text size="sm" fw={700} c={DAYS_LEFT_COLOR[daysLeftLevel(s.daysLeft)]} style={{ flexShrink: 0 }}>
                {dayCount(s.daysLeft)} left
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed" mt="md">
        A plan of a purpose your pet already holds renews it: its days and groomings are added. Details in{' '}
        <Anchor component={Link} to="/customer/subscription" inherit>
          My Subscriptions
        </Anchor>
        .
      </Text>
    </Card>
  );
}

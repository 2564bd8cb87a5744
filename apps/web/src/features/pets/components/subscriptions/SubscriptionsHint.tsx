import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { petSubscriptionsQuery } from '../../../../lib/endpoints/subscriptions';
import { DAYS_LEFT_COLOR, daysLeftLevel, dayCount } from '../../../../lib/subscription-rules';

/**
 * The Subscriptions tile's hint: the pet's active subscriptions with their days left (coloured as in the panel), the
 * one waiting for its payment, or 'No active subscriptions'.
 */
export function SubscriptionsHint({ petId }: { petId: string }) {
  const q = useQuery({ ...petSubscriptionsQuery(petId), retry: false });
  if (!q.data) return <>Plans, days left</>;
  const live = q.data.filter((s) => s.status !== 'inactive');
  if (live.length === 0) return <>No active subscriptions</>;
  return (
    <>
      {live.map((s, i) => (
        <span key={s._id}>
          {i > 0 ? ' · ' : ''}
          {s.planId.subscriptionType.purpose}:{' '}
          {s.status === 'awaiting_payment' ? (
            'awaiting payment'
          ) : (
            <Text component="span" inherit c={DAYS_LEFT_COLOR[daysLeftLevel(s.daysLeft)]} fw={600}>
              {dayCount(s.daysLeft)} left
            </Text>
          )}
        </span>
      ))}
    </>
  );
}

import { Group, Skeleton, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Money } from '../../../components/Money';
import { InlineErrorState } from '../../../components/states';
import { useAuth } from '../../../lib/auth';
import { customerSubscriptionsQuery, myWalletQuery, subscriptionCounts } from '../../../lib/endpoints/customer';

/** The Buy subscription card's figures: active subscriptions and how many of them are expiring soon. */
export function SubscriptionFigures() {
  const { user } = useAuth();
  const q = useQuery(customerSubscriptionsQuery(user?.email));
  if (q.isPending) return <Skeleton height={28} width={160} aria-label="Loading your subscriptions" />;
  if (!q.data) return <InlineErrorState message="Failed to fetch subscriptions" onRetry={() => q.refetch()} />;
  const { active, expiringSoon } = subscriptionCounts(q.data);
  return (
    <Group gap="lg" align="baseline" data-testid="card-subscriptions">
      <Text size="sm">
        <Text span fz={24} fw={700} data-testid="card-active">
          {active}
        </Text>{' '}
        active
      </Text>
      <Text size="sm" c={expiringSoon ? 'red.8' : 'dimmed'}>
        <Text span fz={24} fw={700} data-testid="card-expiring">
          {expiringSoon}
        </Text>{' '}
        Expiring soon
      </Text>
    </Group>
  );
}

/** The Wallet Balance card's figure: the wallet's balance (the ledger's wallet account). */
export function WalletFigure() {
  const q = useInfiniteQuery(myWalletQuery());
  const first = q.data?.pages[0];
  if (q.isPending) return <Skeleton height={28} width={140} aria-label="Loading your wallet" />;
  if (!first) return <InlineErrorState message="Could not load your wallet" onRetry={() => q.refetch()} />;
  return (
    <Group gap="xs" align="baseline">
      <Text fz={24} fw={700} data-testid="card-wallet">
        <Money value={first.balance} />
      </Text>
      {first.lowBalance ? (
        <Text size="sm" c="orange.9" fw={600}>
          Low Wallet Balance
        </Text>
      ) : null}
    </Group>
  );
}

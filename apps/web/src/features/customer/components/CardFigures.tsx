import { Group, Skeleton, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Money } from '../../../components/Money';
import { InlineErrorState } from '../../../components/states';
import { useAuth } from '../../../lib/auth';
import { customerSubscriptionsQuery, myPackagesQuery, myWalletQuery, subscriptionCounts } from '../../../lib/endpoints/customer';
import { useCustomerSummary } from '../api/summary';

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

/** The Wallet Balance card's second figure: the boarding packages running now (the wallet pays their days). */
export function ActivePackagesFigure() {
  const q = useQuery(myPackagesQuery());
  if (q.isPending) return <Skeleton height={18} width={120} aria-label="Loading your packages" />;
  if (!q.data) return <InlineErrorState message="Could not load your packages" onRetry={() => q.refetch()} />;
  const active = q.data.packages.filter((p) => p.status === 'active');
  return (
    <Text size="sm" data-testid="card-packages">
      <Text span fw={700}>
        {active.length}
      </Text>{' '}
      active {active.length === 1 ? 'package' : 'packages'}
      {active.length ? `: ${active.map((p) => p.name).join(', ')}` : ''}
    </Text>
  );
}

/** The This Month card's figures: visits of the customer's pets and what they paid this month (the server's). */
export function ThisMonthFigures() {
  const q = useCustomerSummary();
  if (q.isPending) return <Skeleton height={28} width={180} aria-label="Loading this month" />;
  if (!q.data) return <InlineErrorState message="Could not load this month" onRetry={() => q.refetch()} />;
  return (
    <Group gap="lg" align="baseline" data-testid="card-month">
      <Text size="sm">
        <Text span fz={24} fw={700} data-testid="card-month-visits">
          {q.data.visits}
        </Text>{' '}
        {q.data.visits === 1 ? 'visit' : 'visits'}
      </Text>
      <Text size="sm">
        <Text span fz={24} fw={700} data-testid="card-month-spent">
          <Money value={q.data.spent} />
        </Text>{' '}
        spent
      </Text>
    </Group>
  );
}

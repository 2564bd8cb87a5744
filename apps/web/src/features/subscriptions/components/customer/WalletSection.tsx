import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { WalletMovement } from '@pawdesk/shared';
import { formatDateTime } from '@pawdesk/shared/dates';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMore } from '../../../../components/LoadMore';
import { Money } from '../../../../components/Money';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states';
import { myWalletQuery } from '../../../../lib/endpoints/customer';
import { TopUpForm } from './TopUpForm';
import { MOVEMENT_LABEL, signedINR } from './wallet';

/** One movement: what it was, when, the signed amount and the balance after it. */
function MovementRow({ m }: { m: WalletMovement }) {
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={8} data-testid="wallet-movement">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {m.description || MOVEMENT_LABEL[m.kind]}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(m.at)}
          {m.receiptNo ? ` · Receipt ${m.receiptNo}` : ''}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text
          size="sm"
          fw={600}
          c={m.kind === 'top_up_pending' ? 'dimmed' : m.amount < 0 ? 'red.8' : 'teal.8'}
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="movement-amount"
        >
          {signedINR(m.amount)}
        </Text>
        <Text size="xs" c="dimmed" data-testid="movement-balance">
          Balance <Money value={m.balanceAfter} />
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * My Subscriptions' wallet (issue 16): the balance (the ledger's wallet account), a top-up through the card checkout,
 * and every movement with the balance after it, newest first, a page at a time.
 */
export function WalletSection() {
  const q = useInfiniteQuery(myWalletQuery());
  const first = q.data?.pages[0];
  let body: React.ReactNode;
  if (q.isPending) body = <LoadingState label="Loading your wallet..." />;
  else if (!first)
    body = <ErrorState title="Could not load your wallet" message={q.error?.message ?? ''} onRetry={() => q.refetch()} />;
  else {
    const movements = (q.data?.pages ?? []).flatMap((p) => p.movements);
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Wallet balance
            </Text>
            <Group gap="xs" align="center">
              <Text fz={30} fw={700} data-testid="wallet-balance">
                <Money value={first.balance} />
              </Text>
              {first.lowBalance ? (
                <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                  Low Wallet Balance
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Text size="xs" c="dimmed" maw={260}>
            Boarding packages are charged from it day by day. Unspent money is refunded on request at the desk.
          </Text>
        </Group>
        <TopUpForm maxTopUp={first.maxTopUp} />
        <Stack gap={0}>
          <Title order={3} fz="sm">
            Movements
          </Title>
          {movements.length === 0 ? (
            <EmptyState title="No movements yet" hint="Top-ups, daily package charges, payments and refunds show here." />
          ) : (
            <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Wallet movements, newest first">
              {movements.map((m) => (
                <MovementRow key={m._id} m={m} />
              ))}
            </Stack>
          )}
          <LoadMore q={q} mt="xs" />
        </Stack>
      </Stack>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="wallet-heading" id="wallet">
      <Title order={2} fz="lg" id="wallet-heading" mb="sm">
        Wallet
      </Title>
      {body}
    </Card>
  );
}

import { Alert, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, type PetDetails } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconAlertTriangle, IconCashBanknote, IconReceiptRefund } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadMore } from '../../../../components/LoadMore';
import { TableHead } from '../../../../components/TableHead';
import { useAuth } from '../../../../lib/auth';
import { ownerWalletQuery, type WalletMovement } from '../../../../lib/endpoints/wallet';
import { RefundWalletDialog } from '../wallet/RefundWalletDialog';
import { TopUpDialog } from '../wallet/TopUpDialog';
import { MOVEMENT_LABEL, signedAmount } from '../wallet/wallet-rules';
import { Panel, PanelList } from './Panel';

const METHOD: Record<string, string> = { cash: 'Cash', card: 'Card', payment_link: 'Payment link', wallet: 'Wallet' };
const detail = (m: WalletMovement) =>
  [MOVEMENT_LABEL[m.kind], m.method ? (METHOD[m.method] ?? m.method) : null, m.receiptNo].filter(Boolean).join(' · ');
const amountColor = (m: WalletMovement) => (m.kind === 'top_up_pending' ? 'dimmed' : m.amount < 0 ? 'red.8' : 'teal.8');

function Movements({ rows }: { rows: WalletMovement[] }) {
  return (
    <>
      <Box visibleFrom="sm">
        <Table verticalSpacing="xs" striped aria-label="Wallet movements">
          <TableHead
            columns={['When', 'Description', { label: 'Amount', ta: 'right' }, { label: 'Balance after', ta: 'right' }]}
          />
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m._id} data-kind={m.kind}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.at)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{m.description}</Text>
                  <Text size="xs" c="dimmed">
                    {detail(m)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" c={amountColor(m)} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {signedAmount(m.amount)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatINR(m.balanceAfter)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Wallet movements">
        {rows.map((m) => (
          <Group
            key={m._id}
            component="li"
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <div style={{ minWidth: 0 }}>
              <Text size="sm">{m.description}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(m.at)} · {detail(m)}
              </Text>
            </div>
            <div style={{ textAlign: 'right', flexShrink: 0 }}>
              <Text size="sm" c={amountColor(m)}>
                {signedAmount(m.amount)}
              </Text>
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                Balance {formatINR(m.balanceAfter)}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </>
  );
}

/**
 * Wallet (Pet Records): the owner's prepaid wallet, its balance (the ledger's wallet account to the paisa) and every
 * movement newest first with the balance after it; Top up at the desk; admins refund the unspent balance.
 */
export function WalletPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const { user } = useAuth();
  const q = useInfiniteQuery({ ...ownerWalletQuery(pet.owner._id), retry: false });
  const [dialog, setDialog] = useState<'topup' | 'refund' | null>(null);
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.movements) ?? [];
  const balance = first?.balance ?? 0;
  return (
    <Panel
      title="Wallet"
      petName={`Owner: ${pet.owner.name}`}
      onBack={onBack}
      actions={
        first ? (
          <Button leftSection={<IconCashBanknote size={16} />} onClick={() => setDialog('topup')}>
            Top up
          </Button>
        ) : null
      }
    >
      <PanelList
        q={{ ...q, isError: q.isError && !first }}
        loading="Loading the wallet..."
        errorTitle="Could not load the wallet"
        failed="Failed to load the wallet"
        empty=""
        isEmpty={false}
      >
        {first ? (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Card withBorder radius="md" padding="sm" data-testid="wallet-balance">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Balance
                </Text>
                <Text fw={700} fz={26} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatINR(balance)}
                </Text>
                <Text size="xs" c="dimmed">
                  Pays boarding package days and, at the desk, any sale
                </Text>
              </Card>
              <Card withBorder radius="md" padding="sm">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  Top-up limit
                </Text>
                <Text fw={600} fz="lg">
                  {formatINR(first.maxTopUp)}
                </Text>
                <Text size="xs" c="dimmed">
                  At most per top-up
                </Text>
              </Card>
            </SimpleGrid>
            {first.lowBalance ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Low Wallet Balance">
                The balance is below two days of the owner's boarding package. Top up to keep it running.
              </Alert>
            ) : null}
            {rows.length ? (
              <Stack gap="sm">
                <Movements rows={rows} />
                <LoadMore q={q} label="Load more" />
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" ta="center" py="md">
                No wallet movements yet. Top up to add money.
              </Text>
            )}
            {user?.isAdmin ? (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconReceiptRefund size={16} />}
                  disabled={balance <= 0}
                  onClick={() => setDialog('refund')}
                >
                  Refund wallet balance
                </Button>
              </Group>
            ) : null}
            <TopUpDialog
              ownerId={pet.owner._id}
              ownerName={pet.owner.name}
              maxTopUp={first.maxTopUp}
              opened={dialog === 'topup'}
              onClose={() => setDialog(null)}
            />
            <RefundWalletDialog
              ownerId={pet.owner._id}
              ownerName={pet.owner.name}
              balance={balance}
              opened={dialog === 'refund'}
              onClose={() => setDialog(null)}
            />
          </Stack>
        ) : null}
      </PanelList>
    </Panel>
  );
}

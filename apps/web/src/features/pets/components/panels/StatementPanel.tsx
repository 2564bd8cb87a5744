import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatDate,
  formatINR,
  type PetDetails,
  STATEMENT_MESSAGES as M,
  type StatementEntry,
  type StatementResponse,
} from '@pawdesk/shared';
import { IconArrowsTransferDown, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Money } from '../../../../components/Money';
import { TableHead } from '../../../../components/TableHead';
import { ownerStatementQuery } from '../../../../lib/endpoints/payments';
import { ApplyToSaleModal } from '../statement/ApplyToSaleModal';
import { PrintableStatement } from '../statement/PrintableStatement';
import { balanceText, canApply, effectText, KIND_LABEL, methodText, shownEntries, signedINR } from '../statement/statement-rules';
import classes from '../statement/statement.module.css';
import { Panel, PanelList } from './Panel';

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** Due, held and the balance, with what is held on each account. */
function Totals({ s }: { s: StatementResponse }) {
  const t = s.totals;
  const held = t.unapplied + t.wallet + t.deposit;
  const parts = [
    t.unapplied ? `Unapplied ${formatINR(t.unapplied)}` : null,
    t.wallet ? `Wallet ${formatINR(t.wallet)}` : null,
    t.deposit ? `Deposit ${formatINR(t.deposit)}` : null,
  ].filter(Boolean);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <Figure
        label="Due on sales"
        value={formatINR(t.due)}
        hint={s.openSales.length ? `${s.openSales.length} sale${s.openSales.length > 1 ? 's' : ''} owing` : 'Nothing owing'}
        testId="statement-due"
      />
      <Figure
        label="Held for the owner"
        value={formatINR(held)}
        hint={parts.join(' · ') || 'Nothing held'}
        testId="statement-held"
      />
      <Figure
        label="Balance"
        value={balanceText(t.balance)}
        hint={`Net charged ${formatINR(t.charged - t.credited)} · net paid ${formatINR(t.paid - t.refunded)}`}
        testId="statement-balance"
      />
    </SimpleGrid>
  );
}

const STATUS_COLOR: Record<string, string> = { pending: 'yellow', void: 'gray', failed: 'red' };

function StatusBadge({ e }: { e: StatementEntry }) {
  return e.status === 'completed' ? null : (
    <Badge size="xs" variant="light" color={STATUS_COLOR[e.status] ?? 'gray'} style={{ flexShrink: 0 }}>
      {e.status}
    </Badge>
  );
}

const detailLine = (e: StatementEntry) => [e.petName, e.receiptNo].filter(Boolean).join(' · ');

/** Wide screens: a table of every entry. */
function EntriesTable({ rows }: { rows: StatementEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" striped aria-label="Statement entries">
        <TableHead columns={['Date', 'Description', 'Kind', 'Method', 'Amount', 'Effect', 'Balance']} />
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e._id} data-kind={e.kind} data-status={e.status}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.date)}</Table.Td>
              <Table.Td>
                <Text size="sm">{e.description}</Text>
                <Text size="xs" c="dimmed">
                  {detailLine(e)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{KIND_LABEL[e.kind]}</Text>
                  <StatusBadge e={e} />
                </Stack>
              </Table.Td>
              <Table.Td>{methodText(e)}</Table.Td>
              <Table.Td className={`${classes.num} ${e.status === 'completed' ? '' : classes.struck}`}>
                <Money value={e.amount} />
              </Table.Td>
              <Table.Td className={classes.num}>{effectText(e.effect)}</Table.Td>
              <Table.Td className={classes.num} fw={600}>
                {signedINR(e.balance)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one line of words per entry, what it does and the balance after it. */
function EntriesList({ rows }: { rows: StatementEntry[] }) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Statement entries (list)">
      {rows.map((e) => (
        <Group
          key={e._id}
          component="li"
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <div style={{ minWidth: 0 }}>
            <Text size="sm">{e.description}</Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {[
                  formatDate(e.date),
                  KIND_LABEL[e.kind],
                  e.kind === 'payment' || e.kind === 'refund' ? methodText(e) : null,
                  detailLine(e),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <StatusBadge e={e} />
            </Group>
          </div>
          <div style={{ textAlign: 'right', flexShrink: 0 }}>
            <Text size="sm" className={e.status === 'completed' ? undefined : classes.struck}>
              {e.effect ? effectText(e.effect) : formatINR(e.amount)}
            </Text>
            <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              Balance {signedINR(e.balance)}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}

function Entries({ s }: { s: StatementResponse }) {
  const rows = shownEntries(s.entries);
  return (
    <>
      <Box visibleFrom="sm">
        <EntriesTable rows={rows} />
      </Box>
      <Box hiddenFrom="sm">
        <EntriesList rows={rows} />
      </Box>
    </>
  );
}

/**
 * Account (Pet Records): the statement of the pet's owner, every charge, payment, credit, refund and transfer with
 * the running balance and the totals; "Print statement" opens the printable copy; "Apply to a sale" moves money the
 * owner holds to a sale still owing.
 */
export function StatementPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const q = useQuery({ ...ownerStatementQuery(pet.owner._id), retry: false });
  const [printing, setPrinting] = useState(false);
  const [applying, setApplying] = useState(false);
  const s = q.data;
  const applicable = s ? canApply(s) : false;
  return (
    <Panel title="Account" petName={`Owner: ${pet.owner.name}`} onBack={onBack}>
      <PanelList
        q={{ ...q, isPending: q.isPending, isError: q.isError && !s }}
        loading="Loading statement..."
        errorTitle="Could not load the statement"
        failed={M.load}
        unreachable={M.load}
        empty="No money recorded for this owner yet"
        isEmpty={!s?.entries.length}
      >
        {s ? (
          <Stack gap="md">
            <Totals s={s} />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Button
                  leftSection={<IconArrowsTransferDown size={16} />}
                  disabled={!applicable}
                  onClick={() => setApplying(true)}
                  aria-describedby="apply-hint"
                >
                  Apply to a sale
                </Button>
                <Text id="apply-hint" size="xs" c="dimmed">
                  {applicable
                    ? 'Use money held for the owner to pay a sale still owing'
                    : 'Needs money held for the owner and a sale still owing'}
                </Text>
              </Stack>
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => setPrinting(true)}>
                Print statement
              </Button>
            </Group>
            {s.openSales.length ? (
              <div>
                <Title order={3} fz="sm" mb={4}>
                  Still owing
                </Title>
                <Stack gap={2}>
                  {s.openSales.map((o) => (
                    <Group
                      key={o.visitId ?? o.boardingId ?? o.prescriptionId ?? o.subscriptionId}
                      justify="space-between"
                      gap="xs"
                    >
                      <Text size="sm">
                        {o.purpose}
                        {o.petName ? ` · ${o.petName}` : ''} · {formatDate(o.date)}
                      </Text>
                      <Text size="sm" fw={600}>
                        <Money value={o.due} /> due
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </div>
            ) : null}
            <Entries s={s} />
            <ApplyToSaleModal statement={s} opened={applying} onClose={() => setApplying(false)} />
            {printing ? <PrintableStatement statement={s} onClose={() => setPrinting(false)} /> : null}
          </Stack>
        ) : null}
      </PanelList>
    </Panel>
  );
}

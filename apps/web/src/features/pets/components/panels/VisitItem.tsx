import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, formatINR, ledgerMethodLabel, type PetVisit } from '@pawdesk/shared';
import { IconBan, IconReceiptRefund } from '@tabler/icons-react';
import { RequireAdmin } from '../../../../components/AdminOnly';
import { Money } from '../../../../components/Money';
import classes from '../pets.module.css';
import type { StatementEntry } from '../../../../lib/endpoints/payments';

/** A visit as the list answers it (with its void, and what its sale charges and credits from the ledger). */
export type ListedVisit = PetVisit;

export const STATUS_COLOR: Record<string, string> = { pending: 'yellow', completed: 'teal', failed: 'red', void: 'gray' };
const STATUS_LABEL: Record<string, string> = { pending: 'Pending', completed: 'Completed', failed: 'Failed', void: 'Void' };

export const visitLabel = (v: PetVisit) => `${v.visitType.purpose || v.purpose} of ${formatDateTime(v.createdAt)}`;

/** The visit's payment in a line: what was paid (method, receipt), what is pending and what is still due. */
export function paymentLine(v: PetVisit, money: SaleMoney = NO_MONEY): string {
  const p = v.details.payment;
  const parts: string[] = [];
  // A cancelled sale charges less than the visit's price: what it charges now, from the ledger.
  if (money.credited > 0) parts.push(`Charged ${formatINR(money.charged)}`);
  if (p.amount > 0)
    parts.push(
      `Paid ${formatINR(p.amount)}${p.methodLabel ? ` · ${p.methodLabel}` : ''}${p.receiptNo ? ` · Receipt ${p.receiptNo}` : ''}`,
    );
  else if (money.movedOut === 0) parts.push('Nothing paid');
  if (p.pendingAmount > 0) parts.push(`${formatINR(p.pendingAmount)} pending`);
  if (v.details.paymentLeft > 0) parts.push(`${formatINR(v.details.paymentLeft)} due`);
  return parts.join(' · ');
}

/**
 * The visit's sale (rupees): what it charges now and its credits (the visit list's, from the ledger; else the
 * statement's), and money moved off it to the owner's balance or applied to it from there (the statement's).
 */
export interface SaleMoney {
  /** What the sale charges now: its charges less credits. */
  charged: number;
  credited: number;
  movedOut: number;
  appliedIn: number;
}
const NO_MONEY: SaleMoney = { charged: 0, credited: 0, movedOut: 0, appliedIn: 0 };

const sum = (entries: readonly StatementEntry[], keep: (e: StatementEntry) => boolean) =>
  entries.reduce((s, e) => (keep(e) && e.status === 'completed' ? s + Math.round(e.amount * 100) : s), 0) / 100;

/** The money of a visit's sale from its statement rows (completed ones). */
export function saleMoney(v: PetVisit, entries: readonly StatementEntry[]): SaleMoney {
  const onSale = (e: StatementEntry) => e.account === 'sale';
  const p = v.details.payment;
  const credited = p.credited ?? sum(entries, (e) => e.kind === 'credit');
  return {
    charged: p.charged ?? Math.max(0, sum(entries, (e) => e.kind === 'charge') - credited),
    credited,
    movedOut: sum(entries, (e) => e.kind === 'allocation' && onSale(e) && e.direction === 'out'),
    appliedIn: sum(entries, (e) => e.kind === 'allocation' && onSale(e) && e.direction === 'in'),
  };
}

/** One refund of the visit: amount, method, status and its R/ receipt once completed. */
function RefundLine({ r }: { r: StatementEntry }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">
        Refund {formatINR(r.amount)} · {ledgerMethodLabel(r.method)}
        {r.receiptNo ? ` · Receipt ${r.receiptNo}` : ''}
      </Text>
      <Badge size="sm" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
        {STATUS_LABEL[r.status] ?? r.status}
      </Badge>
    </Group>
  );
}

/**
 * One visit of the pet's list: purpose, date, price and payment, the refunds and credits of its sale (from the owner's
 * statement); a voided visit says so with its reason; an admin gets Cancel & refund and Void visit on the others.
 */
export function VisitItem({
  visit: v,
  entries,
  lines = [],
  onCancel,
  onVoid,
  onOpen,
}: {
  visit: ListedVisit;
  /** The statement's rows of this visit's sale (charges, credits, refunds, allocations); empty without a statement. */
  entries: readonly StatementEntry[];
  /** What the visit sold, one line each ('Item: {name} (x{quantity})'). */
  lines?: readonly string[];
  onCancel: () => void;
  onVoid: () => void;
  /** Opens the visit's detail dialog. */
  onOpen?: () => void;
}) {
  const refunds = entries.filter((e) => e.kind === 'refund');
  const money = saleMoney(v, entries);
  const cancelled = money.credited > 0;
  const purpose = v.visitType.purpose || v.purpose;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={visitLabel(v)}
      data-visit-id={v._id}
      tabIndex={-1}
      className={classes.visit}
      style={{ listStyle: 'none' }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600}>{purpose}</Text>
              {v.voided ? (
                <Badge color="red" variant="filled">
                  Voided
                </Badge>
              ) : cancelled ? (
                <Badge color="gray" variant="light">
                  Cancelled
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(v.createdAt)}
            </Text>
          </div>
          <Text fw={600} style={{ whiteSpace: 'nowrap' }} td={v.voided ? 'line-through' : undefined}>
            <Money value={v.price} />
          </Text>
        </Group>
        {lines.length > 0 ? (
          <Stack gap={0} aria-label="Items">
            {lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders; an item may repeat
              <Text key={`${l}-${i}`} size="sm">
                {l}
              </Text>
            ))}
          </Stack>
        ) : null}
        <Text size="sm">{paymentLine(v, money)}</Text>
        {onOpen ? (
          <Group justify="flex-start">
            <Button size="xs" variant="light" onClick={onOpen} aria-label={`View details of ${visitLabel(v)}`}>
              View details
            </Button>
          </Group>
        ) : null}
        {cancelled && !v.voided ? (
          <Text size="sm" c="dimmed">
            Credited {formatINR(money.credited)} on cancellation
          </Text>
        ) : null}
        {money.movedOut > 0 ? (
          <Text size="sm" c="dimmed">
            {formatINR(money.movedOut)} paid moved to the owner's unapplied balance
          </Text>
        ) : null}
        {money.appliedIn > 0 ? (
          <Text size="sm" c="dimmed">
            {formatINR(money.appliedIn)} applied from the owner's balance
          </Text>
        ) : null}
        {refunds.length > 0 ? (
          <Stack gap={2} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-3)' }} aria-label="Refunds">
            {refunds.map((r) => (
              <RefundLine key={r._id} r={r} />
            ))}
          </Stack>
        ) : null}
        {v.voided ? (
          <Text size="sm" c="red.8">
            Voided: {v.voided.reason}
          </Text>
        ) : (
          <RequireAdmin fallback={null}>
            <Group gap="xs" justify="flex-end" wrap="wrap">
              {/* A sale cancels once: after it only a void is left (the quote would say it is already cancelled). */}
              {v.price > 0 && !cancelled ? (
                <Button size="xs" variant="light" leftSection={<IconReceiptRefund size={14} />} onClick={onCancel}>
                  Cancel & refund
                </Button>
              ) : null}
              <Button size="xs" variant="subtle" color="red" leftSection={<IconBan size={14} />} onClick={onVoid}>
                Void visit
              </Button>
            </Group>
          </RequireAdmin>
        )}
      </Stack>
    </Paper>
  );
}

import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { formatDate, formatINR, ledgerMethodLabel } from '@pawdesk/shared';
import type { RefundQuoteView } from '../../lib/endpoints/refunds';
import type { CancelPlan, RefundSource } from './cancel-plan';

/** One figure of the quote: label on the left, rupees on the right (a description list row). */
function Figure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text component="dt" size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={strong ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatINR(value)}
      </Text>
    </Group>
  );
}

/** How the money of one payment goes back. */
export function sourceText(s: RefundSource): string {
  const how = s.throughProvider ? 'through the provider, confirmed when it reports back' : 'refunded now';
  return `${ledgerMethodLabel(s.method)} ${formatINR(s.amount)}${s.receiptNo ? ` (receipt ${s.receiptNo})` : ''}: ${how}`;
}

/** The refund window, the figures of the cancellation and the payments the refund comes from. */
export function QuoteSummary({ quote, plan }: { quote: RefundQuoteView; plan: CancelPlan }) {
  const sourcesId = useId();
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          Sold on <b>{formatDate(quote.saleDate)}</b>; the last day to cancel with a refund is <b>{formatDate(quote.lastDay)}</b>.
        </Text>
        <Badge color={quote.withinPolicy ? 'teal' : 'orange'} variant="light">
          {quote.withinPolicy ? 'Within the refund window' : 'The refund window has passed'}
        </Badge>
      </Group>
      <Stack component="dl" gap={4} m={0} aria-label="Refund figures">
        <Figure label="Amount cancelled" value={quote.cancelled} />
        <Figure label="Paid" value={quote.paid} />
        <Figure label="Policy deduction" value={quote.deduction} />
        <Figure label={plan.overriding ? 'Credit to the sale (override)' : 'Credit to the sale'} value={plan.credit} />
        <Figure label={plan.overriding ? 'Refund (override)' : 'Refund'} value={plan.refund} strong />
        <Figure label="Kept" value={plan.kept} />
      </Stack>
      {plan.sources.length > 0 ? (
        <div>
          <Text size="sm" fw={600} id={sourcesId}>
            The refund comes from
          </Text>
          <List size="sm" spacing={2} aria-labelledby={sourcesId}>
            {plan.sources.map((s) => (
              <List.Item key={s.paymentId}>{sourceText(s)}</List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </Stack>
  );
}

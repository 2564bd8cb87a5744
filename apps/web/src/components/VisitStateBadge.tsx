import { Badge } from '@mantine/core';
import type { VisitPaymentState } from '@pawdesk/shared';

export const VISIT_STATE_LABEL: Record<VisitPaymentState, string> = {
  paid: 'Paid',
  due: 'Due',
  refunded: 'Refunded',
  voided: 'Voided',
};

const COLOR: Record<VisitPaymentState, string> = { paid: 'teal', due: 'orange', refunded: 'grape', voided: 'gray' };

/** A visit's payment state from the ledger (the Visit History search, Pets by Date's Visit History). */
export function VisitStateBadge({ state }: { state: VisitPaymentState }) {
  return (
    <Badge size="sm" variant="light" color={COLOR[state]}>
      {VISIT_STATE_LABEL[state]}
    </Badge>
  );
}

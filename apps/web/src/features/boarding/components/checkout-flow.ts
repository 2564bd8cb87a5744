import type { DeboardQuote, VisitPaymentMethod } from '@pawdesk/shared';
import type { DeskPaymentMethod } from '../../../components/payment-choice';

/**
 * Check-out at Deboard (issue 18): what one Submit of the payment options does with the stay's whole bill (the stay,
 * its extra days and the services added to it). Pure, so the rules are tested on their own.
 * - cash: the bill is taken and the pet deboarded in one call;
 * - card: the card checkout for the bill, and once it is paid the pet is deboarded (one action for staff);
 * - payment link with 'pay later': the link is sent and the pet deboarded; the bill stays owed on the owner's
 *   statement until the link is paid;
 * - payment link alone: the link is sent; the pet stays until it is paid (then Deboard).
 */

/** The methods the check-out offers, in order. */
export const CHECKOUT_METHODS: readonly VisitPaymentMethod[] = ['cash', 'card', 'payment_link'];
/** 'Pay later' at check-out is offered for a payment link only (a card is paid at the desk, now). */
export const CHECKOUT_PAY_LATER_METHODS: readonly DeskPaymentMethod[] = ['payment_link'];
export const CHECKOUT_PAY_LATER_LABEL = 'Pay later — deboard now; the amount stays owed on the owner’s statement';
export const CHECKOUT_PAY_LATER_HINT = 'Without it, the pet stays until the link is paid.';

export type CheckoutStep =
  | { kind: 'cash'; amount: number }
  | { kind: 'card'; amount: number }
  | { kind: 'link-pay-later'; amount: number }
  | { kind: 'link'; amount: number };

/** What Submit does for the method chosen (null: nothing due, or no method). */
export function checkoutStep(method: VisitPaymentMethod | null, payLater: boolean, due: number): CheckoutStep | null {
  if (!method || !(due > 0)) return null;
  if (method === 'cash') return { kind: 'cash', amount: due };
  if (method === 'card') return { kind: 'card', amount: due };
  return payLater ? { kind: 'link-pay-later', amount: due } : { kind: 'link', amount: due };
}

/** Whether the step deboards the pet (now, or once the card checkout is paid). */
export const deboards = (step: CheckoutStep | null) => step !== null && step.kind !== 'link';

/** One line of the bill as the Deboard details show it. */
export interface BillLine {
  key: string;
  label: string;
  /** ISO instant of the service, null for the stay. */
  at: string | null;
  due: number;
}

/** The bill: the stay itself (with its extra days) first, then each service on it, oldest first. */
export function billLines(quote: Pick<DeboardQuote, 'stayDue' | 'services'>, purpose: string): BillLine[] {
  return [
    { key: 'stay', label: `${purpose} stay`, at: null, due: quote.stayDue },
    ...quote.services.map((s) => ({ key: s.visitId, label: s.purpose, at: s.createdAt, due: s.due })),
  ];
}

import { formatINR } from '@pawdesk/shared/money';
import type { WalletMovementKind } from '@pawdesk/shared';

/** What each kind of wallet movement is called on the customer's list. */
export const MOVEMENT_LABEL: Record<WalletMovementKind, string> = {
  top_up: 'Top-up',
  top_up_pending: 'Top-up (awaiting payment)',
  package_day: 'Boarding package day',
  payment: 'Payment',
  refund: 'Refund',
};

/** A signed amount with a real minus sign: '+₹5,000.00', '−₹766.67'. */
export function signedINR(amount: number): string {
  if (amount > 0) return `+${formatINR(amount)}`;
  if (amount < 0) return `−${formatINR(-amount)}`;
  return formatINR(0);
}

export const TOPUP_MESSAGES = {
  required: 'Enter the amount to top up',
  positive: 'The amount must be more than ₹0.00',
  decimals: 'The amount can have at most two decimals',
  max: (max: number) => `A top-up can be at most ${formatINR(max)}`,
} as const;

/** The top-up amount's check before the checkout (the server checks it again): more than 0, at most the limit. */
export function validateTopUp(amount: number | string | null | undefined, maxTopUp: number): string | null {
  if (amount === '' || amount === null || amount === undefined) return TOPUP_MESSAGES.required;
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return TOPUP_MESSAGES.required;
  if (n <= 0) return TOPUP_MESSAGES.positive;
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return TOPUP_MESSAGES.decimals;
  if (n > maxTopUp) return TOPUP_MESSAGES.max(maxTopUp);
  return null;
}

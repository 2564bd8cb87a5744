import { PACKAGE_MESSAGES, type PackageOffer, packageDayShare, WALLET_MESSAGES } from '@pawdesk/shared';
import { formatINR, hasAtMostTwoDecimals, toPaise, toRupees } from '@pawdesk/shared/money';
import type { WalletMovementKind } from '@pawdesk/shared';

/**
 * The wallet and boarding package rules the Pet Records panels show (issue 16): what a top-up may be, what a
 * package's day costs against the wallet, and how movements read. Pure, so they are tested on their own.
 */

/** Why a desk top-up of `amount` cannot be sent, or null. The server holds the same limit (`maxTopUp`). */
export function topUpProblem(amount: number | string | null | undefined, maxTopUp: number): string | null {
  if (amount === '' || amount === null || amount === undefined) return 'Enter the amount to top up';
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n)) return 'Enter the amount to top up';
  if (n <= 0) return WALLET_MESSAGES.amountZero;
  if (!hasAtMostTwoDecimals(n)) return 'Amount can have at most 2 decimals';
  if (n > maxTopUp) return WALLET_MESSAGES.tooMuch(maxTopUp);
  return null;
}

export const MOVEMENT_LABEL: Record<WalletMovementKind, string> = {
  top_up: 'Top-up',
  top_up_pending: 'Top-up (awaiting payment)',
  package_day: 'Boarding package day',
  payment: 'Payment',
  refund: 'Refund',
};

/** '+₹1,000.00' for money in, '−₹766.66' for money out. */
export const signedAmount = (n: number) => (n < 0 ? `−${formatINR(-n)}` : n > 0 ? `+${formatINR(n)}` : formatINR(0));

/**
 * What activating `offer` for `pets` pets charges on day 1 from the wallet: each pet's first day's share,
 * floor(P/D) paise (so the shares of D days add up to the price exactly), times the pets. Rupees.
 */
export function firstDayCharge(offer: Pick<PackageOffer, 'price' | 'days'>, pets: number): { perPet: number; total: number } {
  const share = packageDayShare(toPaise(offer.price), offer.days, 1);
  return { perPet: toRupees(share), total: toRupees(share * Math.max(0, pets)) };
}

/** Why the wallet cannot start the package (the server's words), or null. */
export function activationProblem(dayCharge: number, balance: number | null): string | null {
  if (balance === null || dayCharge <= 0) return null;
  return balance < dayCharge ? PACKAGE_MESSAGES.walletShort(formatINR(balance), formatINR(dayCharge)) : null;
}

/** Days the balance pays at the daily charge (floor), as the dashboard estimates; null when nothing is charged. */
export function daysCovered(balance: number, dailyCharge: number): number | null {
  if (dailyCharge <= 0) return null;
  return Math.max(0, Math.floor(toPaise(balance) / toPaise(dailyCharge)));
}

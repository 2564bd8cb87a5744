import { type VisitPaymentMethod, WALLET_MESSAGES } from '@pawdesk/shared';

/**
 * The rules of the payment options (components/PaymentModal.tsx): which methods may be chosen, when Submit is
 * enabled, and when 'Pay later' is offered. Pure, so they are tested on their own.
 */

/** Every method a desk form may offer: the visit methods and the owner's prepaid wallet. */
export type DeskPaymentMethod = VisitPaymentMethod | 'wallet' | 'stay_bill';

export const PAYMENT_METHOD_LABEL: Record<DeskPaymentMethod, string> = {
  cash: 'Cash Payment',
  payment_link: 'Payment Link',
  card: 'Card',
  wallet: 'Wallet',
  stay_bill: "Add to the stay's bill",
};

/** The owner's wallet as the payment options see it. */
export interface WalletBalance {
  /** Rupees; null while loading or when it could not be read. */
  balance: number | null;
  loading: boolean;
  failed: boolean;
}

/**
 * Why the wallet cannot pay `amount`, or null when it can. The wallet is taken only up to its balance, never
 * beyond (the server refuses the same with its own message).
 */
export function walletProblem(wallet: WalletBalance | undefined, amount: number): string | null {
  if (!wallet) return 'No wallet for this owner';
  if (wallet.loading) return 'Loading the wallet balance...';
  if (wallet.failed || wallet.balance === null) return 'Could not read the wallet balance';
  if (wallet.balance <= 0) return 'The wallet is empty';
  if (amount > wallet.balance) return WALLET_MESSAGES.short(wallet.balance, amount);
  return null;
}

/** Cash and payment link are confirmed by the tick box; a card by its checkout; the wallet is debited on Submit. */
export const needsConfirmation = (m: DeskPaymentMethod | null) => m === 'cash' || m === 'payment_link';

/** 'Pay later' applies to money that arrives later: a payment link or a card. */
export const PAY_LATER_METHODS: readonly DeskPaymentMethod[] = ['payment_link', 'card'];
export const canPayLater = (m: DeskPaymentMethod | null, methods: readonly DeskPaymentMethod[] = PAY_LATER_METHODS) =>
  m !== null && methods.includes(m);

/** Submit is enabled with a method chosen, its confirmation ticked (cash, link) or the wallet able to pay. */
export function canSubmit(s: {
  method: DeskPaymentMethod | null;
  confirmed: boolean;
  submitting: boolean;
  amountNow: number;
  wallet?: WalletBalance;
}): boolean {
  if (s.submitting || s.method === null) return false;
  if (s.method === 'wallet') return walletProblem(s.wallet, s.amountNow) === null;
  if (needsConfirmation(s.method)) return s.confirmed;
  return true;
}

/** The balance left after the wallet pays `amount`. */
export const balanceAfter = (wallet: WalletBalance | undefined, amount: number) =>
  Math.round(((wallet?.balance ?? 0) - amount) * 100) / 100;

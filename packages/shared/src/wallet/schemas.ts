/**
 * Contracts of the wallet (issue 16 "The wallet"): the owner's balance and movements, top-ups at the desk and online,
 * the admin's refund of the unspent balance and the largest top-up setting. Amounts are rupees (2 dp).
 */
import { z } from 'zod';
import { cursorQuery, idSchema, limitQuery, requiredString, rupees } from '../common.ts';
import { formatINR } from '../money.ts';
import { PAYMENT_PROVIDERS, ledgerPaymentSchema } from '../payments/schemas.ts';
import { DEFAULT_MAX_TOP_UP, MAX_TOP_UP_CEILING, WALLET_MOVEMENT_KINDS } from './rules.ts';

export const WALLET_MESSAGES = {
  toppedUp: (rupeesAmount: number) => `Wallet topped up with ${formatINR(rupeesAmount)}`,
  linkSent: 'Top-up link sent to the owner: the wallet is credited when it is paid',
  linkNoEmail: 'The owner has no email address: share the top-up link with them',
  orderCreated: 'Open the card checkout to top up the wallet',
  amountZero: 'Amount must be more than ₹0.00',
  tooMuch: (maxRupees: number) => `A top-up can be at most ${formatINR(maxRupees)}`,
  short: (heldRupees: number, neededRupees: number) =>
    `The wallet holds ${formatINR(heldRupees)}, less than ${formatINR(neededRupees)}`,
  empty: 'The wallet is empty: there is nothing to refund',
  refunded: (rupeesAmount: number) => `Refunded ${formatINR(rupeesAmount)} of wallet balance`,
  refundPending: (rupeesAmount: number) =>
    `Refunding ${formatINR(rupeesAmount)} of wallet balance: card and link money is returned when the provider confirms it`,
  noOwner: 'Add your pet first: the wallet belongs to your owner record',
  method: "Payment method must be 'cash', 'payment_link' or 'card'",
  reason: 'Please give a reason for the refund',
  settingsSaved: 'Wallet settings saved',
  load: 'Failed to load the wallet',
} as const;

/** How a desk top-up is paid. */
export const WALLET_TOP_UP_METHODS = ['cash', 'payment_link', 'card'] as const;
export type WalletTopUpMethod = (typeof WALLET_TOP_UP_METHODS)[number];

const topUpAmount = rupees({ label: 'Amount' }).refine((v) => v > 0, WALLET_MESSAGES.amountZero);

export const walletMovementSchema = z.object({
  _id: z.string(),
  /** When the money moved (ISO time). */
  at: z.string(),
  kind: z.enum(WALLET_MOVEMENT_KINDS),
  description: z.string(),
  /** Signed rupees: + into the wallet, − out of it. */
  amount: z.number(),
  balanceAfter: z.number(),
  receiptNo: z.string().nullable(),
  method: z.string().nullable(),
});
export type WalletMovement = z.infer<typeof walletMovementSchema>;

export const walletSchema = z.object({
  /** The ledger's wallet account to the paisa. */
  balance: z.number(),
  /** The largest top-up (rupees). */
  maxTopUp: z.number(),
  /** Below two days' charge of the owner's live packages; null without one. */
  lowBalance: z.boolean().nullable(),
  movements: z.array(walletMovementSchema),
  nextCursor: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletResponse = z.object({ success: z.literal(true), wallet: walletSchema });
export type WalletResponse = z.infer<typeof walletResponse>;

/** ?limit=&cursor= (movements newest first). */
export const walletQuery = z.object({ limit: limitQuery(100, 20), cursor: cursorQuery(100) });
export type WalletQuery = z.input<typeof walletQuery>;

export const ownerWalletParams = z.object({ ownerId: idSchema });

/** POST /wallet/topup (staff). */
export const walletTopUpBody = z.object({
  ownerId: idSchema,
  amount: topUpAmount,
  selectedPayment: z.enum(WALLET_TOP_UP_METHODS, { error: WALLET_MESSAGES.method }),
});
export type WalletTopUpBody = z.input<typeof walletTopUpBody>;

/** The checkout order the desk opens for a card top-up (then POST /payments/verify-payment). */
export const walletCardOrderSchema = z.object({
  /** The provider's order id. */
  id: z.string(),
  /** Paise. */
  amount: z.number().int(),
  currency: z.literal('INR'),
  keyId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
});

export const walletTopUpResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Cash: the completed top-up; payment link: the pending one (with `linkUrl`); card: null until paid. */
  payment: ledgerPaymentSchema.nullable(),
  order: walletCardOrderSchema.nullable(),
  wallet: walletSchema,
});
export type WalletTopUpResponse = z.infer<typeof walletTopUpResponse>;

/** POST /customer/wallet/create-order (customer): the server credits what the provider captures for this order. */
export const customerWalletOrderBody = z.object({ amount: topUpAmount });
export type CustomerWalletOrderBody = z.input<typeof customerWalletOrderBody>;

/** POST /wallet/refund (admin): the whole unspent balance. */
export const walletRefundBody = z.object({
  ownerId: idSchema,
  reason: requiredString(WALLET_MESSAGES.reason, 500),
});
export type WalletRefundBody = z.input<typeof walletRefundBody>;

export const walletRefundResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Rupees refunded (cash now; card and link money pending until the provider confirms). */
  refunded: z.number(),
  refunds: z.array(ledgerPaymentSchema),
  wallet: walletSchema,
});
export type WalletRefundResponse = z.infer<typeof walletRefundResponse>;

/** GET/PUT /settings/wallet. */
export const walletSettingsBody = z.object({
  maxTopUp: rupees({ label: 'Largest top-up', max: MAX_TOP_UP_CEILING }).refine((v) => v > 0, WALLET_MESSAGES.amountZero),
});
export type WalletSettingsBody = z.input<typeof walletSettingsBody>;
export const walletSettingsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  maxTopUp: z.number(),
});
export type WalletSettingsResponse = z.infer<typeof walletSettingsResponse>;
export { DEFAULT_MAX_TOP_UP };

import {
  type CheckoutOrderResponse,
  toPaise,
  toRupees,
  WALLET_MESSAGES as M,
  type WalletRefundResponse,
  type WalletTopUpBody,
  type WalletTopUpResponse,
  walletBalance,
} from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createCheckoutOrder } from '../payments/checkout-orders.service.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { sendLinkAfterCommit } from '../payments/payment-links.service.ts';
import {
  allocate,
  entriesByIds,
  entriesOfAccount,
  type LedgerRow,
  lockLedger,
  recordPayment,
  toLedgerPayment,
} from '../payments/payments.service.ts';
import { refundHeldPayments, sendToProvider } from '../payments/refunds.service.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { ownersByIds } from '../pets/pet-lookups.service.ts';
import { walletMaxTopUpPaise } from '../site/settings.service.ts';
import { walletOf } from './wallet.service.ts';

/** Top-ups (at the desk and online) and the admin's refund of the unspent balance. */

const TOP_UP_NOTE = 'Wallet top-up';
/** The customer page a customer's online top-up returns to. */
const CUSTOMER_PAGE = '/customer/subscription';

async function requireOwner(db: DbOrTx, ownerId: string) {
  const owner = (await ownersByIds(db, [ownerId])).get(ownerId);
  if (!owner) throw notFound('Owner');
  return owner;
}

/** The amount in paise, within the admin's largest top-up (400 'A top-up can be at most ₹1,00,000.00'). */
async function topUpPaise(db: DbOrTx, amount: number): Promise<number> {
  const amountPaise = toPaise(amount);
  if (amountPaise <= 0) throw badRequest(M.amountZero, { amount: M.amountZero });
  const max = await walletMaxTopUpPaise(db);
  if (amountPaise > max) {
    const message = M.tooMuch(toRupees(max));
    throw badRequest(message, { amount: message }, { maxTopUp: toRupees(max) });
  }
  return amountPaise;
}

/**
 * POST /wallet/topup (staff): cash is a completed wallet payment now (with a receipt); a payment link a pending one
 * whose link is emailed to the owner (the wallet is credited when it is paid); a card a checkout order the desk opens
 * (the wallet is credited with what the provider captures, when the payment is verified).
 */
export async function topUpAtDesk(
  ctx: AppContext,
  body: { ownerId: string; amount: number; selectedPayment: WalletTopUpBody['selectedPayment'] },
  userId: string,
): Promise<WalletTopUpResponse> {
  await requireOwner(ctx.db, body.ownerId);
  const amountPaise = await topUpPaise(ctx.db, body.amount);
  if (body.selectedPayment === 'card') {
    const order = await createCheckoutOrder(ctx, {
      purpose: 'wallet_topup',
      ownerId: body.ownerId,
      userId,
      amountPaise,
      payload: {},
      description: TOP_UP_NOTE,
      cancelPath: CUSTOMER_PAGE,
    });
    return {
      success: true as const,
      message: M.orderCreated,
      payment: null,
      order: { id: order.id, amount: order.amount, currency: 'INR' as const, keyId: order.keyId, provider: order.provider },
      wallet: await walletOf(ctx, body.ownerId),
    };
  }
  const cash = body.selectedPayment === 'cash';
  const row = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [body.ownerId]);
    return (await recordPayment(tx, {
      ownerId: body.ownerId,
      account: 'wallet',
      for: {},
      amountPaise,
      method: body.selectedPayment,
      status: cash ? 'completed' : 'pending',
      provider: cash ? null : ctx.payments.name,
      note: TOP_UP_NOTE,
      createdBy: userId,
      tz: ctx.config.tz,
      now: ctx.clock.now(),
    }))!;
  });
  const sold = await sendLinkAfterCommit(ctx, row);
  const payment = sold.payment ?? row;
  const message = cash
    ? M.toppedUp(toRupees(amountPaise))
    : (sold.linkError ?? (sold.linkEmailed === false ? M.linkNoEmail : M.linkSent));
  return {
    success: true as const,
    message,
    payment: toLedgerPayment(payment),
    order: null,
    wallet: await walletOf(ctx, body.ownerId),
  };
}

/**
 * POST /customer/wallet/create-order (customer): a checkout order for the caller's own wallet; the server credits
 * what the provider captures for it (never an amount the browser sends later).
 */
export async function customerWalletOrder(ctx: AppContext, userId: string, amount: number): Promise<CheckoutOrderResponse> {
  const owner = await customerOwnerOf(ctx.db, userId);
  if (!owner) throw badRequest(M.noOwner);
  const amountPaise = await topUpPaise(ctx.db, amount);
  return createCheckoutOrder(ctx, {
    purpose: 'wallet_topup',
    ownerId: owner.id,
    userId,
    amountPaise,
    payload: {},
    description: TOP_UP_NOTE,
    successPath: CUSTOMER_PAGE,
    cancelPath: `${CUSTOMER_PAGE}?cancelled=1`,
  });
}

const sum = (rows: readonly LedgerRow[]) => rows.reduce((n, r) => n + r.amountPaise, 0);

/**
 * POST /wallet/refund (admin): the whole unspent balance goes back to the owner, newest top-ups first (the oldest
 * were spent first), never more than is left of each: cash top-ups in cash now (a refund receipt), card and link
 * top-ups through the provider (pending until it confirms; a refund it refuses fails and the money stays in the
 * wallet). Money that reached the wallet by an allocation (no top-up of its own to refund) moves to the owner's
 * unapplied balance, where staff refund it. Package days already charged are not refunded (they are not in the
 * balance). Audited.
 */
export async function refundWallet(
  ctx: AppContext,
  body: { ownerId: string; reason: string },
  userId: string,
  log?: FastifyBaseLogger,
): Promise<WalletRefundResponse> {
  await requireOwner(ctx.db, body.ownerId);
  const done = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [body.ownerId]);
    const now = ctx.clock.now();
    const rows = await entriesOfAccount(tx, body.ownerId, 'wallet');
    const balance = walletBalance(rows);
    if (balance <= 0) throw badRequest(M.empty);
    const note = `Wallet refund: ${body.reason}`;
    const { refunds, toSend, left } = await refundHeldPayments(ctx, tx, {
      rows,
      account: 'wallet',
      amountPaise: balance,
      by: userId,
      note,
    });
    const moved =
      left > 0
        ? await allocate(tx, {
            ownerId: body.ownerId,
            from: { account: 'wallet' },
            to: { account: 'unapplied' },
            amountPaise: left,
            by: userId,
            note: `${note} (no top-up of its own to refund: moved to the unapplied balance)`,
            now,
          })
        : null;
    await recordAudit(tx, {
      actorId: userId,
      action: 'wallet.refund',
      entity: 'owner',
      entityId: body.ownerId,
      before: { balance: toRupees(balance) },
      after: {
        reason: body.reason,
        refunds: refunds.map((r) => ({ id: r.id, amount: toRupees(r.amountPaise), method: r.method, status: r.status })),
        movedToUnapplied: toRupees(moved?.out.amountPaise ?? 0),
      },
    });
    return { refunds, toSend };
  });
  await sendToProvider(ctx, done.toSend, userId, { notify: true, log });
  const refunds = await entriesByIds(
    ctx.db,
    done.refunds.map((r) => r.id),
  );
  const order = new Map(done.refunds.map((r, i) => [r.id, i]));
  refunds.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const given = refunds.filter((r) => r.status !== 'failed');
  const refunded = toRupees(sum(given));
  const pending = given.some((r) => r.status === 'pending');
  return {
    success: true as const,
    message: pending ? M.refundPending(refunded) : M.refunded(refunded),
    refunded,
    refunds: refunds.map(toLedgerPayment),
    wallet: await walletOf(ctx, body.ownerId),
  };
}

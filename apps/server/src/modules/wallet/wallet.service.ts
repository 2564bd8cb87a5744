import {
  type LedgerMethod,
  toRupees,
  type Wallet,
  WALLET_MESSAGES as M,
  type WalletLine,
  walletBalance,
  walletMovements,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordCapturedPayment } from '../payments/captured-payment.service.ts';
import { registerCheckoutFulfiller } from '../payments/checkout-orders.service.ts';
import { allocate, entriesOfAccount, entriesOfOwner, type LedgerRow, type Subject } from '../payments/payments.service.ts';
import { walletMaxTopUpPaise } from '../site/settings.service.ts';
import { visitLabelsByIds } from '../visits/visit-lookups.service.ts';

/**
 * The wallet (issue 16; docs/decisions.md "The wallet is a ledger account"): one per owner, the owner's `wallet`
 * account in the payment ledger. No table of its own and no stored balance: the balance and the movements are
 * derived from the account's rows (shared `walletBalance`, `walletMovements`). Money goes in by top-ups (completed
 * wallet payments: cash, a paid link, a card checkout order), goes out to sales and package days as allocations
 * wallet → sale, and back to the owner by refunds of the top-ups.
 */

/** The money the owner's wallet holds, in paise. Inside a money transaction, read it after the owner's ledger lock. */
export async function walletBalancePaise(db: DbOrTx, ownerId: string): Promise<number> {
  return walletBalance(await entriesOfAccount(db, ownerId, 'wallet'));
}

/** 400 'The wallet holds ₹X, less than ₹Y' unless the wallet holds `neededPaise`. Returns the balance. */
export async function requireWalletFunds(
  db: DbOrTx,
  ownerId: string,
  neededPaise: number,
  field = 'selectedPayment',
): Promise<number> {
  const held = await walletBalancePaise(db, ownerId);
  if (held < neededPaise) {
    const message = M.short(toRupees(held), toRupees(neededPaise));
    throw badRequest(message, { [field]: message }, { walletBalance: toRupees(held) });
  }
  return held;
}

/**
 * 'Wallet' as a payment method of a sale: the amount moves wallet → sale as an allocation (no receipt: the money
 * was received when the wallet was topped up), only up to the balance. Inside the sale's money transaction (owner's
 * ledger lock held). Returns the allocation's `in` row (on the sale), null for 0.
 */
export async function payFromWallet(
  tx: DbOrTx,
  p: { ownerId: string; petId: string | null; subject: Subject; amountPaise: number; by: string | null; now: Date },
): Promise<LedgerRow | null> {
  if (p.amountPaise === 0) return null;
  await requireWalletFunds(tx, p.ownerId, p.amountPaise);
  const moved = await allocate(tx, {
    ownerId: p.ownerId,
    from: { account: 'wallet', petId: p.petId },
    to: { account: 'sale', for: p.subject, petId: p.petId },
    amountPaise: p.amountPaise,
    by: p.by,
    note: 'Paid from the wallet',
    now: p.now,
  });
  return moved.in;
}

/**
 * Today's charge of the owner's live boarding packages (paise), or null without one: the packages module registers
 * it (it depends on the wallet, not the other way round). The wallet's `lowBalance` is balance < two days' charge.
 */
export type WalletDailyCharge = (db: DbOrTx, ownerId: string) => Promise<number | null>;
let dailyChargeOf: WalletDailyCharge | null = null;
export function registerWalletDailyCharge(fn: WalletDailyCharge): void {
  dailyChargeOf = fn;
}

/** When the money moved (shown): a completed row's business-clock time, else when the row was written. */
const atOf = (e: LedgerRow): Date => e.paidAt ?? e.completedAt ?? e.createdAt;
/**
 * The order the rows were written (the database's statement time): one clock for every row, so the rows of one
 * transaction keep their order and the running balance never mixes the business clock with the database's.
 */
const byWritten = (a: LedgerRow, b: LedgerRow) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

const ACCOUNT_TEXT: Record<string, string> = {
  unapplied: 'the unapplied balance',
  deposit: 'the deposit',
  sale: 'a sale',
};

/**
 * The wallet's rows as movement lines: each allocation with what is on its other side (the sale it paid, read
 * from the visits module in one lookup; a package's days with how many pets that day charged).
 */
async function walletLines(db: DbOrTx, ownerId: string): Promise<WalletLine[]> {
  const all = await entriesOfOwner(db, ownerId);
  const wallet = all.filter((e) => e.account === 'wallet').sort(byWritten);
  const byId = new Map(all.map((e) => [e.id, e]));
  const inOf = new Map<string, LedgerRow>();
  for (const e of all) if (e.kind === 'allocation' && e.allocationOf) inOf.set(e.allocationOf, e);
  const visits = await visitLabelsByIds(
    db,
    wallet.flatMap((e) => {
      const other = e.direction === 'out' ? inOf.get(e.id) : e.allocationOf ? byId.get(e.allocationOf) : undefined;
      return other?.visitId ? [other.visitId] : [];
    }),
  );
  const purposeOf = (s: LedgerRow) =>
    (s.visitId && visits.get(s.visitId)?.purpose) ||
    (s.boardingId ? 'Stay' : s.prescriptionId ? 'Prescription' : s.subscriptionId ? 'Subscription' : 'Appointment');
  // A package's day charges (one per pet) are posted with the day's allocation from the wallet: the charges written
  // since the package's previous allocation are the pets of this one.
  const dayCharges = all
    .filter((e) => e.kind === 'charge' && e.chargeFor === 'package_day' && e.packageId)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const lastAllocation = new Map<string, Date>();
  return wallet.map((e): WalletLine => {
    const line: WalletLine = {
      id: e.id,
      kind: e.kind,
      status: e.status,
      amountPaise: e.amountPaise,
      direction: e.direction,
      at: atOf(e).toISOString(),
      method: e.method as LedgerMethod | null,
      receiptNo: e.receiptNo,
    };
    if (e.kind !== 'allocation') return line;
    if (e.direction === 'in') {
      const from = e.allocationOf ? byId.get(e.allocationOf) : undefined;
      line.source = !from
        ? 'another account'
        : from.account === 'sale'
          ? `${purposeOf(from)} visit`
          : (ACCOUNT_TEXT[from.account] ?? from.account);
      return line;
    }
    const to = inOf.get(e.id);
    if (to?.packageId) {
      const since = lastAllocation.get(to.packageId);
      const pets = new Set(
        dayCharges
          .filter((c) => c.packageId === to.packageId && c.createdAt <= e.createdAt && (!since || c.createdAt > since))
          .map((c) => c.petId ?? c.id),
      );
      lastAllocation.set(to.packageId, e.createdAt);
      line.packageId = to.packageId;
      line.pets = Math.max(1, pets.size);
    } else if (to) {
      line.purpose = purposeOf(to);
    }
    return line;
  });
}

/** The wallet object: balance, the largest top-up, low balance, and a page of movements newest first. */
export async function walletOf(
  ctx: AppContext,
  ownerId: string | null,
  page: { limit?: number; cursor?: string | null } = {},
  db: DbOrTx = ctx.db,
): Promise<Wallet> {
  const maxTopUp = toRupees(await walletMaxTopUpPaise(db));
  if (!ownerId) return { balance: 0, maxTopUp, lowBalance: null, movements: [], nextCursor: null };
  const lines = await walletLines(db, ownerId);
  const balancePaise = walletBalance(lines);
  const all = walletMovements(lines);
  const limit = page.limit ?? 20;
  let start = 0;
  if (page.cursor) {
    const i = all.findIndex((m) => m._id === page.cursor);
    if (i < 0) throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
    start = i + 1;
  }
  const movements = all.slice(start, start + limit);
  const daily = dailyChargeOf ? await dailyChargeOf(db, ownerId) : null;
  return {
    balance: toRupees(balancePaise),
    maxTopUp,
    lowBalance: daily && daily > 0 ? balancePaise < 2 * daily : null,
    movements: movements.map((m) => ({
      _id: m._id,
      at: m.at,
      kind: m.kind,
      description: m.description,
      amount: toRupees(m.amountPaise),
      balanceAfter: toRupees(m.balanceAfterPaise),
      receiptNo: m.receiptNo,
      method: m.method,
    })),
    nextCursor: start + limit < all.length ? (movements.at(-1)?._id ?? null) : null,
  };
}

/**
 * A paid wallet top-up checkout order (the customer's online top-up, or a card top-up at the desk): a completed
 * wallet payment of the amount the provider CAPTURED for the order the server created, never an amount a client sent.
 */
registerCheckoutFulfiller('wallet_topup', async (ctx, tx, order, paid) => {
  const row = await recordCapturedPayment(ctx, tx, order, paid, { account: 'wallet', note: 'Wallet top-up' });
  return { paymentId: row.id, result: { walletPaymentId: row.id } };
});

import {
  type AllocateResponse,
  type allocateBody,
  type LedgerAccount,
  LEDGER_SUBJECTS,
  ledgerBalance,
  type OpenSale,
  STATEMENT_MESSAGES as M,
  type StatementEntry,
  type StatementResponse,
  toPaise,
  toRupees,
  walletBalance,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { ownerOfPet, ownersByIds, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { visitLabelsByIds } from '../visits/visit-lookups.service.ts';
import { cancelAtProvider, moneyTransaction, voidPending } from '../payments/money.service.ts';
import {
  allocate,
  entriesOfAccount,
  entriesOfOwner,
  type LedgerRow,
  loadAccount,
  lockLedger,
  pickSubject,
  type SubjectKey,
  toLedgerPayment,
} from '../payments/payments.service.ts';

/**
 * The owner's statement (issue 15 "Owner accounts"): every ledger row of the owner, oldest first, with what it does
 * to what the owner owes and the running balance; the totals per account; and the sales still owing, to which
 * money the owner holds (unapplied, wallet, deposit) can be applied (`allocateToSale`).
 */

const SUBJECT_KEYS: readonly SubjectKey[] = LEDGER_SUBJECTS;

/**
 * What a row does to what the owner owes, in paise: a completed charge or refund raises it, a completed credit or
 * payment (on any account: money held for the owner) lowers it; allocations move money between the owner's own
 * accounts and pending, void or failed rows move nothing.
 */
export function effectPaise(e: Pick<LedgerRow, 'kind' | 'status' | 'amountPaise'>): number {
  if (e.status !== 'completed') return 0;
  if (e.kind === 'charge' || e.kind === 'refund') return e.amountPaise;
  if (e.kind === 'credit' || e.kind === 'payment') return -e.amountPaise;
  return 0;
}

/** When a row counts on the statement: the money moved or the entry was posted, else it was decided or written. */
const dateOf = (e: LedgerRow): Date => e.paidAt ?? e.completedAt ?? e.createdAt;

/**
 * The sales of the owner's sale rows: rows sharing a visit, boarding, prescription, subscription or appointment are
 * one sale (a boarding's rows and its visit's are one account, as `accountEntries` reads it). Row id → sale key.
 */
function salesOf(rows: readonly LedgerRow[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const tokens = (e: LedgerRow) => SUBJECT_KEYS.flatMap((k) => (e[k] ? [`${k}:${e[k]}`] : []));
  for (const e of rows) {
    const t = tokens(e);
    for (const x of t) if (!parent.has(x)) parent.set(x, x);
    for (const x of t.slice(1)) parent.set(find(x), find(t[0]!));
  }
  return new Map(rows.flatMap((e) => (tokens(e)[0] ? [[e.id, find(tokens(e)[0]!)]] : [])));
}

interface Sale {
  key: string;
  rows: LedgerRow[];
  ids: Record<'visitId' | 'boardingId' | 'prescriptionId' | 'subscriptionId', string | null>;
  purpose: string;
  petId: string | null;
  /** A boarding package's days (paid from the wallet). */
  packageId: string | null;
}

const ACCOUNT_TEXT: Record<Exclude<LedgerAccount, 'sale'>, string> = {
  unapplied: 'the unapplied balance',
  wallet: 'the wallet',
  deposit: 'the deposit',
};

function purposeOf(ids: Sale['ids'], visits: Awaited<ReturnType<typeof visitLabelsByIds>>, packageId: string | null): string {
  const visit = ids.visitId ? visits.get(ids.visitId) : undefined;
  if (visit) return visit.voided ? `${visit.purpose} (voided)` : visit.purpose;
  if (packageId) return 'Boarding package';
  if (ids.boardingId) return 'Stay';
  if (ids.prescriptionId) return 'Prescription';
  if (ids.subscriptionId) return 'Subscription';
  return 'Appointment';
}

/** The statement's words for a row. */
function describe(
  e: LedgerRow,
  saleOf: (e: LedgerRow) => Sale | undefined,
  byId: ReadonlyMap<string, LedgerRow>,
  pairOf: ReadonlyMap<string, LedgerRow>,
): string {
  const sale = saleOf(e)?.purpose ?? 'a sale';
  const where = (x: LedgerRow) => (x.account === 'sale' ? (saleOf(x)?.purpose ?? 'a sale') : ACCOUNT_TEXT[x.account]);
  switch (e.kind) {
    case 'charge':
      return e.chargeFor === 'extra_days' ? `${sale}: extra days` : e.chargeFor === 'package_day' ? `${sale}: a day` : sale;
    case 'credit':
      return `Credit on ${sale}`;
    case 'payment':
      if (e.account === 'wallet') return 'Wallet top-up';
      return e.account === 'sale' ? `Payment for ${sale}` : `Payment held on ${ACCOUNT_TEXT[e.account]}`;
    case 'refund': {
      const of = e.refundOf ? byId.get(e.refundOf)?.receiptNo : null;
      return `Refund${of ? ` of ${of}` : ''} ${e.account === 'sale' ? `for ${sale}` : `from ${ACCOUNT_TEXT[e.account]}`}`;
    }
    case 'allocation': {
      const other = pairOf.get(e.id);
      const [from, to] = e.direction === 'out' ? [e, other] : [other, e];
      if (!from || !to) return e.direction === 'out' ? `Moved out of ${where(e)}` : `Moved into ${where(e)}`;
      if (from.account === 'sale') return `Overpayment on ${where(from)} moved to ${where(to)}`;
      if (to.account === 'sale') return `Applied to ${where(to)} from ${where(from)}`;
      return `Moved from ${where(from)} to ${where(to)}`;
    }
  }
}

/** The owner a statement request names: its ownerId, else the pet's owner now (404 for neither). */
export async function statementOwnerId(db: DbOrTx, q: { ownerId?: string; petId?: string }): Promise<string> {
  if (q.ownerId) return q.ownerId;
  return ownerOfPet(db, q.petId!);
}

export async function ownerStatement(db: DbOrTx, ownerId: string): Promise<StatementResponse> {
  const owner = (await ownersByIds(db, [ownerId])).get(ownerId);
  if (!owner) throw notFound('Owner');
  const rows = (await entriesOfOwner(db, ownerId)).sort(
    (a, b) =>
      dateOf(a).getTime() - dateOf(b).getTime() || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );

  // The sales, named by their visit's purpose (the visits module) and their pet (the pets module), each one lookup.
  const saleRows = rows.filter((e) => e.account === 'sale');
  const keyOf = salesOf(saleRows);
  const sales = new Map<string, Sale>();
  for (const e of saleRows) {
    const key = keyOf.get(e.id)!;
    let s = sales.get(key);
    if (!s) {
      s = {
        key,
        rows: [],
        ids: { visitId: null, boardingId: null, prescriptionId: null, subscriptionId: null },
        purpose: '',
        petId: null,
        packageId: null,
      };
      sales.set(key, s);
    }
    s.rows.push(e);
    for (const k of ['visitId', 'boardingId', 'prescriptionId', 'subscriptionId'] as const) s.ids[k] ??= e[k];
    s.petId ??= e.petId;
    s.packageId ??= e.packageId;
  }
  const [visits, pets] = await Promise.all([
    visitLabelsByIds(
      db,
      [...sales.values()].flatMap((s) => (s.ids.visitId ? [s.ids.visitId] : [])),
    ),
    petsWithOwnersByIds(
      db,
      rows.flatMap((e) => (e.petId ? [e.petId] : [])),
    ),
  ]);
  for (const s of sales.values()) s.purpose = purposeOf(s.ids, visits, s.packageId);

  const saleOf = (e: LedgerRow) => (e.account === 'sale' ? sales.get(keyOf.get(e.id)!) : undefined);
  const byId = new Map(rows.map((e) => [e.id, e]));
  const pairOf = new Map<string, LedgerRow>();
  for (const e of rows) {
    if (e.kind !== 'allocation' || !e.allocationOf) continue;
    const out = byId.get(e.allocationOf);
    if (!out) continue;
    pairOf.set(e.id, out);
    pairOf.set(out.id, e);
  }
  const petName = (id: string | null) => (id ? (pets.get(id)?.name ?? null) : null);

  let running = 0;
  const entries: StatementEntry[] = rows.map((e) => {
    const effect = effectPaise(e);
    running += effect;
    return {
      _id: e.id,
      date: dateOf(e).toISOString(),
      kind: e.kind,
      account: e.account,
      direction: e.direction ?? null,
      method: e.method ?? null,
      status: e.status,
      amount: toRupees(e.amountPaise),
      effect: toRupees(effect),
      balance: toRupees(running),
      description: describe(e, saleOf, byId, pairOf),
      petName: petName(e.petId ?? pairOf.get(e.id)?.petId ?? null),
      visitId: e.visitId,
      boardingId: e.boardingId,
      prescriptionId: e.prescriptionId,
      subscriptionId: e.subscriptionId,
      receiptNo: e.receiptNo,
    };
  });

  const sum = (kind: LedgerRow['kind']) =>
    rows.reduce((n, e) => n + (e.kind === kind && e.status === 'completed' ? e.amountPaise : 0), 0);
  const held = (account: LedgerAccount) => ledgerBalance(rows.filter((e) => e.account === account)).paidPaise;
  let due = 0;
  let overpaid = 0;
  const openSales: OpenSale[] = [];
  for (const s of sales.values()) {
    const b = ledgerBalance(s.rows);
    due += b.duePaise;
    overpaid += b.creditPaise;
    if (b.duePaise > 0)
      openSales.push({
        ...s.ids,
        purpose: s.purpose,
        petName: petName(s.petId),
        date: dateOf(s.rows.find((e) => e.kind === 'charge') ?? s.rows[0]!).toISOString(),
        charged: toRupees(b.chargedPaise - b.creditedPaise),
        due: toRupees(b.duePaise),
      });
  }
  const unapplied = held('unapplied');
  const wallet = held('wallet');
  const deposit = held('deposit');
  return {
    success: true as const,
    owner: { _id: owner.id, name: owner.name, phone: owner.phone, email: owner.email },
    entries,
    totals: {
      charged: toRupees(sum('charge')),
      credited: toRupees(sum('credit')),
      paid: toRupees(sum('payment')),
      refunded: toRupees(sum('refund')),
      due: toRupees(due),
      unapplied: toRupees(unapplied),
      wallet: toRupees(wallet),
      deposit: toRupees(deposit),
      overpaid: toRupees(overpaid),
      balance: toRupees(due - unapplied - wallet - deposit - overpaid),
    },
    openSales,
  };
}

type AllocateInput = z.output<typeof allocateBody>;

/**
 * POST /payments/allocate: applies money the owner holds (unapplied, wallet, deposit) to one of the owner's sales, as
 * two linked allocation rows, under the owner's ledger lock (balances read again under it). Pending payments of the
 * sale that would now collect more than is due are voided (their links cancelled after the commit): no double
 * collection.
 */
export async function allocateToSale(ctx: AppContext, body: AllocateInput, userId: string): Promise<AllocateResponse> {
  const { ownerId, from } = body;
  if (!(await ownersByIds(ctx.db, [ownerId])).has(ownerId)) throw notFound('Owner');
  const subject = pickSubject(body, M.saleMissing);
  const amountPaise = toPaise(body.amount);
  const result = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [ownerId]);
    const sale = await loadAccount(tx, subject);
    if (sale.ownerId !== ownerId) throw badRequest(M.otherOwner, { [subject.key]: M.otherOwner });
    // What the account holds; money under a pending refund is leaving it (walletBalance: the same for every account).
    const heldPaise = walletBalance(await entriesOfAccount(tx, ownerId, from));
    if (heldPaise <= 0) throw badRequest(M.empty(from), { from: M.empty(from) });
    if (amountPaise > heldPaise) {
      const message = M.moreThanHeld(from, toRupees(heldPaise));
      throw badRequest(message, { amount: message }, { held: toRupees(heldPaise) });
    }
    const duePaise = sale.balance.duePaise;
    if (duePaise <= 0) throw badRequest(M.nothingDue, { amount: M.nothingDue }, { due: 0 });
    if (amountPaise > duePaise) {
      const message = M.moreThanDue(toRupees(duePaise));
      throw badRequest(message, { amount: message }, { due: toRupees(duePaise) });
    }
    const now = ctx.clock.now();
    const moved = await allocate(tx, {
      ownerId,
      from: { account: from, petId: sale.petId },
      to: { account: 'sale', for: sale.ids, petId: sale.petId },
      amountPaise,
      by: userId,
      note: `Applied from the owner's ${from} balance`,
      now,
    });
    const voided = sale.balance.pendingPaise > duePaise - amountPaise ? await voidPending(tx, sale.entries, userId, now) : [];
    return { ...moved, voided };
  });
  await cancelAtProvider(ctx, result.voided);
  return { success: true as const, message: M.applied, out: toLedgerPayment(result.out), in: toLedgerPayment(result.in) };
}

import {
  dateInTz,
  escapeLike,
  ledgerBalance,
  VISIT_LIST_MESSAGES as M,
  type VisitListQuery,
  type VisitListResponse,
  WALK_IN_OWNER_ID,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import { badRequest } from '../../lib/errors.ts';
import { boardingById } from '../boarding/stay-records.service.ts';
import { accountOf, type LedgerRow, onLedgerWrite } from '../payments/payments.service.ts';
import { onPetChanged, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { onVisitVoided, visitListRows, visitsToIndex } from '../visits/visit-list.service.ts';
import { allVisitTypes } from '../visit-types/visit-types.service.ts';
import {
  findSearchRows,
  type PaymentState,
  renamePetInSearch,
  type SearchFilter,
  type SearchMoney,
  searchPage,
  updateOwnerInSearch,
  updateSearchMoney,
  upsertSearchRow,
} from './history.repo.ts';

/**
 * Visit History (issue 17 "Search"): one search row per visit, kept in the transaction of every change to what it
 * copies — the sale (sellVisitIn), every later ledger row of the sale (onLedgerWrite), a void (onVisitVoided), a pet rename or an
 * owner's name or phone change (onPetChanged) — and the search, which reads the search rows alone and then the page's
 * visits.
 *
 * The money is a cache of the ledger (the reconciliation test recomputes it): the sale account of the visit (its
 * rows and those of the stay it started); charged = charges − credits; paid = payments − refunds ± allocations (as
 * ledgerBalance counts them); due = what is still owed; refunded = completed refunds. The state: voided when the
 * visit is voided, else refunded when any money was given back, else due when anything is owed, else paid.
 */

export function moneyOfAccount(entries: readonly LedgerRow[], voided: boolean): SearchMoney {
  const b = ledgerBalance(entries);
  const refundedPaise = entries
    .filter((e) => e.kind === 'refund' && e.status === 'completed')
    .reduce((s, e) => s + e.amountPaise, 0);
  const paymentState: PaymentState = voided ? 'voided' : refundedPaise > 0 ? 'refunded' : b.duePaise > 0 ? 'due' : 'paid';
  return {
    chargedPaise: b.chargedPaise - b.creditedPaise,
    paidPaise: b.paidPaise,
    duePaise: b.duePaise,
    refundedPaise,
    paymentState,
  };
}

/** (Re)writes a visit's search row from the visit, its pet and owner, and its ledger. */
export async function indexVisit(tx: DbOrTx, visitId: string, tz: string): Promise<void> {
  const [visit] = await visitsToIndex(tx, [visitId]);
  if (!visit) return;
  const [pets, account] = await Promise.all([
    petsWithOwnersByIds(tx, visit.petId ? [visit.petId] : []),
    accountOf(tx, { visitId }),
  ]);
  const pet = visit.petId ? pets.get(visit.petId) : undefined;
  // A walk-in sale (no pet): the buyer's name and phone are the owner columns, under the Walk-in customer's id.
  // No phone (a walk-in buyer who gave none, an owner imported without one: issue 21) is '' in the search row, which
  // no phone filter (1–10 digits) matches; the answers read the owner's phone from the owner record, never from here.
  const who = pet
    ? { petId: pet.id, petName: pet.name, ownerId: pet.owner.id, ownerName: pet.owner.name, ownerPhone: pet.owner.phone ?? '' }
    : visit.buyerName
      ? { petId: null, petName: null, ownerId: WALK_IN_OWNER_ID, ownerName: visit.buyerName, ownerPhone: visit.buyerPhone ?? '' }
      : null;
  if (!who) return;
  await upsertSearchRow(tx, {
    visitId,
    createdAtUtc: visit.createdAtUtc,
    businessDate: dateInTz(visit.createdAt, tz),
    purpose: visit.purpose,
    visitTypeId: visit.visitTypeId,
    ...who,
    ...moneyOfAccount(account.entries, visit.voidedAt !== null),
  });
}

/** The visits whose search rows a ledger row changes: its visit, the visit of its stay, or the sale of its subscription. */
async function visitsOfLedgerRow(tx: DbOrTx, row: LedgerRow): Promise<string[]> {
  if (row.account !== 'sale') return [];
  if (row.visitId) return [row.visitId];
  if (row.boardingId) {
    const visitId = (await boardingById(tx, row.boardingId))?.visitId;
    return visitId ? [visitId] : [];
  }
  if (row.subscriptionId) {
    // The visits whose sale rows name the subscription (its Buy or Renew visits), through the ledger's index.
    const { entries } = await accountOf(tx, { subscriptionId: row.subscriptionId });
    return [...new Set(entries.flatMap((e) => (e.subscriptionId === row.subscriptionId && e.visitId ? [e.visitId] : [])))];
  }
  return [];
}

/** A ledger row written: the money of the visits it belongs to, in the same transaction (one read, one update). */
export async function reindexMoney(tx: DbOrTx, row: LedgerRow): Promise<void> {
  for (const visitId of await visitsOfLedgerRow(tx, row)) {
    const { entries } = await accountOf(tx, { visitId });
    // A voided row stays voided (updateSearchMoney); the void itself rewrites the row (indexVisit).
    await updateSearchMoney(tx, visitId, moneyOfAccount(entries, false));
  }
}

onLedgerWrite(async (tx, row) => reindexMoney(tx, row));

onVisitVoided(async (tx, v) => indexVisit(tx, v.visitId, v.tz));

onPetChanged(async (tx, change) => {
  if (change.kind === 'pet') await renamePetInSearch(tx, change.petId, change.name);
  // An owner without a phone (null) is '' in the search rows, as in indexVisit.
  else await updateOwnerInSearch(tx, change.ownerId, { name: change.name, phone: change.phone === null ? '' : change.phone });
});

/** What a search filters on, resolved and checked (400s): the purpose a visit type's, the date not in the future. */
async function filterOf(ctx: AppContext, q: VisitListQuery): Promise<SearchFilter> {
  const f: SearchFilter = {};
  if (q.name) f.nameLike = escapeLike(q.name.toLowerCase());
  if (q.phone) f.phonePrefix = q.phone;
  if (q.purpose) {
    const wanted = q.purpose.toLowerCase();
    const type = (await allVisitTypes(ctx.db)).find((t) => t.purpose.toLowerCase() === wanted || t.code === wanted);
    if (!type) throw badRequest(M.unknownPurpose(q.purpose), { purpose: M.unknownPurpose(q.purpose) });
    f.purpose = type.purpose;
  }
  if (q.date) {
    if (q.date > ctx.clock.today()) throw badRequest(M.futureDate, { date: M.futureDate });
    f.businessDate = q.date;
  }
  if (q.state) f.state = q.state;
  if (q.petId) f.petId = q.petId;
  return f;
}

/** POST|GET /visit/getvisitlist: a page of visits, newest first, with the next page's cursor. */
export async function searchVisits(ctx: AppContext, q: VisitListQuery): Promise<VisitListResponse> {
  const filter = await filterOf(ctx, q);
  const after = decodeCursor(q.cursor);
  const found = await searchPage(ctx.db, filter, q.limit, after);
  const { rows, nextCursor } = page(found, q.limit);
  const money = new Map(rows.map((r) => [r.id, r]));
  const List = await visitListRows(
    ctx.db,
    rows.map((r) => r.id),
    money,
  );
  return { success: true, List, nextCursor };
}

/** The search rows of these visits (tests and the reconciliation read them). */
export const searchRowsOf = findSearchRows;

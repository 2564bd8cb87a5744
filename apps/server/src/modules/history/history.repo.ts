import { and, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { visitSearch } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs, newestFirst } from '../../lib/cursor.ts';

/**
 * The Visit History search rows (visit_search): the only file that reads or writes them. One row per visit, written
 * in the transactions that change what it copies (history.service.ts); the search reads this table alone, through
 * its indexes (created_at; business_date, purpose, payment_state and pet_id each with created_at; owner_phone
 * prefix; trigram on lower(pet_name)).
 */

export type SearchRow = typeof visitSearch.$inferSelect;
export type PaymentState = SearchRow['paymentState'];

/** What the ledger says of a visit's sale, in paise. */
export interface SearchMoney {
  chargedPaise: number;
  paidPaise: number;
  duePaise: number;
  refundedPaise: number;
  paymentState: PaymentState;
}

export interface SearchRowInput extends SearchMoney {
  visitId: string;
  /** created_at in UTC at full microsecond precision (`yyyy-MM-ddTHH:mm:ss.ffffff`), as the visit holds it. */
  createdAtUtc: string;
  businessDate: string;
  purpose: string;
  visitTypeId: string;
  /** Null for a walk-in sale, whose owner columns hold the buyer's name and phone. */
  petId: string | null;
  petName: string | null;
  ownerId: string;
  ownerName: string;
  ownerPhone: string;
}

/** Writes (or rewrites) a visit's search row. */
export async function upsertSearchRow(db: DbOrTx, r: SearchRowInput): Promise<void> {
  const { createdAtUtc, ...rest } = r;
  const values = {
    ...rest,
    createdAt: sql`(${createdAtUtc})::timestamp at time zone 'UTC'` as unknown as Date,
    updatedAt: sql`now()` as unknown as Date,
  };
  const { visitId: _id, ...set } = values;
  await db.insert(visitSearch).values(values).onConflictDoUpdate({ target: visitSearch.visitId, set });
}

/**
 * Rewrites the money of a visit's row from its ledger; a voided row stays voided. A visit without a row yet (its
 * sale is still being written: the sale writes the row last) is left alone.
 */
export async function updateSearchMoney(db: DbOrTx, visitId: string, m: SearchMoney): Promise<void> {
  await db
    .update(visitSearch)
    .set({
      chargedPaise: m.chargedPaise,
      paidPaise: m.paidPaise,
      duePaise: m.duePaise,
      refundedPaise: m.refundedPaise,
      paymentState:
        sql`case when ${visitSearch.paymentState} = 'voided' then 'voided' else ${m.paymentState} end` as unknown as PaymentState,
      updatedAt: sql`now()` as unknown as Date,
    })
    .where(eq(visitSearch.visitId, visitId));
}

/** A pet renamed: its rows' copies of the name. */
export async function renamePetInSearch(db: DbOrTx, petId: string, name: string): Promise<void> {
  await db
    .update(visitSearch)
    .set({ petName: name, updatedAt: sql`now()` as unknown as Date })
    .where(and(eq(visitSearch.petId, petId), ne(visitSearch.petName, name)));
}

/** An owner's name or phone changed: its rows' copies. */
export async function updateOwnerInSearch(db: DbOrTx, ownerId: string, o: { name?: string; phone?: string }): Promise<void> {
  const set: Partial<Pick<SearchRow, 'ownerName' | 'ownerPhone'>> = {};
  if (o.name !== undefined) set.ownerName = o.name;
  if (o.phone !== undefined) set.ownerPhone = o.phone;
  if (Object.keys(set).length === 0) return;
  // Only rows whose copy differs: an edit that changes neither rewrites nothing.
  const differs = or(
    ...(set.ownerName !== undefined ? [ne(visitSearch.ownerName, set.ownerName)] : []),
    ...(set.ownerPhone !== undefined ? [ne(visitSearch.ownerPhone, set.ownerPhone)] : []),
  );
  await db
    .update(visitSearch)
    .set({ ...set, updatedAt: sql`now()` as unknown as Date })
    // A walk-in sale's row (no pet) holds its buyer, not the Walk-in customer's record.
    .where(and(eq(visitSearch.ownerId, ownerId), isNotNull(visitSearch.petId), differs));
}

/** These visits' rows (any order). */
export async function findSearchRows(db: DbOrTx, visitIds: readonly string[]): Promise<SearchRow[]> {
  if (visitIds.length === 0) return [];
  return db
    .select()
    .from(visitSearch)
    .where(sql`${visitSearch.visitId} = any(${sql.param([...visitIds])}::varchar[])`);
}

export interface SearchFilter {
  /** Lower-case, LIKE-escaped: pet name contains. */
  nameLike?: string;
  /** Digits: owner phone starts with. */
  phonePrefix?: string;
  purpose?: string;
  businessDate?: string;
  state?: PaymentState;
  petId?: string;
}

/** The filter's conditions, each served by an index of visit_search. */
export function searchConditions(f: SearchFilter): SQL[] {
  const conds: SQL[] = [];
  if (f.nameLike !== undefined) conds.push(sql`lower(${visitSearch.petName}) like ${`%${f.nameLike}%`}`);
  if (f.phonePrefix !== undefined) conds.push(sql`${visitSearch.ownerPhone} like ${`${f.phonePrefix}%`}`);
  if (f.purpose !== undefined) conds.push(eq(visitSearch.purpose, f.purpose));
  if (f.businessDate !== undefined) conds.push(eq(visitSearch.businessDate, f.businessDate));
  if (f.state !== undefined) conds.push(eq(visitSearch.paymentState, f.state));
  if (f.petId !== undefined) conds.push(eq(visitSearch.petId, f.petId));
  return conds;
}

/** One page (limit + 1 rows, to know whether more follow), newest first, after the cursor. */
export function searchPageQuery(db: DbOrTx, f: SearchFilter, limit: number, after?: Cursor) {
  const conds = searchConditions(f);
  if (after) conds.push(afterCursor(visitSearch.createdAt, visitSearch.visitId, after));
  return db
    .select({
      id: visitSearch.visitId,
      cursorTs: cursorTs(visitSearch.createdAt),
      petId: visitSearch.petId,
      visitTypeId: visitSearch.visitTypeId,
      ownerId: visitSearch.ownerId,
      duePaise: visitSearch.duePaise,
      paidPaise: visitSearch.paidPaise,
      paymentState: visitSearch.paymentState,
    })
    .from(visitSearch)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(...newestFirst(visitSearch.createdAt, visitSearch.visitId))
    .limit(limit + 1);
}

export async function searchPage(db: DbOrTx, f: SearchFilter, limit: number, after?: Cursor) {
  return searchPageQuery(db, f, limit, after);
}

import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export interface KeyRef {
  userId: string;
  route: string;
  key: string;
}

const byRef = (r: KeyRef) =>
  and(eq(idempotencyKeys.userId, r.userId), eq(idempotencyKeys.route, r.route), eq(idempotencyKeys.key, r.key));

export async function findKey(db: DbOrTx, r: KeyRef): Promise<IdempotencyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(byRef(r)).limit(1);
  return row;
}

export async function findKeyById(db: DbOrTx, id: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, id)).limit(1);
  return row;
}

/**
 * Takes the key inside the caller's transaction. The unique index (user, route, key) makes a concurrent claim of
 * the same key wait until this transaction ends: it then claims nothing (undefined) when this one committed.
 */
export async function claimKey(tx: DbOrTx, r: KeyRef & { requestHash: string; createdAt: Date }): Promise<string | undefined> {
  const [row] = await tx
    .insert(idempotencyKeys)
    .values(r)
    .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.route, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return row?.id;
}

/** Adds ledger rows the request wrote to its key (inside the transaction that wrote them). */
export async function addLedgerRows(tx: DbOrTx, id: string, ledgerRowIds: readonly string[]): Promise<void> {
  if (ledgerRowIds.length === 0) return;
  await tx
    .update(idempotencyKeys)
    .set({ ledgerRowIds: sql`${idempotencyKeys.ledgerRowIds} || ${JSON.stringify(ledgerRowIds)}::jsonb` })
    .where(eq(idempotencyKeys.id, id));
}

/** The answer given (set once). */
export async function storeAnswer(db: DbOrTx, id: string, statusCode: number, response: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response: response ?? null })
    .where(and(eq(idempotencyKeys.id, id), sql`${idempotencyKeys.statusCode} is null`));
}

/** Deletes this key if it was taken at or before `before` (expired). */
export async function deleteKeyIfExpired(db: DbOrTx, id: string, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), lte(idempotencyKeys.createdAt, before)));
}

/** Deletes every key taken at or before `before`; returns how many. */
export async function deleteExpiredKeys(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, before))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}

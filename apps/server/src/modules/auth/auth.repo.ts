import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures, users } from '../../db/schema/index.ts';
import { type Cursor, afterCursor, cursorTs, newestFirst } from '../../lib/cursor.ts';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<
  Pick<UserRow, 'fullName' | 'phone' | 'address' | 'isAdmin' | 'disabled' | 'passwordHash' | 'sessionsValidAfter'>
>;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The accounts of these ids (those that exist), in one query. */
export async function findUsersByIds(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .returning();
  return row!;
}

/** What the token check needs to know about an account. */
export async function sessionState(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      role: users.role,
      isAdmin: users.isAdmin,
      disabled: users.disabled,
      sessionsValidAfter: users.sessionsValidAfter,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function updateUser(db: DbOrTx, id: string, patch: UserPatch, where?: SQL): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(patch)
    .where(and(eq(users.id, id), where))
    .returning();
  return row;
}

/** Replaces a hash only if it is still the one that was verified (a concurrent password change wins). */
export const replaceHash = (db: DbOrTx, id: string, oldHash: string, newHash: string) =>
  updateUser(db, id, { passwordHash: newHash }, eq(users.passwordHash, oldHash));

/** Staff accounts, newest first, one page (limit + 1 rows: the caller cuts the page). */
export function listStaffRows(db: DbOrTx, limit: number, cursor?: Cursor) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      isAdmin: users.isAdmin,
      disabled: users.disabled,
      cursorTs: cursorTs(users.createdAt),
    })
    .from(users)
    .where(and(eq(users.role, 'staff'), cursor ? afterCursor(users.createdAt, users.id, cursor) : undefined))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(limit + 1);
}

/**
 * Locks the enabled admin accounts until the transaction ends and returns their ids, so two admins changing
 * each other at once cannot leave the system without one.
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.isAdmin, true), eq(users.disabled, false)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------ login failures

export interface FailureCount {
  key: string;
  failures: number;
  /** Whole seconds until the key's window ends. */
  retryAfter: number;
}

const secondsLeft = sql<number>`greatest(1, ceil(extract(epoch from ${loginFailures.windowEnds} - now())))::int`;

/**
 * Counts one attempt against each key, atomically (one upsert; rows lock in key order): a key whose window has
 * passed starts again at 1. Returns every key's count after this attempt.
 */
export async function countAttempt(db: DbOrTx, keys: string[], windowSeconds: number): Promise<FailureCount[]> {
  const sorted = [...new Set(keys)].sort();
  const expired = sql`${loginFailures.windowEnds} <= now()`;
  return db
    .insert(loginFailures)
    .values(sorted.map((key) => ({ key, failures: 1, windowEnds: sql`now() + make_interval(secs => ${windowSeconds})` })))
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else least(${loginFailures.failures} + 1, 1000000000) end`,
        windowEnds: sql`case when ${expired} then excluded.window_ends else ${loginFailures.windowEnds} end`,
      },
    })
    .returning({ key: loginFailures.key, failures: loginFailures.failures, retryAfter: secondsLeft });
}

/**
 * Takes back one counted attempt from each key (the attempt was refused before it was tried, or it succeeded). The
 * rows are locked in key order first, the order `countAttempt`'s upsert locks them in: a plain UPDATE … WHERE key IN
 * may lock them in the table's physical order, and an attempt counted at the same time then deadlocks with it
 * (seen on PostgreSQL as a 500 among concurrent guesses).
 */
export async function uncountAttempt(db: DbOrTx, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  const locked = db
    .select({ key: loginFailures.key })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, sorted), sql`${loginFailures.windowEnds} > now()`))
    .orderBy(loginFailures.key)
    .for('update');
  await db
    .update(loginFailures)
    .set({ failures: sql`greatest(${loginFailures.failures} - 1, 0)` })
    .where(inArray(loginFailures.key, locked));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

/** Deletes the rows whose window has passed; returns how many. */
export async function deleteExpiredFailures(db: DbOrTx): Promise<number> {
  const rows = await db
    .delete(loginFailures)
    .where(lt(loginFailures.windowEnds, sql`now()`))
    .returning({ key: loginFailures.key });
  return rows.length;
}

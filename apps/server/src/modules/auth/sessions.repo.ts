import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, userSessions, users } from '../../db/schema/index.ts';

export type SessionRow = typeof userSessions.$inferSelect;
export type SessionEnd = 'logout' | 'logout-all' | 'ended' | 'password-change' | 'password-reset' | 'admin';

/**
 * What the token check needs, in one query: the account, and (for a token with a session id) that session's row,
 * only when it belongs to the account. No row for the session: `sessionUser` is null.
 */
export async function accountAndSession(db: DbOrTx, id: string, sid: string | null) {
  const [row] = await db
    .select({
      role: users.role,
      isAdmin: users.isAdmin,
      disabled: users.disabled,
      sessionsValidAfter: users.sessionsValidAfter,
      sessionUser: userSessions.userId,
      endedAt: userSessions.endedAt,
      lastSeenAt: userSessions.lastSeenAt,
      expiresAt: userSessions.expiresAt,
    })
    .from(users)
    .leftJoin(userSessions, and(eq(userSessions.id, sid ?? ''), eq(userSessions.userId, users.id)))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function insertSession(db: DbOrTx, values: typeof userSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(userSessions).values(values).returning();
  return row!;
}

/** Last seen now, unless it was set within the last minute (one write a minute at most, whatever the traffic). */
export async function touchSession(db: DbOrTx, sid: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(userSessions.id, sid), lt(userSessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}

const live = () => and(isNull(userSessions.endedAt), gt(userSessions.expiresAt, sql`now()`));

/** The account's live sessions, most recently seen first. */
export function liveSessions(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), live()))
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.id))
    .limit(100);
}

/** Ends one live session of the account; undefined when it has none of that id. */
export async function endSession(db: DbOrTx, userId: string, sid: string, reason: SessionEnd): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(userSessions.id, sid), eq(userSessions.userId, userId), live()))
    .returning();
  return row;
}

/** Ends every live session of the account but `except`; returns how many. */
export async function endSessions(db: DbOrTx, userId: string, reason: SessionEnd, except?: string): Promise<number> {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(userSessions.userId, userId), live(), except ? ne(userSessions.id, except) : undefined))
    .returning({ id: userSessions.id });
  return rows.length;
}

/** Deletes sessions that ended or expired more than a day ago, and reset links expired as long; returns how many. */
export async function deleteOldSessions(db: DbOrTx): Promise<number> {
  const dayAgo = sql`now() - interval '1 day'`;
  const s = await db
    .delete(userSessions)
    .where(or(lt(userSessions.expiresAt, dayAgo), lt(userSessions.endedAt, dayAgo)))
    .returning({ id: userSessions.id });
  const r = await db.delete(passwordResets).where(lt(passwordResets.expiresAt, dayAgo)).returning({ id: passwordResets.id });
  return s.length + r.length;
}

// ------------------------------------------------------------------ password resets

export async function insertReset(db: DbOrTx, userId: string, tokenHash: string, minutes: number): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt: sql`now() + make_interval(mins => ${minutes})` });
}

/** The reset link of this hash, with whether it has expired (by the database's clock). */
export async function findReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      usedAt: passwordResets.usedAt,
      expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
    })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Uses the link if it is still unused and unexpired (atomic: of two concurrent uses one wins). */
export async function consumeReset(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Uses up every other open link of the account (after a reset or a password change). */
export async function consumeAllResets(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

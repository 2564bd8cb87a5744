import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cashDrawerSessions } from '../../db/schema/index.ts';

export type DrawerRow = typeof cashDrawerSessions.$inferSelect;

/**
 * The open session, locked when asked: FOR UPDATE when closing it, FOR SHARE when cash moves (a close waits for
 * the cash, cash of different owners does not wait on each other here).
 */
export async function openSession(db: DbOrTx, lock: boolean | 'share' = false): Promise<DrawerRow | undefined> {
  const q = db.select().from(cashDrawerSessions).where(eq(cashDrawerSessions.status, 'open')).limit(1);
  const [row] = lock === 'share' ? await q.for('share') : lock ? await q.for('update') : await q;
  return row;
}

/** The last session closed. */
export async function lastClosedSession(db: DbOrTx): Promise<DrawerRow | undefined> {
  const [row] = await db
    .select()
    .from(cashDrawerSessions)
    .where(eq(cashDrawerSessions.status, 'closed'))
    .orderBy(desc(cashDrawerSessions.closedAt), desc(cashDrawerSessions.id))
    .limit(1);
  return row;
}

/** A new open session; undefined when one is open already (the unique partial index decides, even under races). */
export async function insertOpenSession(
  db: DbOrTx,
  v: { floatPaise: number; openedBy: string; openedAt: Date; openingNote: string | null },
): Promise<DrawerRow | undefined> {
  const [row] = await db
    .insert(cashDrawerSessions)
    .values({ status: 'open', ...v })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Closes the open session with its figures (once: only an open row is changed). */
export async function closeSessionRow(
  db: DbOrTx,
  id: string,
  v: {
    cashInPaise: number;
    cashOutPaise: number;
    expectedPaise: number;
    countedPaise: number;
    closedBy: string;
    closedAt: Date;
    closingNote: string | null;
  },
): Promise<DrawerRow | undefined> {
  const [row] = await db
    .update(cashDrawerSessions)
    .set({ status: 'closed', ...v })
    .where(and(eq(cashDrawerSessions.id, id), eq(cashDrawerSessions.status, 'open')))
    .returning();
  return row;
}

/** The sessions opened in [from, to), newest first. */
export async function sessionsOpenedBetween(db: DbOrTx, from: Date, to: Date): Promise<DrawerRow[]> {
  return db
    .select()
    .from(cashDrawerSessions)
    .where(and(gte(cashDrawerSessions.openedAt, from), lt(cashDrawerSessions.openedAt, to)))
    .orderBy(desc(cashDrawerSessions.openedAt), desc(cashDrawerSessions.id));
}

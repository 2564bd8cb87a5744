import { and, asc, between, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert & { dedupeKey: string };

/**
 * Inserts outbox rows; a row whose dedupe key exists is left alone, except
 * that a row recorded as unreachable is queued once the owner has an address.
 * Returns the rows inserted or re-queued.
 */
export async function insertDeduped(db: DbOrTx, rows: NewNotification[]): Promise<{ dedupeKey: string; status: string }[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoUpdate({
      target: notifications.dedupeKey,
      set: {
        toAddress: sql`excluded.to_address`,
        subject: sql`excluded.subject`,
        body: sql`excluded.body`,
        meta: sql`excluded.meta`,
        status: 'queued',
        attempts: 0,
        lastError: null,
        nextAttemptAt: sql`now()`,
      },
      setWhere: sql`${notifications.status} = 'unreachable' and excluded.to_address is not null`,
    })
    .returning({ dedupeKey: notifications.dedupeKey, status: notifications.status });
  return out.map((r) => ({ dedupeKey: r.dedupeKey!, status: r.status }));
}

/**
 * Holds, until the transaction ends, one lock per key (sorted, so two callers never wait on each other in a
 * cycle): the callers that write messages about the same owner and day run one at a time.
 */
export async function lockKeys(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(${sql.param(sorted)}::text[]) as k order by k`,
  );
}

/** Messages of these kinds to these owners about days from `from` to `to`, oldest first. */
export async function findOwnerMessages(
  db: DbOrTx,
  q: { ownerIds: readonly string[]; from: string; to: string; kinds: readonly string[] },
): Promise<NotificationRow[]> {
  if (q.ownerIds.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(
      and(
        inArray(notifications.ownerId, [...new Set(q.ownerIds)]),
        between(notifications.refDate, q.from, q.to),
        inArray(notifications.kind, [...q.kinds]),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

export async function insertMessage(db: DbOrTx, row: NewNotification): Promise<NotificationRow> {
  const [inserted] = await db.insert(notifications).values(row).returning();
  return inserted!;
}

/**
 * Rewrites a message that has not gone out yet (still `status`: queued or unreachable). Returns nothing when it
 * changed meanwhile (a worker claimed it): the caller then treats it as sent.
 */
export async function rewriteUnsent(
  db: DbOrTx,
  id: string,
  status: string,
  values: Pick<NotificationRow, 'kind' | 'toAddress' | 'subject' | 'body' | 'meta' | 'status'>,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set(values.status === status ? values : { ...values, attempts: 0, lastError: null, nextAttemptAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.status, status)))
    .returning();
  return row;
}

/** Messages about days from `from` to `to`, newest first. */
export async function findByRefDate(db: DbOrTx, from: string, to: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(from === to ? eq(notifications.refDate, from) : between(notifications.refDate, from, to))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Puts a failed message back in the queue with a fresh set of attempts. */
export async function requeueFailed(db: DbOrTx, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.status, 'failed')))
    .returning();
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

// ---- the outbox worker's side (jobs/outbox.ts, through the service) ----

export interface OutboxBacklog {
  /** Messages not sent yet that will still be tried (queued, or being sent). */
  pending: number;
  /** When the oldest of them was queued (null: none pending). */
  oldestPendingAt: Date | null;
  /** Messages the worker gave up on (staff may retry them). */
  failed: number;
}

/**
 * The outbox's backlog for monitoring (/api/health, /metrics): one statement over the rows of those three states,
 * found through `notifications_due_idx` (status first), so its cost follows the backlog, not the sent history.
 */
export async function backlog(db: DbOrTx): Promise<OutboxBacklog> {
  const [row] = await db
    .select({
      pending: sql<string>`count(*) filter (where ${notifications.status} in ('queued', 'sending'))`,
      oldest: sql<
        string | Date | null
      >`min(${notifications.createdAt}) filter (where ${notifications.status} in ('queued', 'sending'))`,
      failed: sql<string>`count(*) filter (where ${notifications.status} = 'failed')`,
    })
    .from(notifications)
    .where(inArray(notifications.status, ['queued', 'sending', 'failed']));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { pending: Number(row?.pending ?? 0), oldestPendingAt: oldest, failed: Number(row?.failed ?? 0) };
}

const due = (now: Date) => and(inArray(notifications.status, ['queued', 'sending']), lte(notifications.nextAttemptAt, now));

/**
 * Claims up to `batch` due rows in one statement: moves them to `sending`
 * with a lease until `leaseUntil` and counts an attempt. SKIP LOCKED, and the
 * claim re-checks the row, so concurrent workers never claim the same row.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, batch: number): Promise<NotificationRow[]> {
  return db
    .update(notifications)
    .set({ status: 'sending', nextAttemptAt: leaseUntil, attempts: sql`${notifications.attempts} + 1` })
    .where(
      and(
        due(now),
        inArray(
          notifications.id,
          db
            .select({ id: notifications.id })
            .from(notifications)
            .where(due(now))
            .orderBy(asc(notifications.nextAttemptAt))
            .limit(batch)
            .for('update', { skipLocked: true }),
        ),
      ),
    )
    .returning();
}

export async function markSent(db: DbOrTx, id: string, sentAt: Date, transport: string): Promise<void> {
  await db
    .update(notifications)
    .set({
      status: 'sent',
      sentAt,
      lastError: null,
      meta: sql`coalesce(${notifications.meta}, '{}'::jsonb) || jsonb_build_object('transport', ${transport}::text)`,
    })
    .where(eq(notifications.id, id));
}

/** A failed attempt: `failed` for good, or `queued` again at `nextAttemptAt`; the reason is kept. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  f: { final: boolean; reason: string; nextAttemptAt?: Date },
): Promise<void> {
  await db
    .update(notifications)
    .set({
      status: f.final ? 'failed' : 'queued',
      lastError: f.reason,
      ...(f.nextAttemptAt ? { nextAttemptAt: f.nextAttemptAt } : {}),
    })
    .where(eq(notifications.id, id));
}

/** The newest messages to an address (test servers' mailbox, GET /test/emails). */
export function findLatestTo(db: DbOrTx, address: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.toAddress, address))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

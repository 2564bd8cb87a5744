import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { importRuns } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs, newestFirst } from '../../lib/cursor.ts';

export type ImportRunRow = typeof importRuns.$inferSelect;

const listColumns = {
  id: importRuns.id,
  mode: importRuns.mode,
  status: importRuns.status,
  via: importRuns.via,
  startedBy: importRuns.startedBy,
  source: importRuns.source,
  startedAt: importRuns.startedAt,
  finishedAt: importRuns.finishedAt,
  documents: importRuns.documents,
  error: importRuns.error,
};
export type ImportRunListRow = Pick<ImportRunRow, keyof typeof listColumns>;

/** `limit + 1` runs, newest first, after the cursor (the report is left out: it can be large). */
export function runRows(db: DbOrTx, q: { limit: number; cursor?: Cursor }) {
  return db
    .select({ ...listColumns, cursorTs: cursorTs(importRuns.startedAt) })
    .from(importRuns)
    .where(q.cursor ? afterCursor(importRuns.startedAt, importRuns.id, q.cursor) : undefined)
    .orderBy(...newestFirst(importRuns.startedAt, importRuns.id))
    .limit(q.limit + 1);
}

/** A run without its report's problems lists beyond the first `shown` per collection (they are paged). */
export async function runById(db: DbOrTx, id: string): Promise<ImportRunRow | undefined> {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, id)).limit(1);
  return row;
}

/** Runs still marked running (the admin screen's and the command line's). */
export function runningRuns(db: DbOrTx) {
  return db
    .select({
      id: importRuns.id,
      via: importRuns.via,
      source: importRuns.source,
      startedAt: importRuns.startedAt,
      report: importRuns.report,
    })
    .from(importRuns)
    .where(eq(importRuns.status, 'running'));
}

/** Runs that ended since `since` among `ids` (a stream following runs of another instance). */
export function endedRuns(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: importRuns.id, status: importRuns.status, error: importRuns.error })
    .from(importRuns)
    .where(and(inArray(importRuns.id, ids), sql`${importRuns.status} <> 'running'`));
}

/** Marks runs abandoned (their process stopped before they finished). */
export async function markAbandoned(db: DbOrTx, ids: string[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(importRuns)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(inArray(importRuns.id, ids), eq(importRuns.status, 'running')));
}

/** A running run's progress and heartbeat, kept in its report column until the report replaces it. */
export async function saveLiveState(db: DbOrTx, id: string, live: unknown, documents: number): Promise<void> {
  await db
    .update(importRuns)
    .set({ report: { live }, documents })
    .where(and(eq(importRuns.id, id), eq(importRuns.status, 'running')));
}

/** Whether a dry run of this source finished (the screen's Import needs one first). */
export async function dryRunDone(db: DbOrTx, source: string): Promise<boolean> {
  const [row] = await db
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.source, source), eq(importRuns.mode, 'dry-run'), eq(importRuns.status, 'done')))
    .limit(1);
  return row !== undefined;
}

/**
 * A page of a finished run's problems for one collection (`other`: those tied to none), read from the stored
 * report in SQL so a long list never leaves the database whole; with the total.
 */
export async function problemsPage(
  db: DbOrTx,
  id: string,
  collection: string,
  offset: number,
  limit: number,
): Promise<{ problems: unknown[]; total: number } | undefined> {
  const list =
    collection === 'other'
      ? sql`coalesce(${importRuns.report}->'problems', '[]'::jsonb)`
      : sql`coalesce((select c->'problems' from jsonb_array_elements(coalesce(${importRuns.report}->'collections', '[]'::jsonb)) c
                where c->>'collection' = ${collection} limit 1), '[]'::jsonb)`;
  const result = (await db.execute(sql`
    with r as (select ${list} as list from ${importRuns} where ${importRuns.id} = ${id})
    select jsonb_array_length(r.list)::int as total,
      coalesce((select jsonb_agg(p.value order by p.n) from jsonb_array_elements(r.list) with ordinality as p(value, n)
                where p.n > ${offset} and p.n <= ${offset + limit}), '[]'::jsonb) as problems
    from r
  `)) as unknown as { rows: { total: number; problems: unknown[] }[] };
  const row = result.rows[0];
  if (!row) return undefined;
  return { total: row.total, problems: typeof row.problems === 'string' ? JSON.parse(row.problems) : row.problems };
}

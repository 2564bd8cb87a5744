import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { subscriptionEvents, visitItems, visits } from '../../../db/schema/index.ts';
import type { ImportContext } from './context.ts';
import { insertUnnest } from './unnest.ts';
import { indexImportedVisits, insertSearchRows, type NewSearchRow } from './visit-search.repo.ts';

type VisitInsert = typeof visits.$inferInsert;

/**
 * Writes one batch of imported visits (the visits and bills importers): the visits, their lines, the purchase
 * events, the ledger rows posted for them and their search rows, one multi-row statement each. Documents seen for
 * the first time are plain inserts (nothing of theirs can exist: their batch either committed with its import
 * records or left nothing); changed ones are updated in place, their lines replaced, their search rows recomputed
 * from the ledger.
 */
export async function writeVisitBatch(
  tx: Tx,
  ctx: ImportContext,
  b: {
    rows: VisitInsert[];
    lines: (typeof visitItems.$inferInsert)[];
    events?: (typeof subscriptionEvents.$inferInsert)[];
    search: NewSearchRow[];
    /** Ids of the documents that changed since an earlier run. */
    changed: string[];
    /** The visit columns a changed document rewrites. */
    update: (keyof VisitInsert & string)[];
  },
): Promise<void> {
  const changed = new Set(b.changed);
  const isNew = (id: string | undefined | null) => !changed.has(id ?? '');
  await insertUnnest(
    tx,
    visits,
    b.rows.filter((r) => isNew(r.id)),
    { onConflict: 'error' },
  );
  await insertUnnest(
    tx,
    visits,
    b.rows.filter((r) => !isNew(r.id)),
    { onConflict: { target: ['id'], update: b.update } },
  );
  if (changed.size > 0) {
    await tx.execute(sql`delete from visit_items where visit_id = any(${sql.param([...changed])}::varchar[])`);
  }
  await insertUnnest(tx, visitItems, b.lines, { onConflict: 'error' });
  const events = b.events ?? [];
  await insertUnnest(
    tx,
    subscriptionEvents,
    events.filter((e) => isNew(e.visitId)),
    { onConflict: 'error' },
  );
  await insertUnnest(
    tx,
    subscriptionEvents,
    events.filter((e) => !isNew(e.visitId)),
  );
  await ctx.ledger.flush(tx, { strict: true });
  await insertSearchRows(tx, b.search);
  await indexImportedVisits(tx, b.changed);
}

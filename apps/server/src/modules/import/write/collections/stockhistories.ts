import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client.ts';
import { stockMovements } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { upsertMany } from '../bulk.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderItem } from '../placeholders.repo.ts';
import { rebalanceImportedStock } from '../stock.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { count } from './amounts.ts';

/** How far apart (ms) a usage log and the stock history row the same request wrote may be. */
const SAME_USE_MS = 2 * 60_000;

type Rows<T> = { rows: T[] };

/** Usage-log movements a stock history row has joined already (this run or before): each joins one. */
const joined = (ctx: ImportContext) =>
  ctx.cached('joinedUsage', async (db) => {
    const r = (await db.execute(
      sql`select target_id as id from import_records where collection = 'stockhistories' and outcome = 'merged'`,
    )) as unknown as Rows<{ id: string }>;
    return new Set(r.rows.map((x) => x.id));
  });

/** The usage-log movements ('sold', written by the usagelogs importer) of these items in the time window. */
async function usageMovements(tx: Tx, itemIds: string[], from: Date, to: Date) {
  if (itemIds.length === 0) return [];
  const r = (await tx.execute(sql`
    select m.id, m.item_id as "itemId", m.delta, m.created_at as "createdAt", m.note
      from stock_movements m
      join import_records r on r.collection = 'usagelogs' and r.target_table = 'visits' and r.target_id = m.ref_id
     where m.reason = 'sold' and m.item_id in (${sql.join(
       itemIds.map((i) => sql`${i}`),
       sql`, `,
     )})
       and m.created_at between ${from} and ${to}
  `)) as unknown as Rows<{ id: string; itemId: string; delta: number; createdAt: Date | string; note: string | null }>;
  return r.rows.map((m) => ({ ...m, createdAt: new Date(m.createdAt) }));
}

const ACTIONS = { used: 'used', added: 'added', adjusted: 'adjusted' } as const;

/**
 * stockhistories → stock_movements. The original wrote a history row only for a use recorded in the usage log
 * (reference §3 rules 14–15: the same request wrote both), so a 'Used' row that matches a usage log (the same item
 * and quantity, within two minutes) is that log's movement already: it is merged into it (its note gains the
 * original's stock before and after) rather than taken twice. Any other row is a movement of its own, keeping its
 * id: 'used' (−quantity), 'added' (+quantity) or 'adjusted' (current − previous stock). The staff member is a name
 * and goes into the note. A row whose item was deleted is kept on 'Deleted item' and listed. The opening balances
 * are recomputed at the end, so every item's stock is still the sum of its movements.
 */
export const stockHistoriesImporter: CollectionImporter = {
  collection: 'stockhistories',
  async importBatch(tx, docs, ctx) {
    const items = await lookups.inventory(ctx);
    const taken = await joined(ctx);
    const times = docs.map((d) => new Fields(ctx, d).created().getTime());
    const itemIds = [
      ...new Set(
        docs.map((d) => (typeof d.doc.inventoryId === 'object' ? String(d.doc.inventoryId) : String(d.doc.inventoryId ?? ''))),
      ),
    ].filter((id) => /^[0-9a-f]{24}$/.test(id));
    const candidates = await usageMovements(
      tx,
      itemIds,
      new Date(Math.min(...times) - SAME_USE_MS),
      new Date(Math.max(...times) + SAME_USE_MS),
    );
    // By item and quantity, oldest first: a use joins the first free one within the window.
    const byUse = new Map<string, typeof candidates>();
    for (const m of candidates.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : 1))) {
      const k = `${m.itemId}:${m.delta}`;
      byUse.set(k, [...(byUse.get(k) ?? []), m]);
    }
    const moves: (typeof stockMovements.$inferInsert)[] = [];
    const notes: { id: string; note: string }[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const created = f.created();
      if (doc.previous?.outcome === 'merged') {
        outcomes.push({ kind: 'merged', table: 'stock_movements', id: doc.previous.targetId });
        continue;
      }
      const itemRef = f.ref('inventoryId');
      let itemId = itemRef;
      if (!itemId || !items.has(itemId)) {
        ctx.problem(
          doc,
          `inventoryId: item ${itemRef ?? 'missing'} (${f.text('itemName') || 'no name'}) does not exist (deleted); kept on 'Deleted item'`,
        );
        itemId = await placeholderItem(tx, ctx);
      }
      const raw = f.text('actionType').toLowerCase();
      let action = ACTIONS[raw as keyof typeof ACTIONS];
      if (!action) {
        ctx.problem(doc, `actionType: "${f.text('actionType')}" is not Added, Used or Adjusted; recorded as adjusted`);
        action = 'adjusted';
      }
      const quantity = count(ctx, doc, f, 'quantity') ?? 0;
      const before = count(ctx, doc, f, 'previousStock');
      const after = count(ctx, doc, f, 'currentStock');
      let delta: number;
      if (action === 'used') delta = -quantity;
      else if (action === 'added') delta = quantity;
      else delta = before !== null && after !== null ? after - before : 0;
      if (before !== null && after !== null && after - before !== delta) {
        ctx.problem(
          doc,
          `the record says stock ${before} → ${after} for ${raw || 'a change'} of ${quantity}; the movement is ${delta > 0 ? '+' : ''}${delta}`,
        );
      }
      const staff = f.text('staff');
      const said = `the original's record: ${before ?? '?'} → ${after ?? '?'}${staff ? `, by ${staff}` : ''}${f.text('notes') ? ` (${f.text('notes')})` : ''}`;

      if (action === 'used') {
        const same = (byUse.get(`${itemId}:${delta}`) ?? []).find(
          (m) => Math.abs(m.createdAt.getTime() - created.getTime()) <= SAME_USE_MS && !taken.has(m.id),
        );
        if (same) {
          taken.add(same.id);
          notes.push({ id: same.id, note: `${same.note ?? 'Used'}; ${said}` });
          outcomes.push({ kind: 'merged', table: 'stock_movements', id: same.id });
          continue;
        }
        ctx.problem(doc, 'a use with no usage log of the same item, quantity and time; recorded as a movement of its own');
      }
      if (delta === 0) ctx.problem(doc, 'a movement of 0 (kept as the original recorded it)');
      moves.push({
        id: doc.id,
        itemId,
        delta,
        stockAfter: 0, // the running balance is written at the end of the collection
        reason: action,
        note: `Stock history of the original system: ${said}`,
        createdAt: created,
      });
      outcomes.push({ kind: 'imported', table: 'stock_movements', id: doc.id });
    }
    await upsertMany(tx, stockMovements, moves, stockMovements.id, ['id', 'stockAfter']);
    if (notes.length > 0) {
      const values = sql.join(
        notes.map((n) => sql`(${n.id}, ${n.note})`),
        sql`, `,
      );
      await tx.execute(sql`update stock_movements m set note = v.note from (values ${values}) as v(id, note) where m.id = v.id`);
    }
    return outcomes;
  },

  async finish(tx, ctx) {
    await rebalanceImportedStock(tx, ctx);
  },
};

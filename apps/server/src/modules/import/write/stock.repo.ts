import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { stockMovements } from '../../../db/schema/index.ts';
import { upsertMany } from './bulk.ts';
import type { ImportContext } from './context.ts';
import { derivedId } from './ids.ts';
import { PLACEHOLDER } from './placeholders.repo.ts';

/** The reason of an imported item's opening balance (the one movement the importer computes rather than reads). */
export const OPENING_REASON = 'imported';

/** The id of an item's opening balance movement (one per item, so a rerun rewrites it rather than adding one). */
export const openingId = (itemId: string) => derivedId('inventories', itemId, 'opening');

const list = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

type Rows<T> = { rows: T[] };

/**
 * Keeps Pawdesk's rule that an item's stock is the sum of its movements (inventory/stock-sales tests reconcile it)
 * for every imported item and the 'Deleted item' placeholder. The original's current stock is the truth (it already
 * reflects every use), while its records of uses (prescriptions, usage logs, stock history) come in as movements
 * with their own dates, and its additions and edits were never recorded (reference §3 rule 15). So each item has one
 * opening movement, reason 'imported', dated before its first recorded movement, of the stock less what the
 * recorded movements add up to; and every movement's `stock_after` is the running balance in time order, ending at
 * the stock. Called at the end of each collection that writes movements (any importer that adds stock movements, a
 * visit's medicines too, calls it in its `finish`); it rewrites only rows of imported items.
 */
export async function rebalanceImportedStock(tx: Tx, ctx: ImportContext): Promise<void> {
  const items = (
    (await tx.execute(sql`
      select i.id, i.stock, i.created_at as "createdAt", i.item_name as name,
             coalesce(sum(m.delta) filter (where m.reason <> ${OPENING_REASON}), 0)::int as recorded,
             count(m.id) filter (where m.reason <> ${OPENING_REASON})::int as moves,
             min(m.created_at) filter (where m.reason <> ${OPENING_REASON}) as "firstAt"
        from inventory_items i
        left join stock_movements m on m.item_id = i.id
       where i.id in (select target_id from import_records where collection in ('inventories', '_placeholders')
                        and target_table = 'inventory_items')
       group by i.id
    `)) as unknown as Rows<{
      id: string;
      stock: number;
      createdAt: Date | string;
      name: string;
      recorded: number;
      moves: number;
      firstAt: Date | string | null;
    }>
  ).rows;
  if (items.length === 0) return;
  const openings: (typeof stockMovements.$inferInsert)[] = [];
  for (const i of items) {
    // The placeholder stands in for deleted items: a balance only when something moved on it.
    if (i.id === PLACEHOLDER.item && i.moves === 0) continue;
    const created = new Date(i.createdAt);
    const first = i.firstAt ? new Date(i.firstAt) : null;
    const delta = i.stock - i.recorded;
    const listed = ctx.peek<Set<string>>('negativeOpenings') ?? (await ctx.cached('negativeOpenings', async () => new Set()));
    if (delta < 0 && !listed.has(i.id)) {
      listed.add(i.id);
      ctx.problem(
        { id: i.id },
        `stock of ${i.name}: the original's records add ${i.recorded} while its stock is ${i.stock}; the opening balance is ${delta}`,
      );
    }
    openings.push({
      id: openingId(i.id),
      itemId: i.id,
      delta,
      stockAfter: delta,
      reason: OPENING_REASON,
      note:
        i.moves === 0
          ? `Stock brought over from the original system (${i.stock})`
          : `Stock brought over from the original system: ${i.stock} now, less the ${i.moves} recorded movement${i.moves === 1 ? '' : 's'} after this (${i.recorded > 0 ? '+' : ''}${i.recorded})`,
      createdAt: first && first < created ? first : created,
    });
  }
  await upsertMany(tx, stockMovements, openings, stockMovements.id, ['id']);
  const ids = items.map((i) => i.id);
  // The running balance, the opening first, then by time (ties by id, so a rerun orders them the same way).
  await tx.execute(sql`
    update stock_movements m set stock_after = s.running
      from (select id, sum(delta) over (partition by item_id
                                        order by (reason <> ${OPENING_REASON}), created_at, id
                                        rows between unbounded preceding and current row)::int as running
              from stock_movements where item_id in (${list(ids)})) s
     where s.id = m.id and m.stock_after is distinct from s.running
  `);
}

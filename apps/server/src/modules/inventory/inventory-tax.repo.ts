import { isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems } from '../../db/schema/index.ts';

export type TaxedItemRow = Pick<
  typeof inventoryItems.$inferSelect,
  'id' | 'itemName' | 'hsnCode' | 'gstRatePercent' | 'gstExempt' | 'priceIncludesTax'
>;

const columns = {
  id: inventoryItems.id,
  itemName: inventoryItems.itemName,
  hsnCode: inventoryItems.hsnCode,
  gstRatePercent: inventoryItems.gstRatePercent,
  gstExempt: inventoryItems.gstExempt,
  priceIncludesTax: inventoryItems.priceIncludesTax,
};

/** Items (not deleted) whose name is one of these, ignoring case and surrounding spaces. */
export async function findTaxedItemsByName(db: DbOrTx, names: readonly string[]): Promise<TaxedItemRow[]> {
  const keys = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (keys.length === 0) return [];
  return db
    .select(columns)
    .from(inventoryItems)
    .where(sql`${isNull(inventoryItems.deletedAt)} and lower(trim(${inventoryItems.itemName})) = any(${sql.param(keys)}::text[])`)
    .orderBy(inventoryItems.createdAt);
}

/** Items by id, deleted or not (a document names what was sold then). */
export async function findTaxedItemsById(db: DbOrTx, ids: readonly string[]): Promise<TaxedItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(inventoryItems)
    .where(sql`${inventoryItems.id} = any(${sql.param([...new Set(ids)])}::varchar[])`);
}

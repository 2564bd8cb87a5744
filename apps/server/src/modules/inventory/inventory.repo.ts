import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { normalItemName } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, stockMovements } from '../../db/schema/index.ts';

export type ItemRow = typeof inventoryItems.$inferSelect;
export type MovementRow = typeof stockMovements.$inferSelect;
export type ItemWithKey = ItemRow & { sortKey: string };

const active = isNull(inventoryItems.deletedAt);
const sortKey = sql<string>`lower(${inventoryItems.itemName})`;

/** `%`, `_` and `\` match themselves in a LIKE prefix (backslash is PostgreSQL's default escape). */
export function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PageArgs {
  /** Trimmed, non-empty search text, or undefined for all. */
  search?: string;
  limit: number;
  /** Keyset: items after (lower(name), id). */
  after?: { key: string; id: string };
  /** Only items at or below their reorder level. */
  lowOnly?: boolean;
}

/** A page of active items by name (case-insensitive), then id; one more row than asked tells there is a next page. */
export async function pageItems(db: DbOrTx, a: PageArgs): Promise<ItemWithKey[]> {
  const where = [active];
  // lower(item_name) LIKE 'abc%' uses inventory_name_idx (text_pattern_ops).
  if (a.search) where.push(sql`${sortKey} like ${likePrefix(a.search)}`);
  if (a.lowOnly) where.push(lte(inventoryItems.stock, inventoryItems.reorderLevel));
  if (a.after) where.push(sql`(${sortKey}, ${inventoryItems.id}) > (${a.after.key}, ${a.after.id})`);
  return db
    .select({ item: inventoryItems, sortKey })
    .from(inventoryItems)
    .where(and(...where))
    .orderBy(asc(sortKey), asc(inventoryItems.id))
    .limit(a.limit + 1)
    .then((rows) => rows.map((r) => ({ ...r.item, sortKey: r.sortKey })));
}

export async function findActiveItem(db: DbOrTx, id: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, id), active))
    .limit(1);
  return row;
}

/** The active item, locked until the transaction ends. */
export async function lockActiveItem(db: DbOrTx, id: string): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, id), active))
    .limit(1)
    .for('update');
  return row;
}

export async function findActiveItems(db: DbOrTx, ids: readonly string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(inventoryItems)
    .where(and(inArray(inventoryItems.id, [...ids]), active));
}

/** Items by id whether deleted or not (names of past prescription lines). */
export async function findItemsAnyState(db: DbOrTx, ids: readonly string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, [...ids]));
}

/** The name as the unique index compares it: normalItemName in SQL. */
const normalName = sql<string>`lower(regexp_replace(btrim(${inventoryItems.itemName}), ' +', ' ', 'g'))`;

/**
 * Another active item with this name (whatever the case and runs of spaces: normalItemName) and stock unit, if any
 * (inventory_active_name_unit_uq).
 */
export async function findActiveNamesake(
  db: DbOrTx,
  name: string,
  stockUnit: string,
  exceptId?: string,
): Promise<ItemRow | undefined> {
  const where = [active, sql`${normalName} = ${normalItemName(name)}`, eq(inventoryItems.stockUnit, stockUnit)];
  if (exceptId) where.push(sql`${inventoryItems.id} <> ${exceptId}`);
  const [row] = await db
    .select()
    .from(inventoryItems)
    .where(and(...where))
    .limit(1);
  return row;
}

export async function insertItem(db: DbOrTx, values: typeof inventoryItems.$inferInsert): Promise<ItemRow> {
  const [row] = await db.insert(inventoryItems).values(values).returning();
  return row!;
}

export async function updateItem(db: DbOrTx, id: string, values: Partial<typeof inventoryItems.$inferInsert>): Promise<ItemRow> {
  const [row] = await db
    .update(inventoryItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(inventoryItems.id, id))
    .returning();
  return row!;
}

/**
 * Takes `quantity` units in one statement: succeeds only while enough stock
 * is left, so concurrent takers can never drive it below zero.
 */
export async function takeStockAtomically(db: DbOrTx, id: string, quantity: number): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(inventoryItems)
    .set({ stock: sql`${inventoryItems.stock} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(inventoryItems.id, id), active, gte(inventoryItems.stock, quantity)))
    .returning();
  return row;
}

export async function insertMovement(db: DbOrTx, values: typeof stockMovements.$inferInsert): Promise<MovementRow> {
  const [row] = await db.insert(stockMovements).values(values).returning();
  return row!;
}

export async function listMovements(db: DbOrTx, itemId: string, limit: number): Promise<MovementRow[]> {
  return db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.itemId, itemId))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit);
}

/** Active items whose GST rate is `percent`: the first `limit` names (by name) and how many there are. */
export async function itemsWithGstRate(db: DbOrTx, percent: number, limit: number): Promise<{ names: string[]; count: number }> {
  const where = and(active, eq(inventoryItems.gstRatePercent, percent));
  const [rows, [counted]] = await Promise.all([
    db.select({ name: inventoryItems.itemName }).from(inventoryItems).where(where).orderBy(asc(sortKey)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(inventoryItems).where(where),
  ]);
  return { names: rows.map((r) => r.name), count: Number(counted?.n ?? 0) };
}

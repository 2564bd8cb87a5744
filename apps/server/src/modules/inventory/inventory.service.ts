import {
  defaultReorderLevel,
  GST_MSG,
  INVENTORY_LIST_UNPAGED_MAX,
  INVENTORY_MESSAGES,
  type InventoryEditBody,
  type InventoryItem,
  type InventoryItemBody,
  type InventoryListQuery,
  type StockMovement,
  type StockReason,
  toPaise,
  toRupees,
} from '@pawdesk/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { decodeKeyset, pageBy } from '../../lib/cursor.ts';
import { AppError, conflict, notFound, pgConstraint } from '../../lib/errors.ts';
import { gstRatesForCheck, requireGstRateInForce } from '../site/gst-settings.service.ts';
import {
  findActiveItem,
  findActiveItems,
  findActiveNamesake,
  findItemsAnyState,
  type ItemRow,
  insertItem,
  insertMovement,
  itemsWithGstRate,
  listMovements,
  lockActiveItem,
  type MovementRow,
  pageItems,
  takeStockAtomically,
  updateItem,
} from './inventory.repo.ts';

export type { ItemRow };

const NOT_FOUND = 'Inventory item';

export function toApiItem(r: ItemRow): InventoryItem {
  return {
    _id: r.id,
    itemName: r.itemName,
    stock: r.stock,
    stockUnit: r.stockUnit as InventoryItem['stockUnit'],
    itemType: r.itemType as InventoryItem['itemType'],
    unitCostPrice: toRupees(r.unitCostPaise),
    unitMinRetailPriceNGO: toRupees(r.unitMinRetailNgoPaise),
    unitMaxRetailPriceCustomer: toRupees(r.unitMaxRetailCustomerPaise),
    reorderLevel: r.reorderLevel,
    isLowStock: r.stock <= r.reorderLevel,
    totalVolume: r.totalVolume ?? null,
    volumeML: r.volumeML ?? null,
    hsnCode: r.hsnCode ?? null,
    gstRate: Number(r.gstRatePercent),
    gstExempt: r.gstExempt,
    priceIncludesTax: r.priceIncludesTax,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toApiMovement(m: MovementRow): StockMovement {
  return {
    _id: m.id,
    itemId: m.itemId,
    delta: m.delta,
    stockAfter: m.stockAfter,
    reason: m.reason,
    refId: m.refId ?? null,
    userId: m.userId ?? null,
    note: m.note ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The GST columns a save writes: what the body names; the rest as `current` has them (a new item: no HSN, 0 %, inclusive). */
function gstColumns(b: InventoryItemBody, current?: ItemRow) {
  return {
    hsnCode: b.hsnCode !== undefined ? b.hsnCode : (current?.hsnCode ?? null),
    gstRatePercent: b.gstRate ?? current?.gstRatePercent ?? 0,
    gstExempt: b.gstExempt ?? current?.gstExempt ?? false,
    priceIncludesTax: b.priceIncludesTax ?? current?.priceIncludesTax ?? true,
  };
}

/** A rate the save sets (a new one, or a changed one) must be in the admin's list and in force today. */
async function checkGstRate(tx: DbOrTx, b: InventoryItemBody, today: string, current?: ItemRow): Promise<void> {
  // Prices exclusive of GST are refused until the sale paths add it on top (docs/decisions.md).
  if (b.priceIncludesTax === false && (current?.priceIncludesTax ?? true)) {
    throw new AppError(400, GST_MSG.exclusiveNotYet, { priceIncludesTax: GST_MSG.exclusiveNotYet });
  }
  if (b.gstRate === undefined || (current && Number(current.gstRatePercent) === b.gstRate)) return;
  await requireGstRateInForce(tx, b.gstRate, today);
}

function columns(b: InventoryItemBody) {
  return {
    itemName: b.itemName,
    stock: b.stock,
    stockUnit: b.stockUnit,
    itemType: b.itemType,
    unitCostPaise: toPaise(b.unitCostPrice),
    unitMinRetailNgoPaise: toPaise(b.unitMinRetailPriceNGO),
    unitMaxRetailCustomerPaise: toPaise(b.unitMaxRetailPriceCustomer),
    totalVolume: b.totalVolume ?? null,
    volumeML: b.volumeML ?? null,
  };
}

/** The names index: one active item per name (case-insensitive) and stock unit. */
const NAME_UNIT_INDEX = 'inventory_active_name_unit_uq';

function duplicateName(b: Pick<InventoryItemBody, 'itemName' | 'stockUnit'>, existing?: ItemRow) {
  const message = INVENTORY_MESSAGES.duplicateName(existing?.itemName ?? b.itemName, b.stockUnit);
  return new AppError(409, message, { itemName: message }, existing ? { existingId: existing.id } : undefined);
}

/** Refuses (409) a name and unit that another active item has; call in the save's transaction. */
async function assertNameFree(tx: DbOrTx, b: InventoryItemBody, exceptId?: string): Promise<void> {
  const namesake = await findActiveNamesake(tx, b.itemName, b.stockUnit, exceptId);
  if (namesake) throw duplicateName(b, namesake);
}

/** A save that sets a name and unit: the unique index decides between concurrent saves (also a 409). */
async function uniqueName<T>(b: InventoryItemBody, save: Promise<T>): Promise<T> {
  try {
    return await save;
  } catch (err) {
    if (pgConstraint(err) === NAME_UNIT_INDEX) throw duplicateName(b);
    throw err;
  }
}

export async function listItems(
  db: DbOrTx,
  q: InventoryListQuery,
  opts: { lowOnly?: boolean } = {},
): Promise<{ items: InventoryItem[]; nextCursor: string | null }> {
  const limit = q.limit ?? INVENTORY_LIST_UNPAGED_MAX;
  const rows = await pageItems(db, {
    search: q.search ? q.search : undefined,
    limit,
    // Keyset on (lower(name), id).
    after: q.cursor ? decodeKeyset(q.cursor) : undefined,
    lowOnly: opts.lowOnly,
  });
  const page = pageBy(rows, limit, (r) => r.sortKey);
  return { items: page.rows.map(toApiItem), nextCursor: page.nextCursor };
}

export async function getItem(db: DbOrTx, id: string): Promise<InventoryItem> {
  const row = await findActiveItem(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return toApiItem(row);
}

/** Adds an item and records its opening stock. */
export async function addItem(db: Db, b: InventoryItemBody, userId: string, today: string): Promise<InventoryItem> {
  return uniqueName(b, addItemRow(db, b, userId, today));
}

function addItemRow(db: Db, b: InventoryItemBody, userId: string, today: string): Promise<InventoryItem> {
  return db.transaction(async (tx) => {
    await checkGstRate(tx, b, today);
    await assertNameFree(tx, b);
    const row = await insertItem(tx, {
      ...columns(b),
      ...gstColumns(b),
      reorderLevel: b.reorderLevel ?? defaultReorderLevel(b.stockUnit),
    });
    await insertMovement(tx, {
      itemId: row.id,
      delta: row.stock,
      stockAfter: row.stock,
      reason: 'added',
      userId,
      note: 'Opening stock',
    });
    return toApiItem(row);
  });
}

/**
 * Saves the full item. The row is locked while it changes; when the client
 * sends the `updatedAt` it read and the item changed since, nothing is saved
 * (409) so a refill never overwrites a prescription taken meanwhile.
 */
export async function editItem(db: Db, b: InventoryEditBody, userId: string, today: string): Promise<InventoryItem> {
  return uniqueName(b, editItemRow(db, b, userId, today));
}

function editItemRow(db: Db, b: InventoryEditBody, userId: string, today: string): Promise<InventoryItem> {
  return db.transaction(async (tx) => {
    // The rate list's lock (shared) before the item's row lock: a change of the list takes only its own lock.
    if (b.gstRate !== undefined) await gstRatesForCheck(tx);
    const current = await lockActiveItem(tx, b._id);
    if (!current) throw notFound(NOT_FOUND);
    if (b.updatedAt !== undefined && Date.parse(b.updatedAt) !== current.updatedAt.getTime()) {
      throw conflict(INVENTORY_MESSAGES.changedMeanwhile, { item: toApiItem(current) });
    }
    await checkGstRate(tx, b, today, current);
    await assertNameFree(tx, b, current.id);
    const row = await updateItem(tx, current.id, {
      ...columns(b),
      ...gstColumns(b, current),
      reorderLevel: b.reorderLevel ?? current.reorderLevel,
    });
    if (row.stock !== current.stock) {
      await insertMovement(tx, {
        itemId: row.id,
        delta: row.stock - current.stock,
        stockAfter: row.stock,
        reason: 'edited',
        userId,
      });
    }
    return toApiItem(row);
  });
}

/** Soft delete: the row stays for past prescriptions and the audit trail; its remaining stock is written off. */
export async function deleteItem(db: Db, id: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockActiveItem(tx, id);
    if (!current) throw notFound(NOT_FOUND);
    await updateItem(tx, id, { deletedAt: new Date(), stock: 0 });
    await insertMovement(tx, {
      itemId: id,
      delta: -current.stock,
      stockAfter: 0,
      reason: 'deleted',
      userId,
      note: 'Item deleted',
    });
  });
}

export async function stockHistory(db: DbOrTx, id: string, limit: number): Promise<StockMovement[]> {
  const [item] = await findItemsAnyState(db, [id]);
  if (!item) throw notFound(NOT_FOUND);
  return (await listMovements(db, id, limit)).map(toApiMovement);
}

// ---- for other modules (prescriptions, visits) ----

/** Active items by id (deleted and unknown ids are absent from the map). */
export async function activeItemsById(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ItemRow>> {
  return new Map((await findActiveItems(db, ids)).map((r) => [r.id, r]));
}

/** Items by id including deleted ones (to show names of past records). */
export async function itemsByIdAnyState(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ItemRow>> {
  return new Map((await findItemsAnyState(db, ids)).map((r) => [r.id, r]));
}

/**
 * Takes stock inside the caller's transaction and records the movement.
 * Returns the updated row, or null when not enough stock is left (or the
 * item is gone): the caller decides the message and rolls back.
 */
export async function takeStock(
  tx: DbOrTx,
  m: { itemId: string; quantity: number; reason: StockReason; refId?: string; userId?: string | null; note?: string },
): Promise<ItemRow | null> {
  const row = await takeStockAtomically(tx, m.itemId, m.quantity);
  if (!row) return null;
  await insertMovement(tx, {
    itemId: m.itemId,
    delta: -m.quantity,
    stockAfter: row.stock,
    reason: m.reason,
    refId: m.refId,
    userId: m.userId ?? null,
    note: m.note,
  });
  return row;
}

/** Active items with the GST rate `percent`: up to `limit` names and the count (the rate list may not drop a rate in use). */
export function itemsUsingGstRate(db: DbOrTx, percent: number, limit: number): Promise<{ names: string[]; count: number }> {
  return itemsWithGstRate(db, percent, limit);
}

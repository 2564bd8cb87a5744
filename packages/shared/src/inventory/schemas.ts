import { z } from 'zod';
import { DEFAULT_REORDER_LEVEL, INVENTORY_TYPES, INVENTORY_UNITS, type InventoryType, type InventoryUnit } from '../catalog.ts';
import { amountTooLarge, cursorQuery, idSchema, MAX_AMOUNT_RUPEES, MAX_COUNT, requiredString, text } from '../common.ts';
import { hasAtMostTwoDecimals } from '../money.ts';
import { gstAnswerFields, itemGstFields } from '../tax/settings.ts';

/** Labels of the stock units and item types as the forms show them; the values are what is saved. */
export const INVENTORY_UNIT_LABEL: Record<InventoryUnit, string> = { ml: 'ml', item: 'item', tablet: 'tablet', mg: 'mg' };
export const INVENTORY_TYPE_LABEL: Record<InventoryType, string> = {
  disposable: 'Disposable',
  syringe: 'Syringe',
  medicine: 'Medicine',
  vaccine: 'Vaccine',
};

/** Spec 000 §8 outcome messages of the inventory screens. */
export const INVENTORY_MESSAGES = {
  added: 'Inventory item added successfully!',
  addFailed: 'Failed to add inventory item',
  edited: 'Inventory item edited successfully!',
  editFailed: 'Failed to edit the inventory item',
  detailsFailed: 'Error in getting details',
  deleted: 'Inventory item deleted successfully!',
  deleteFailed: 'Failed to delete inventory item!',
  deleteError: 'An error occurred while deleting the inventory item.',
  deleteConfirm: 'Are you sure you want to delete this inventory item?',
  changedMeanwhile: 'This item was changed by someone else while you were editing. Reload it and try again.',
  /** A second active item with the same name and stock unit (case-insensitive): 409. */
  duplicateName: (name: string, unit: string) =>
    `An item named '${name}' with stock unit ${unit} already exists. Edit that item (refill its stock) instead of adding another.`,
} as const;

/**
 * An item name as the duplicate rule compares it (issue 18): without spaces around it, runs of spaces as one, in
 * lower case ('Cotton Roll' and ' cotton  roll' are one name). The unique index of active items uses the same
 * expression in SQL: lower(regexp_replace(btrim(item_name), ' +', ' ', 'g')).
 */
export function normalItemName(name: string): string {
  return name
    .replace(/^ +| +$/g, '')
    .replace(/ +/g, ' ')
    .toLowerCase();
}

/** Largest stock (an `integer` column) and unit price accepted (see MAX_COUNT and MAX_AMOUNT_RUPEES). */
export const MAX_STOCK = MAX_COUNT;
export const MAX_PRICE_RUPEES = MAX_AMOUNT_RUPEES;

/** Numbers may arrive as numbers or numeric strings (form inputs); an empty string counts as absent. */
function toNumberish(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : v;
}

const wholeNumber = (label: string, required: boolean) => {
  const base = z
    .number({
      error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be a number`),
    })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine(Number.isInteger, `${label} must be a whole number`)
    .refine((n) => n >= 0, `${label} cannot be negative`)
    .refine((n) => n <= MAX_STOCK, `${label} must be at most ${MAX_STOCK.toLocaleString('en-IN')}`);
  return z.preprocess(toNumberish, required ? base : base.optional());
};

const price = (label: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : toNumberish(v)),
    z
      .number({ error: `${label} must be a number` })
      .refine((n) => n >= 0, `${label} cannot be negative`)
      .refine((n) => n <= MAX_PRICE_RUPEES, amountTooLarge(MAX_PRICE_RUPEES, label))
      .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals`)
      .default(0),
  );

/** Volumes are `numeric(12, 2)` columns (below 10^10, rounded to two decimals). */
const MAX_VOLUME = MAX_COUNT;

const volume = (label: string) =>
  z.preprocess(
    toNumberish,
    z
      .number({ error: `${label} must be a number` })
      .refine((n) => n >= 0, `${label} cannot be negative`)
      .refine((n) => n <= MAX_VOLUME, `${label} must be at most ${MAX_VOLUME.toLocaleString('en-IN')}`)
      .nullable()
      .optional(),
  );

/** POST /inventory/addinventory (spec 000 §7): the three prices are optional and default to 0. */
export const inventoryItemBody = z.object({
  itemName: requiredString('Item name is required', 200, 'Item name is too long'),
  stock: wholeNumber('Stock', true),
  stockUnit: z.enum(INVENTORY_UNITS, { error: 'Please select a valid stock unit (ml, item, tablet or mg)' }).default('ml'),
  itemType: z
    .enum(INVENTORY_TYPES, { error: 'Please select a valid item type (disposable, syringe, medicine or vaccine)' })
    .default('disposable'),
  unitCostPrice: price('Unit cost price'),
  unitMinRetailPriceNGO: price('NGO minimum retail price'),
  unitMaxRetailPriceCustomer: price('Customer maximum retail price'),
  /** Stock at or below this shows on the alert list; defaults per unit (DEFAULT_REORDER_LEVEL). */
  reorderLevel: wholeNumber('Reorder level', false),
  totalVolume: volume('Total volume'),
  volumeML: volume('Volume (ml)'),
  /** GST (issue 17), optional: on add, absent means no HSN, rate 0, not exempt, price includes GST; on edit, unchanged. */
  ...itemGstFields,
});
export type InventoryItemBody = z.output<typeof inventoryItemBody>;
export type InventoryItemInput = z.input<typeof inventoryItemBody>;

/** POST /inventory/editinventory: the full item including `_id`; `updatedAt` (as read) guards against lost updates. */
export const inventoryEditBody = inventoryItemBody.extend({
  _id: idSchema,
  updatedAt: text().max(40).optional(),
});
export type InventoryEditBody = z.output<typeof inventoryEditBody>;

/** The reorder level a new item gets when none is given. */
export function defaultReorderLevel(unit: InventoryUnit): number {
  return DEFAULT_REORDER_LEVEL[unit];
}

/** An inventory item as the API returns it (prices in rupees, instants ISO 8601). */
export const inventoryItemSchema = z.object({
  _id: z.string(),
  itemName: z.string(),
  stock: z.number(),
  stockUnit: z.enum(INVENTORY_UNITS),
  itemType: z.enum(INVENTORY_TYPES),
  unitCostPrice: z.number(),
  unitMinRetailPriceNGO: z.number(),
  unitMaxRetailPriceCustomer: z.number(),
  reorderLevel: z.number(),
  /** stock <= reorderLevel */
  isLowStock: z.boolean(),
  totalVolume: z.number().nullable(),
  volumeML: z.number().nullable(),
  /** GST (issue 17): HSN code (null: none), rate in percent (0 = not taxed), exempt, whether prices include GST. */
  hsnCode: z.string().nullable(),
  ...gstAnswerFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** GET /inventory/getallinventory: trimmed, case-insensitive name prefix search; bounded pages. */
/**
 * Items a list answers when the request names no `limit`: the existing web client never pages (its inventory list
 * and prescription item selects read one answer), so it gets up to this many, by name, with `nextCursor` for the
 * rest. Pawdesk's screens send `limit` (1..100) and page.
 */
export const INVENTORY_LIST_UNPAGED_MAX = 500;

export const inventoryListQuery = z.object({
  search: text().trim().max(100, 'Search text is too long').optional(),
  /** 1..100 when given; absent: up to INVENTORY_LIST_UNPAGED_MAX. */
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: cursorQuery(300),
});
export type InventoryListQuery = z.output<typeof inventoryListQuery>;

export const inventoryListResponse = z.object({
  success: z.literal(true),
  items: z.array(inventoryItemSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type InventoryListResponse = z.infer<typeof inventoryListResponse>;

export const inventoryItemResponse = z.object({ success: z.literal(true), item: inventoryItemSchema });
export const inventorySavedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  item: inventoryItemSchema,
});

/**
 * Why stock moved. The last three come only from the import of the original system (issue 21): `imported` is an
 * item's opening balance, `used` and `adjusted` are rows of the original's stock history.
 */
export const STOCK_REASONS = [
  'added',
  'edited',
  'prescribed',
  'deleted',
  'visit',
  'sold',
  'imported',
  'used',
  'adjusted',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const stockMovementSchema = z.object({
  _id: z.string(),
  itemId: z.string(),
  delta: z.number(),
  stockAfter: z.number(),
  reason: z.string(),
  refId: z.string().nullable(),
  userId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementsResponse = z.object({ success: z.literal(true), movements: z.array(stockMovementSchema) });

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, paise, pk, ref, refTo, updatedAt } from './_columns.ts';

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: pk(),
    itemName: text('item_name').notNull(),
    stock: integer('stock').notNull().default(0),
    stockUnit: varchar('stock_unit', { length: 8 }).notNull().default('ml'),
    itemType: varchar('item_type', { length: 16 }).notNull().default('disposable'),
    unitCostPaise: paise('unit_cost_paise').notNull().default(0),
    unitMinRetailNgoPaise: paise('unit_min_retail_ngo_paise').notNull().default(0),
    unitMaxRetailCustomerPaise: paise('unit_max_retail_customer_paise').notNull().default(0),
    reorderLevel: integer('reorder_level').notNull().default(10),
    totalVolume: numeric('total_volume', { precision: 12, scale: 2, mode: 'number' }),
    volumeML: numeric('volume_ml', { precision: 12, scale: 2, mode: 'number' }),
    /** GST (issue 17): the goods' HSN code, rate (percent; 0 = not taxed), exempt, and whether prices include it. */
    hsnCode: varchar('hsn_code', { length: 8 }),
    gstRatePercent: numeric('gst_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    gstExempt: boolean('gst_exempt').notNull().default(false),
    priceIncludesTax: boolean('price_includes_tax').notNull().default(true),
    /** The original's item code ("P-01") and the fields Pawdesk keeps without using (issue 21): medicine, brand and
     * salt names, subtypes, expiry date, supplier. */
    itemCode: text('item_code'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('inventory_stock_ck', sql`${t.stock} >= 0`),
    check(
      'inventory_prices_ck',
      sql`${t.unitCostPaise} >= 0 and ${t.unitMinRetailNgoPaise} >= 0 and ${t.unitMaxRetailCustomerPaise} >= 0`,
    ),
    check('inventory_gst_ck', sql`${t.gstRatePercent} >= 0 and ${t.gstRatePercent} <= 100`),
    check('inventory_unit_ck', sql`${t.stockUnit} in ('ml','item','tablet','mg')`),
    check('inventory_type_ck', sql`${t.itemType} in ('disposable','syringe','medicine','vaccine')`),
    index('inventory_name_idx').on(sql`lower(${t.itemName}) text_pattern_ops`),
    // One active item per name and stock unit, whatever the case and runs of spaces (normalItemName in shared; a
    // deleted item's name may be used again).
    uniqueIndex('inventory_active_name_unit_uq')
      .on(sql`lower(regexp_replace(btrim(${t.itemName}), ' +', ' ', 'g'))`, t.stockUnit)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Every change of stock, with its reason and who made it. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: pk(),
    itemId: refTo('item_id', () => inventoryItems.id),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    /** added | edited | prescribed | deleted | visit */
    reason: varchar('reason', { length: 16 }).notNull(),
    refId: ref('ref_id'),
    userId: ref('user_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_item_idx').on(t.itemId, t.createdAt)],
);

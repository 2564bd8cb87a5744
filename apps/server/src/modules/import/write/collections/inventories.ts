import {
  defaultReorderLevel,
  INVENTORY_TYPES,
  INVENTORY_UNITS,
  type InventoryType,
  type InventoryUnit,
  normalItemName,
} from '@pawdesk/shared';
import { isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { inventoryItems } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { upsertMany } from '../bulk.ts';
import { lookups } from '../lookups.repo.ts';
import { rebalanceImportedStock } from '../stock.repo.ts';
import type { CollectionImporter, Incoming, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { amount, count, rupees } from './amounts.ts';

const key = (name: string, unit: string) => `${normalItemName(name)}\u0000${unit}`;

/**
 * Active item names per stock unit (Pawdesk's unique index: one active item per name and unit), and item codes,
 * as the database holds them and as this run adds them.
 */
const names = (ctx: ImportContext) =>
  ctx.cached('inventoryNames', async (db: DbOrTx) => {
    const rows = await db
      .select({
        id: inventoryItems.id,
        name: inventoryItems.itemName,
        unit: inventoryItems.stockUnit,
        code: inventoryItems.itemCode,
      })
      .from(inventoryItems)
      .where(isNull(inventoryItems.deletedAt));
    const byName = new Map<string, string>();
    const byCode = new Map<string, string>();
    for (const r of rows) {
      byName.set(key(r.name, r.unit), r.id);
      if (r.code) byCode.set(r.code.trim().toUpperCase(), r.id);
    }
    return { byName, byCode, nameOf: new Map(rows.map((r) => [r.id, r.name])) };
  });

/** The original's item types: 'injection' (Mar 2026) was 'syringe' before, Pawdesk's name for it. */
function itemType(ctx: ImportContext, doc: Incoming, v: unknown): InventoryType {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (t === 'injection') return 'syringe';
  if ((INVENTORY_TYPES as readonly string[]).includes(t)) return t as InventoryType;
  ctx.problem(
    doc,
    `itemType: ${v === undefined ? 'missing' : JSON.stringify(v)} is not a type of the original; recorded as disposable`,
  );
  return 'disposable';
}

/**
 * inventories → inventory_items, before pets (whose vaccinations are checked against the names of items that are
 * not vaccines). The original's item code ("P-01") goes to item_code, and what Pawdesk keeps without using
 * (medicine, brand and salt names, subtypes, expiry date, supplier, who created it, old fields) to `details`.
 * Old documents (before Jun 2025) held the count in `stockUnit` (a number) and no `stock`: that count is the stock,
 * in items. Prices become paise (rounding listed); an NGO price above the customer price is listed and kept.
 * A second active item with the same name and unit (Pawdesk allows one) is kept, renamed '<name> (duplicate N)'
 * as Pawdesk's own migrations did, and listed. The stock is the original's current stock; its opening movement
 * (reason 'imported') is written at the end so that the stock equals the sum of the item's movements.
 */
export const inventoriesImporter: CollectionImporter = {
  collection: 'inventories',
  async importBatch(tx, docs, ctx) {
    const items = await lookups.inventory(ctx);
    const users = await lookups.users(ctx);
    const { byName, byCode, nameOf } = await names(ctx);
    const rows: (typeof inventoryItems.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      let name = f.text('itemName');
      if (!name) {
        name = f.text('medicineName') || 'Unnamed item';
        ctx.problem(doc, `itemName: missing; recorded as "${name}"`);
      }
      const rawUnit = f.get('stockUnit');
      let unit: InventoryUnit;
      let stock: number | null;
      if (typeof rawUnit === 'number') {
        // The shape before Jun 2025: stockUnit was the count.
        unit = 'item';
        stock = count(ctx, doc, f, 'stockUnit', rawUnit);
        ctx.problem(
          doc,
          `stockUnit: ${rawUnit} is the count of the old shape (before Jun 2025): stock ${stock ?? 0}, counted in items`,
        );
        if (f.get('stock') !== undefined && f.get('stock') !== null) {
          const s = count(ctx, doc, f, 'stock');
          if (s !== null && s !== stock) ctx.problem(doc, `stock: ${s} beside the old count ${stock}; the stock field is kept`);
          stock = s ?? stock;
        }
      } else {
        const u = f.text('stockUnit').toLowerCase();
        if ((INVENTORY_UNITS as readonly string[]).includes(u)) unit = u as InventoryUnit;
        else {
          unit = 'item';
          ctx.problem(
            doc,
            `stockUnit: ${rawUnit === undefined ? 'missing' : JSON.stringify(rawUnit)} is not a unit; recorded as item`,
          );
        }
        stock = count(ctx, doc, f, 'stock');
      }
      if (stock === null) {
        ctx.problem(doc, 'stock: missing (optional in the original); recorded as 0');
        stock = 0;
      }
      const rawType = f.get('itemType');
      const type = itemType(ctx, doc, rawType);
      if (rawType === 'syringe')
        ctx.problem(doc, 'itemType: "syringe" of the old shape (called injection since Mar 2026); Pawdesk calls it syringe');
      if (rawType === 'injection') ctx.problem(doc, 'itemType: "injection" is what Pawdesk calls syringe');
      const cost = amount(ctx, doc, f, 'unitCostPrice');
      const ngo = amount(ctx, doc, f, 'unitMinRetailPriceNGO');
      const customer = amount(ctx, doc, f, 'unitMaxRetailPriceCustomer');
      for (const [field, v] of [
        ['unitCostPrice', cost],
        ['unitMinRetailPriceNGO', ngo],
        ['unitMaxRetailPriceCustomer', customer],
      ] as const) {
        if (v === null) ctx.problem(doc, `${field}: missing; recorded as ₹0.00`);
        else if (v < 0) ctx.problem(doc, `${field}: ${rupees(v)} is negative; recorded as ₹0.00`);
      }
      const price = (v: number | null) => Math.max(0, v ?? 0);
      if (ngo !== null && customer !== null && ngo > customer) {
        ctx.problem(
          doc,
          `the NGO price ${rupees(ngo)} is above the customer price ${rupees(customer)} (the original forbids it); both kept as they are`,
        );
      }

      // One active item per name and unit: a later namesake is renamed, as Pawdesk's migrations 0007 and 0018 did.
      const k = key(name, unit);
      let storedName = name;
      const holder = byName.get(k);
      if (holder && holder !== doc.id) {
        const kept = doc.previous ? nameOf.get(doc.id) : undefined;
        if (kept && kept !== name && normalItemName(kept).startsWith(normalItemName(name))) storedName = kept;
        else {
          for (let n = 1; ; n++) {
            storedName = `${name} (duplicate ${n})`;
            const other = byName.get(key(storedName, unit));
            if (!other || other === doc.id) break;
          }
        }
        ctx.problem(
          doc,
          `itemName: "${name}" (${unit}) is also item ${holder} (${nameOf.get(holder) ?? name}); Pawdesk keeps one active item per name and unit, so this one is kept as "${storedName}" for staff to merge or delete`,
        );
      }
      byName.set(key(storedName, unit), doc.id);
      nameOf.set(doc.id, storedName);

      const code = f.optText('itemId');
      if (code) {
        const other = byCode.get(code.toUpperCase());
        if (other && other !== doc.id) {
          ctx.problem(
            doc,
            `itemId: "${code}" is also the code of item ${other} (the original counted codes, so they collide after deletions); kept on both`,
          );
        } else byCode.set(code.toUpperCase(), doc.id);
      } else ctx.problem(doc, 'itemId: missing (items made before item codes); no item code');

      const supplier = f.get('supplier') as Record<string, unknown> | null | undefined;
      const createdBy = f.ref('createdBy');
      if (createdBy && !users.has(createdBy)) ctx.problem(doc, `createdBy: user ${createdBy} does not exist (deleted); left out`);
      const details: Record<string, unknown> = {};
      const put = (k2: string, v: unknown) => {
        if (v !== null && v !== undefined && v !== '') details[k2] = v;
      };
      put('medicineName', f.optText('medicineName'));
      put('brandName', f.optText('brandName'));
      put('saltName', f.optText('saltName'));
      put('disposableSubType', f.optText('disposableSubType'));
      put('injectionSubType', f.optText('injectionSubType'));
      put('expiryDate', f.day('expiryDate'));
      if (supplier && typeof supplier === 'object') {
        const s = {
          name: f.text('supplier.name', supplier.name),
          contact: f.text('supplier.contact', supplier.contact),
          email: f.text('supplier.email', supplier.email),
        };
        if (s.name || s.contact || s.email) details.supplier = s;
      }
      if (createdBy && users.has(createdBy)) details.createdBy = createdBy;
      put('recommendedDoses', f.number('recommendedDoses'));
      if (storedName !== name) details.originalName = name;
      if (rawType === 'injection' || rawType === 'syringe') details.originalItemType = rawType;

      rows.push({
        id: doc.id,
        itemName: storedName,
        stock,
        stockUnit: unit,
        itemType: type,
        unitCostPaise: price(cost),
        unitMinRetailNgoPaise: price(ngo),
        unitMaxRetailCustomerPaise: price(customer),
        reorderLevel: defaultReorderLevel(unit),
        totalVolume: f.number('totalVolume'),
        volumeML: f.number('volumeML'),
        itemCode: code,
        details: Object.keys(details).length > 0 ? details : null,
        createdAt: f.created(),
        updatedAt: f.updated(),
      });
      items.set(doc.id, {
        id: doc.id,
        itemName: storedName,
        itemType: type,
        stockUnit: unit,
        unitCostPaise: price(cost),
        ngoPaise: price(ngo),
        customerPaise: price(customer),
      });
      outcomes.push({ kind: 'imported', table: 'inventory_items', id: doc.id });
    }
    // A changed item keeps what Pawdesk set on it (reorder level, GST).
    await upsertMany(tx, inventoryItems, rows, inventoryItems.id, ['id', 'reorderLevel']);
    return outcomes;
  },

  async finish(tx, ctx) {
    await rebalanceImportedStock(tx, ctx);
  },
};

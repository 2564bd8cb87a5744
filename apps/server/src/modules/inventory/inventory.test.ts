import { DEFAULT_REORDER_LEVEL, INVENTORY_LIST_UNPAGED_MAX, INVENTORY_MESSAGES } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inventoryItems, stockMovements } from '../../db/schema/index.ts';
import { makeItem } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

const V = '/api/v1/inventory';
const add = (payload: object, token = staff.token) => t.call({ method: 'POST', url: `${V}/addinventory`, payload, token });
const edit = (payload: object, token = staff.token) => t.call({ method: 'POST', url: `${V}/editinventory`, payload, token });
const details = (id: string, token = staff.token) => t.call({ method: 'GET', url: `${V}/getinventoryitemdetails/${id}`, token });
const list = (query: Record<string, string> = {}, token = staff.token) =>
  t.call({ method: 'GET', url: `${V}/getallinventory`, query, token });
const movements = async (itemId: string) =>
  t.database.db.select().from(stockMovements).where(eq(stockMovements.itemId, itemId)).orderBy(stockMovements.createdAt);
/** A name prefix unique to one test, so searches only see that test's items. */
let n = 0;
const uniq = (label: string) => `Zq${++n}${Math.random().toString(36).slice(2, 7)} ${label}`;

describe('POST /inventory/addinventory', () => {
  it('adds an item with every field, answers the spec message and records the opening stock', async () => {
    const fields = {
      stock: 120,
      stockUnit: 'tablet',
      itemType: 'medicine',
      unitCostPrice: 4,
      unitMinRetailPriceNGO: 6.5,
      unitMaxRetailPriceCustomer: 9.25,
    };
    const res = await add({ itemName: '  Amoxicillin 250mg ', ...fields });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Inventory item added successfully!',
      item: { itemName: 'Amoxicillin 250mg', ...fields, reorderLevel: DEFAULT_REORDER_LEVEL.tablet, isLowStock: false },
    });
    expect(body.item._id).toMatch(/^[0-9a-f]{24}$/);
    const [row] = await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, body.item._id));
    expect(row).toMatchObject({ unitCostPaise: 400, unitMinRetailNgoPaise: 650, unitMaxRetailCustomerPaise: 925 });
    const m = await movements(body.item._id);
    expect(m).toMatchObject([{ delta: 120, stockAfter: 120, reason: 'added', userId: staff.id }]);
  });

  it('applies the defaults: unit ml, type disposable, prices 0, reorder level per unit', async () => {
    const res = await add({ itemName: 'Saline', stock: '50' });
    expect(res.statusCode).toBe(201);
    expect(res.json().item).toMatchObject({
      stock: 50,
      stockUnit: 'ml',
      itemType: 'disposable',
      unitCostPrice: 0,
      unitMinRetailPriceNGO: 0,
      unitMaxRetailPriceCustomer: 0,
      reorderLevel: DEFAULT_REORDER_LEVEL.ml,
    });
  });

  it.each(['ml', 'item', 'tablet', 'mg'] as const)('defaults the reorder level for %s', async (unit) => {
    const res = await add({ itemName: uniq('unit'), stock: 1, stockUnit: unit });
    expect(res.json().item.reorderLevel).toBe(DEFAULT_REORDER_LEVEL[unit]);
  });

  it('saves the Vaccine type as vaccine (the known defect saved it as medicine)', async () => {
    const res = await add({ itemName: 'Rabies Vaccine', stock: 10, stockUnit: 'item', itemType: 'vaccine' });
    expect(res.json().item.itemType).toBe('vaccine');
    const [row] = await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, res.json().item._id));
    expect(row!.itemType).toBe('vaccine');
  });

  it('keeps an explicit reorder level', async () => {
    const res = await add({ itemName: uniq('rl'), stock: 3, stockUnit: 'item', reorderLevel: 0 });
    expect(res.json().item.reorderLevel).toBe(0);
  });

  it.each([
    [{ stock: 1 }, 'itemName', 'Item name is required'],
    [{ itemName: '   ', stock: 1 }, 'itemName', 'Item name is required'],
    [{ itemName: 'X' }, 'stock', 'Stock is required'],
    [{ itemName: 'X', stock: '' }, 'stock', 'Stock is required'],
    [{ itemName: 'X', stock: -1 }, 'stock', 'Stock cannot be negative'],
    [{ itemName: 'X', stock: 'ten' }, 'stock', 'Stock must be a number'],
    [{ itemName: 'X', stock: 2.5 }, 'stock', 'Stock must be a whole number'],
    [{ itemName: 'X', stock: 1, stockUnit: 'litre' }, 'stockUnit', 'Please select a valid stock unit (ml, item, tablet or mg)'],
    [
      { itemName: 'X', stock: 1, itemType: 'food' },
      'itemType',
      'Please select a valid item type (disposable, syringe, medicine or vaccine)',
    ],
    [{ itemName: 'X', stock: 1, unitCostPrice: -2 }, 'unitCostPrice', 'Unit cost price cannot be negative'],
    [{ itemName: 'X', stock: 1, unitCostPrice: 'abc' }, 'unitCostPrice', 'Unit cost price must be a number'],
    [
      { itemName: 'X', stock: 1, unitMinRetailPriceNGO: 1.234 },
      'unitMinRetailPriceNGO',
      'NGO minimum retail price can have at most two decimals',
    ],
    [
      { itemName: 'X', stock: 1, unitMaxRetailPriceCustomer: -0.5 },
      'unitMaxRetailPriceCustomer',
      'Customer maximum retail price cannot be negative',
    ],
    [{ itemName: 'X', stock: 1, reorderLevel: -3 }, 'reorderLevel', 'Reorder level cannot be negative'],
    [{ itemName: 'X', stock: 1e12 }, 'stock', 'Stock must be at most 10,00,00,000'],
  ])('rejects %j with a 400 and the field message; nothing saved', async (payload, field, message) => {
    const before = await t.database.db.$count(inventoryItems);
    const res = await add(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await t.database.db.$count(inventoryItems)).toBe(before);
  });
});

describe('permissions', () => {
  const someId = 'a'.repeat(24);
  it.each([
    ['POST', `${V}/addinventory`, { itemName: 'X', stock: 1 }],
    ['GET', `${V}/getallinventory`, undefined],
    ['POST', `${V}/editinventory`, { _id: someId, itemName: 'X', stock: 1 }],
    ['DELETE', `${V}/deleteinventory/${someId}`, undefined],
    ['GET', `${V}/getinventoryitemdetails/${someId}`, undefined],
    ['GET', `${V}/getalertlist`, undefined],
    ['GET', `${V}/getstockmovements/${someId}`, undefined],
  ] as const)('%s %s: anonymous 401, customer 403', async (method, url, payload) => {
    const anon = await t.call({ method, url, payload });
    expect(anon.statusCode).toBe(401);
    const cust = await t.call({ method, url, payload, token: customer.token });
    expect(cust.statusCode).toBe(403);
    expect(cust.json().success).toBe(false);
  });
});

describe('GET /inventory/getallinventory', () => {
  it('searches by a trimmed, case-insensitive name prefix, sorted by name', async () => {
    const p = uniq('');
    const prefix = p.trim();
    for (const name of [`${prefix}beta`, `${prefix}Alpha`, `${prefix}ALPINE`, `x${prefix}alpha`]) {
      await add({ itemName: name, stock: 5 });
    }
    const res = await list({ search: `  ${prefix.toUpperCase()}AL  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { itemName: string }) => i.itemName)).toEqual([`${prefix}Alpha`, `${prefix}ALPINE`]);
    // a prefix, not "contains"
    const none = await list({ search: `lpha${prefix}` });
    expect(none.json().items).toEqual([]);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const p = uniq('').trim();
    await add({ itemName: `${p}50% Dextrose`, stock: 5 });
    await add({ itemName: `${p}500 Dextrose`, stock: 5 });
    await add({ itemName: `${p}a_b`, stock: 5 });
    await add({ itemName: `${p}axb`, stock: 5 });
    expect((await list({ search: `${p}50%` })).json().items.map((i: any) => i.itemName)).toEqual([`${p}50% Dextrose`]);
    expect((await list({ search: `${p}a_` })).json().items.map((i: any) => i.itemName)).toEqual([`${p}a_b`]);
    expect((await list({ search: '%' })).json().items).toEqual([]);
  });

  it('is bounded: pages with limit and cursor cover every item once', async () => {
    const p = uniq('').trim();
    const names = Array.from({ length: 7 }, (_, i) => `${p}item ${String(i).padStart(2, '0')}`);
    for (const name of names) await add({ itemName: name, stock: 1 });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await list({ search: p, limit: '3', ...(cursor ? { cursor } : {}) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((x: any) => x.itemName));
      cursor = body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(names);
    expect((await list({ limit: '500' })).statusCode).toBe(400);
    expect((await list({ cursor: 'garbage!' })).statusCode).toBe(400);
  });

  it('answers up to 500 items without a limit (the existing client never pages), alert list too', async () => {
    const p = uniq('').trim();
    await t.database.db.insert(inventoryItems).values(
      Array.from({ length: INVENTORY_LIST_UNPAGED_MAX + 20 }, (_, i) => ({
        itemName: `${p} ${String(i).padStart(3, '0')}`,
        stock: 0,
        stockUnit: 'item',
        reorderLevel: 5,
      })),
    );
    const all = (await list({ search: p })).json();
    expect(all.items).toHaveLength(INVENTORY_LIST_UNPAGED_MAX);
    expect(all.items[0].itemName).toBe(`${p} 000`);
    expect(typeof all.nextCursor).toBe('string');
    expect((await list({ search: p, cursor: all.nextCursor })).json().items).toHaveLength(20);
    expect((await list({ search: p, limit: '50' })).json().items).toHaveLength(50);
    const alerts = (await t.call({ method: 'GET', url: `${V}/getalertlist`, token: staff.token })).json();
    expect(alerts.items).toHaveLength(INVENTORY_LIST_UNPAGED_MAX);
    expect(typeof alerts.nextCursor).toBe('string');
  });
});

describe('details, edit and delete', () => {
  it('reads one item; unknown ids 404, malformed ids 400', async () => {
    const item = (await add({ itemName: uniq('detail'), stock: 2 })).json().item;
    const res = await details(item._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, item });
    expect((await details('b'.repeat(24))).statusCode).toBe(404);
    expect((await details('b'.repeat(24))).json().message).toBe('Inventory item not found');
    expect((await details('nope')).statusCode).toBe(400);
  });

  it('edits the full item, answers the spec message and records the stock change', async () => {
    const item = (await add({ itemName: uniq('edit'), stock: 10, stockUnit: 'item', itemType: 'syringe' })).json().item;
    const res = await edit({
      ...item,
      itemName: 'Insulin Syringe',
      stock: 35,
      itemType: 'vaccine',
      unitCostPrice: 6,
      unitMinRetailPriceNGO: 9,
      unitMaxRetailPriceCustomer: 14,
      reorderLevel: 12,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Inventory item edited successfully!',
      item: { itemName: 'Insulin Syringe', stock: 35, itemType: 'vaccine', unitMaxRetailPriceCustomer: 14, reorderLevel: 12 },
    });
    const m = await movements(item._id);
    expect(m.map((x) => [x.reason, x.delta, x.stockAfter, x.userId])).toEqual([
      ['added', 10, 10, staff.id],
      ['edited', 25, 35, staff.id],
    ]);
    // an edit that leaves the stock alone writes no movement
    const again = await edit({ ...res.json().item, itemName: 'Insulin Syringe 1ml' });
    expect(again.statusCode).toBe(200);
    expect(await movements(item._id)).toHaveLength(2);
  });

  it('refuses an edit based on a stale read (409) so a refill cannot overwrite stock taken meanwhile', async () => {
    const item = (await add({ itemName: uniq('stale'), stock: 10 })).json().item;
    await new Promise((r) => setTimeout(r, 5));
    const first = await edit({ ...item, stock: 8 });
    expect(first.statusCode).toBe(200);
    const stale = await edit({ ...item, stock: 50 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(INVENTORY_MESSAGES.changedMeanwhile);
    expect((await details(item._id)).json().item.stock).toBe(8);
  });

  it('validates edits like adds and 404s unknown items', async () => {
    const item = (await add({ itemName: uniq('badedit'), stock: 10 })).json().item;
    const neg = await edit({ ...item, stock: -5 });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().message).toBe('Stock cannot be negative');
    const unit = await edit({ ...item, stockUnit: 'kg' });
    expect(unit.statusCode).toBe(400);
    const missing = await edit({ ...item, _id: 'c'.repeat(24) });
    expect(missing.statusCode).toBe(404);
    expect((await details(item._id)).json().item.stock).toBe(10);
  });

  it('soft-deletes: gone from lists and details, row and movements kept', async () => {
    const p = uniq('').trim();
    const item = (await add({ itemName: `${p}Gloves`, stock: 7 })).json().item;
    const res = await t.call({ method: 'DELETE', url: `${V}/deleteinventory/${item._id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Inventory item deleted successfully!' });
    expect((await list({ search: p })).json().items).toEqual([]);
    expect((await details(item._id)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, item._id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await movements(item._id)).map((m) => [m.reason, m.delta, m.stockAfter])).toEqual([
      ['added', 7, 7],
      ['deleted', -7, 0],
    ]);
    const history = await t.call({ method: 'GET', url: `${V}/getstockmovements/${item._id}`, token: staff.token });
    expect(history.json().movements.map((m: any) => m.reason)).toEqual(['deleted', 'added']);
    const twice = await t.call({ method: 'DELETE', url: `${V}/deleteinventory/${item._id}`, token: staff.token });
    expect(twice.statusCode).toBe(404);
    expect((await edit({ ...item, stock: 3 })).statusCode).toBe(404);
  });

  it('never lets the database hold negative stock', async () => {
    const item = await makeItem(t.database.db, { stock: 1 });
    await expect(t.database.db.update(inventoryItems).set({ stock: -1 }).where(eq(inventoryItems.id, item.id))).rejects.toThrow();
  });
});

describe('GET /inventory/getalertlist', () => {
  it('lists items at or below their reorder level, sorted by name', async () => {
    const p = uniq('').trim();
    const mk = (name: string, stock: number, reorderLevel: number) =>
      add({ itemName: `${p}${name}`, stock, stockUnit: 'item', reorderLevel });
    await mk('Cotton', 40, 10); // above
    await mk('Bandage', 10, 10); // equal: listed
    await mk('alcohol swab', 0, 5); // below: listed
    await mk('Drip set', 3, 2); // above
    const deleted = (await mk('Expired', 1, 10)).json().item;
    await t.call({ method: 'DELETE', url: `${V}/deleteinventory/${deleted._id}`, token: staff.token });

    const all: any[] = [];
    let cursor: string | undefined;
    do {
      const res = await t.call({
        method: 'GET',
        url: `${V}/getalertlist`,
        query: { limit: '100', ...(cursor ? { cursor } : {}) },
        token: staff.token,
      });
      expect(res.statusCode).toBe(200);
      all.push(...res.json().items);
      cursor = res.json().nextCursor ?? undefined;
    } while (cursor);
    const mine = all.filter((i) => i.itemName.startsWith(p));
    expect(mine.map((i) => i.itemName)).toEqual([`${p}alcohol swab`, `${p}Bandage`]);
    expect(mine.every((i) => i.isLowStock)).toBe(true);
    // the whole list is in name order
    const keys = all.map((i) => i.itemName.toLowerCase());
    expect([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(keys);
  });

  it('follows an edited reorder level', async () => {
    const p = uniq('').trim();
    const item = (await add({ itemName: `${p}Gauze`, stock: 15, stockUnit: 'item', reorderLevel: 10 })).json().item;
    const inAlert = async () => {
      const res = await t.call({ method: 'GET', url: `${V}/getalertlist`, query: { limit: '100' }, token: staff.token });
      return res.json().items.some((i: any) => i._id === item._id);
    };
    expect(await inAlert()).toBe(false);
    await edit({ ...item, reorderLevel: 20 });
    expect(await inAlert()).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the inventory and prescription calls', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/inventory/addinventory',
      '/api/v1/inventory/getallinventory',
      '/api/v1/inventory/editinventory',
      '/api/v1/inventory/deleteinventory/{id}',
      '/api/v1/inventory/getinventoryitemdetails/{id}',
      '/api/v1/inventory/getalertlist',
      '/api/v1/prescription/addprescription',
      '/api/v1/prescription/getprescription/{petId}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

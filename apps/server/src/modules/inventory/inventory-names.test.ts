/** One active inventory item per name and stock unit, case-insensitive (issue 9, "Duplicate inventory names"). */
import { INVENTORY_MESSAGES } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inventoryItems } from '../../db/schema/index.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const V = '/api/v1/inventory';
const add = (payload: object) => t.call({ method: 'POST', url: `${V}/addinventory`, payload, token: staff.token });
const edit = (payload: object) => t.call({ method: 'POST', url: `${V}/editinventory`, payload, token: staff.token });
const remove = (id: string) => t.call({ method: 'DELETE', url: `${V}/deleteinventory/${id}`, token: staff.token });
let n = 0;
const uniq = (label: string) => `Dup${++n}${Math.random().toString(36).slice(2, 7)} ${label}`;
const named = async (name: string) =>
  t.database.db.select().from(inventoryItems).where(sql`lower(${inventoryItems.itemName}) = ${name.toLowerCase()}`);

describe('duplicate inventory names', () => {
  it('refuses a second active item of the same name and unit, whatever the case and spaces: 409, nothing added', async () => {
    const name = uniq('Amoxicillin 250mg');
    const first = await add({ itemName: name, stock: 10, stockUnit: 'tablet' });
    expect(first.statusCode).toBe(201);
    const again = await add({ itemName: `  ${name.toUpperCase()} `, stock: 5, stockUnit: 'tablet', itemType: 'medicine' });
    expect(again.statusCode).toBe(409);
    const message = INVENTORY_MESSAGES.duplicateName(name, 'tablet');
    expect(again.json()).toMatchObject({ success: false, message, errors: { itemName: message } });
    expect(message).toBe(
      `An item named '${name}' with stock unit tablet already exists. Edit that item (refill its stock) instead of adding another.`,
    );
    expect(await named(name)).toHaveLength(1);
  });

  it('allows the same name with another unit, and again once the item is deleted', async () => {
    const name = uniq('Meloxicam');
    const ml = (await add({ itemName: name, stock: 10, stockUnit: 'ml' })).json().item;
    expect((await add({ itemName: name, stock: 10, stockUnit: 'tablet' })).statusCode).toBe(201);
    expect((await remove(ml._id)).statusCode).toBe(200);
    expect((await add({ itemName: name.toLowerCase(), stock: 3, stockUnit: 'ml' })).statusCode).toBe(201);
    expect(await named(name)).toHaveLength(3);
  });

  it('refuses an edit that takes another active item’s name and unit; an item keeps its own name', async () => {
    const a = (await add({ itemName: uniq('Gauze'), stock: 10, stockUnit: 'item' })).json().item;
    const b = (await add({ itemName: uniq('Gloves'), stock: 10, stockUnit: 'item' })).json().item;
    const clash = await edit({ ...b, itemName: a.itemName.toLowerCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(INVENTORY_MESSAGES.duplicateName(a.itemName, 'item'));
    expect((await named(b.itemName))[0]!.itemName).toBe(b.itemName);
    const same = await edit({ ...a, itemName: a.itemName.toUpperCase(), stock: 12 });
    expect(same.statusCode).toBe(200);
    expect(same.json().item).toMatchObject({ itemName: a.itemName.toUpperCase(), stock: 12 });
  });

  it.each([
    ['Cotton Roll', 'cotton  roll'],
    ['Cotton Roll', '  COTTON    ROLL '],
    ['cotton  roll', 'Cotton Roll'],
  ])('refuses %j then %j: runs of spaces and case make no new name (409)', async (first, second) => {
    const tag = uniq('');
    const a = await add({ itemName: `${tag} ${first}`, stock: 4, stockUnit: 'item' });
    expect(a.statusCode).toBe(201);
    const b = await add({ itemName: `${tag}  ${second}`, stock: 4, stockUnit: 'item' });
    expect(b.statusCode).toBe(409);
    expect(b.json().message).toBe(INVENTORY_MESSAGES.duplicateName(a.json().item.itemName, 'item'));
    expect((await add({ itemName: `${tag} ${second}`, stock: 4, stockUnit: 'ml' })).statusCode).toBe(201);
  });

  it('refuses an edit to another item’s name spelled with other spaces and case; nothing changes', async () => {
    const tag = uniq('');
    const a = (await add({ itemName: `${tag} Cotton Roll`, stock: 10, stockUnit: 'item' })).json().item;
    const b = (await add({ itemName: `${tag} Bandage`, stock: 10, stockUnit: 'item' })).json().item;
    const clash = await edit({ ...b, itemName: `${tag.toLowerCase()}   cotton  roll`, stock: 3 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      message: INVENTORY_MESSAGES.duplicateName(a.itemName, 'item'),
      errors: { itemName: INVENTORY_MESSAGES.duplicateName(a.itemName, 'item') },
    });
    expect((await named(b.itemName))[0]).toMatchObject({ itemName: b.itemName, stock: 10 });
    // An item may respell its own name.
    expect((await edit({ ...a, itemName: `${tag}  COTTON ROLL` })).statusCode).toBe(200);
  });

  // Only a real race on PostgreSQL: the unique index decides, the loser gets the same 409.
  it('concurrent adds of one name: one 201, the rest 409, one row', async () => {
    const name = uniq('Syringe 2ml');
    const res = await Promise.all(Array.from({ length: 6 }, () => add({ itemName: name, stock: 5, stockUnit: 'item' })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of res.filter((x) => x.statusCode === 409)) expect(r.json().success).toBe(false);
    expect(await named(name)).toHaveLength(1);
  });

  // The check cannot see a namesake another transaction has not committed yet; the index then refuses the insert,
  // and that is the same 409. PostgreSQL only (PGlite runs one transaction at a time).
  it.skipIf(!process.env.DATABASE_URL)('an add racing an uncommitted namesake gets the 409 from the index', async () => {
    const name = uniq('Race');
    const db = t.database.db;
    let pending: ReturnType<typeof add> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(inventoryItems).values({ itemName: name, stockUnit: 'item', stock: 1 });
      pending = add({ itemName: name, stock: 5, stockUnit: 'item' });
      // Commit only once the request's insert waits on our row's index entry.
      for (let i = 0; i < 100; i++) {
        const waiting = await db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((waiting as unknown as { rows: unknown[] }).rows.length > 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the request never waited on the uncommitted row');
    });
    const res = await pending!;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INVENTORY_MESSAGES.duplicateName(name, 'item'));
    expect(await named(name)).toHaveLength(1);
  });
});

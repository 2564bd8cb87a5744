/**
 * Migrations 0018–0019 (issue 18), run again on rows a database could hold before them: active inventory names that
 * differ only by case or runs of spaces are renamed as 0007 did, then the unique index on the normalised name builds.
 */
import { readFileSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeItem } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { inventoryItems } from './schema/index.ts';

const t = useTestApp();
const read = (file: string) => readFileSync(new URL(`./migrations/${file}`, import.meta.url), 'utf8');
const dedupe = read('0018_inventory_names_spaces.sql');
const statements = read('0019_walk_in_sales_inventory_names.sql').split('--> statement-breakpoint');
const dropIndex = statements.find((s) => s.includes('DROP INDEX "inventory_active_name_unit_uq"'));
const createIndex = statements.find((s) => s.includes('CREATE UNIQUE INDEX "inventory_active_name_unit_uq"'));
const run = (statement: string) => t.database.db.execute(sql.raw(statement));

describe('migrations 0018–0019: inventory names unique whatever their case and runs of spaces', () => {
  it('renames later active duplicates, keeps other units and deleted items, then builds the index', async () => {
    const db = t.database.db;
    await run(dropIndex!);
    const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s));
    const oldest = await makeItem(db, { itemName: 'Gauze Pad', stockUnit: 'item', createdAt: at(1) });
    const spaced = await makeItem(db, { itemName: 'gauze  pad', stockUnit: 'item', createdAt: at(2) });
    const padded = await makeItem(db, { itemName: ' GAUZE   PAD ', stockUnit: 'item', createdAt: at(3) });
    const otherUnit = await makeItem(db, { itemName: 'Gauze  Pad', stockUnit: 'ml', createdAt: at(4) });
    const deleted = await makeItem(db, { itemName: 'Gauze Pad', stockUnit: 'item', createdAt: at(0), deletedAt: at(5) });
    const other = await makeItem(db, { itemName: 'Gauze Pads', stockUnit: 'item', createdAt: at(6) });
    await run(dedupe);
    await run(createIndex!);
    const ids = [oldest, spaced, padded, otherUnit, deleted, other].map((i) => i.id);
    const rows = await db.select().from(inventoryItems).where(inArray(inventoryItems.id, ids));
    const nameOf = (id: string) => rows.find((r) => r.id === id)!.itemName;
    expect(ids.map(nameOf)).toEqual([
      'Gauze Pad',
      'gauze  pad (duplicate 1)',
      ' GAUZE   PAD  (duplicate 2)',
      'Gauze  Pad',
      'Gauze Pad',
      'Gauze Pads',
    ]);
    await expect(makeItem(db, { itemName: 'gauze     PAD', stockUnit: 'item' })).rejects.toThrow();
  });
});

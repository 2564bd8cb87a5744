/**
 * The data steps of migration 0007 (issue 9), run again on rows a database could hold before it: active inventory
 * duplicates renamed so the unique index builds, and dog breeds moved to the existing client's names.
 */
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeItem, makeOwner, makePet } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';
import { inventoryItems, pets } from './schema/index.ts';

const t = useTestApp();
const [dedupe, createIndex, breeds] = readFileSync(
  new URL('./migrations/0007_unique_item_names_dog_breeds.sql', import.meta.url),
  'utf8',
).split('--> statement-breakpoint');
const run = (statement: string) => t.database.db.execute(sql.raw(statement));

describe('migration 0007', () => {
  it('renames later active duplicates (name and unit, any case) and then builds the unique index', async () => {
    await run('DROP INDEX "inventory_active_name_unit_uq"');
    const db = t.database.db;
    const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s));
    const oldest = await makeItem(db, { itemName: 'Cotton Roll', stockUnit: 'item', createdAt: at(1) });
    const second = await makeItem(db, { itemName: 'cotton roll', stockUnit: 'item', createdAt: at(2) });
    const third = await makeItem(db, { itemName: 'COTTON ROLL', stockUnit: 'item', createdAt: at(3) });
    const otherUnit = await makeItem(db, { itemName: 'Cotton Roll', stockUnit: 'ml', createdAt: at(4) });
    const deleted = await makeItem(db, { itemName: 'Cotton Roll', stockUnit: 'item', createdAt: at(0), deletedAt: at(5) });
    await run(dedupe!);
    await run(createIndex!);
    const ids = [oldest, second, third, otherUnit, deleted].map((i) => i.id);
    const rows = await db.select().from(inventoryItems).where(inArray(inventoryItems.id, ids));
    const nameOf = (id: string) => rows.find((r) => r.id === id)!.itemName;
    expect(ids.map(nameOf)).toEqual([
      'Cotton Roll',
      'cotton roll (duplicate 1)',
      'COTTON ROLL (duplicate 2)',
      'Cotton Roll',
      'Cotton Roll',
    ]);
    await expect(makeItem(db, { itemName: 'cotton ROLL', stockUnit: 'item' })).rejects.toThrow();
  });

  it('moves dog breeds to the client names where one clearly matches, and leaves the rest', async () => {
    const owner = await makeOwner(t.database.db);
    const cases: [string, string, string][] = [
      ['dog', 'Akita', 'Akita Inu'],
      ['dog', 'pomeranian', 'Pomeranian (including Toy Pomeranian)'],
      ['dog', 'Poodle', 'Poodle (Toy, Miniature, Standard)'],
      ['dog', 'Chihuahua', 'Chihuahua (Teacup & Standard)'],
      ['dog', 'Pit Bull Terrier', 'Pitbull Terrier'],
      ['dog', 'Indian Pariah Dog (Indie)', 'Indie'],
      ['dog', 'Rajapalayam', 'Rajapalayan'],
      ['dog', ' labrador retriever ', 'Labrador Retriever'],
      ['dog', 'Bulldog', 'Bulldog'],
      ['dog', 'Kombai', 'Kombai'],
      ['cat', 'Akita', 'Akita'],
    ];
    const made = [];
    for (const [species, breed] of cases) made.push(await makePet(t.database.db, { ownerId: owner.id, species, breed }));
    await run(breeds!);
    for (const [i, [, , expected]] of cases.entries()) {
      const [row] = await t.database.db.select({ breed: pets.breed }).from(pets).where(eq(pets.id, made[i]!.id));
      expect(row!.breed, cases[i]!.join(' → ')).toBe(expected);
    }
  });
});

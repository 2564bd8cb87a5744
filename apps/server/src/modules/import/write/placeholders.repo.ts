import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { importRecords, inventoryItems, owners, pets, visitTypes } from '../../../db/schema/index.ts';
import type { ImportContext } from './context.ts';
import { derivedId } from './ids.ts';

/**
 * Records that stand in for ones the original deleted (its deletes are hard and never cascade, reference §2): a
 * visit whose pet is gone is kept on 'Deleted pet', a prescription line whose item is gone on 'Deleted item', and
 * each such document is listed in the report. Made on first need, with fixed ids, once per database.
 */
export const PLACEHOLDER = {
  owner: derivedId('placeholder', 'owner'),
  pet: derivedId('placeholder', 'pet'),
  visitType: derivedId('placeholder', 'visit-type'),
  item: derivedId('placeholder', 'item'),
} as const;

const EPOCH = new Date(Date.UTC(2000, 0, 1));

async function record(tx: Tx, ctx: ImportContext, table: string, id: string): Promise<void> {
  await tx
    .insert(importRecords)
    .values({
      collection: '_placeholders',
      originalId: id,
      hash: '-',
      outcome: 'imported',
      targetTable: table,
      targetId: id,
      runId: ctx.opts.runId,
    })
    .onConflictDoNothing();
}

async function once(ctx: ImportContext, key: string, make: () => Promise<void>): Promise<void> {
  const made = ctx.peek<Set<string>>('placeholders') ?? (await ctx.cached('placeholders', async () => new Set<string>()));
  if (made.has(key)) return;
  await make();
  made.add(key);
}

export async function placeholderOwner(tx: Tx, ctx: ImportContext): Promise<string> {
  await once(ctx, 'owner', async () => {
    await tx
      .insert(owners)
      .values({ id: PLACEHOLDER.owner, name: 'Deleted owner', phone: null, address: '', createdAt: EPOCH, updatedAt: EPOCH })
      .onConflictDoNothing();
    await record(tx, ctx, 'owners', PLACEHOLDER.owner);
  });
  return PLACEHOLDER.owner;
}

export async function placeholderPet(tx: Tx, ctx: ImportContext): Promise<string> {
  await placeholderOwner(tx, ctx);
  await once(ctx, 'pet', async () => {
    await tx
      .insert(pets)
      .values({
        id: PLACEHOLDER.pet,
        ownerId: PLACEHOLDER.owner,
        name: 'Deleted pet',
        species: 'other',
        breed: '',
        sex: 'Male',
        color: '',
        registrationDate: '2000-01-01',
        createdAt: EPOCH,
        updatedAt: EPOCH,
      })
      .onConflictDoNothing();
    await record(tx, ctx, 'pets', PLACEHOLDER.pet);
  });
  return PLACEHOLDER.pet;
}

export async function placeholderVisitType(tx: Tx, ctx: ImportContext): Promise<string> {
  await once(ctx, 'visitType', async () => {
    await tx
      .insert(visitTypes)
      .values({
        id: PLACEHOLDER.visitType,
        code: 'deleted_visit_type',
        purpose: 'Deleted visit type',
        active: false,
        sortOrder: 999,
        createdAt: EPOCH,
        updatedAt: EPOCH,
      })
      .onConflictDoNothing();
    await record(tx, ctx, 'visit_types', PLACEHOLDER.visitType);
  });
  return PLACEHOLDER.visitType;
}

export async function placeholderItem(tx: Tx, ctx: ImportContext): Promise<string> {
  await once(ctx, 'item', async () => {
    await tx
      .insert(inventoryItems)
      .values({
        id: PLACEHOLDER.item,
        itemName: 'Deleted item',
        stockUnit: 'item',
        itemType: 'disposable',
        deletedAt: EPOCH,
        createdAt: EPOCH,
        updatedAt: EPOCH,
      })
      .onConflictDoNothing();
    await record(tx, ctx, 'inventory_items', PLACEHOLDER.item);
  });
  return PLACEHOLDER.item;
}

/** Whether a row exists (for a reference the lookups do not hold). */
export async function existingIds(tx: Tx, table: 'visits' | 'pets' | 'owners', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = (await tx.execute(sql`select id from ${sql.identifier(table)} where id in (${list})`)) as unknown as {
    rows: { id: string }[];
  };
  return new Set(rows.rows.map((r) => r.id));
}

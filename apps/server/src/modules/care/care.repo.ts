import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { careItems, careSlots, careTasks, petCareProfiles, petCareWarnings } from '../../db/schema/index.ts';

/** Reads and writes of the care tables (care_slots, care_items, care_tasks, pet_care_profiles, pet_care_warnings). */

export type CareSlotRow = typeof careSlots.$inferSelect;
export type CareItemRow = typeof careItems.$inferSelect;
export type NewCareItemRow = typeof careItems.$inferInsert;
export type CareTaskRow = typeof careTasks.$inferSelect;
export type NewCareTaskRow = typeof careTasks.$inferInsert;
export type WarningRow = typeof petCareWarnings.$inferSelect;
export type ProfileRow = typeof petCareProfiles.$inferSelect;

/** The unique index that records a task of an item, day and slot once. */
export const TASK_ONCE_UQ = 'care_tasks_once_uq';
export const SLOT_NAME_UQ = 'care_slots_name_uq';

/* ─── slots ─── */

export function allSlots(db: DbOrTx): Promise<CareSlotRow[]> {
  return db.select().from(careSlots).orderBy(asc(careSlots.startMinute), asc(careSlots.name));
}

export async function replaceSlots(
  tx: DbOrTx,
  keep: { id?: string; name: string; startMinute: number; endMinute: number }[],
): Promise<void> {
  const ids = keep.flatMap((s) => (s.id ? [s.id] : []));
  const existing = await allSlots(tx);
  const gone = existing.filter((s) => !ids.includes(s.id)).map((s) => s.id);
  if (gone.length) await tx.delete(careSlots).where(inArray(careSlots.id, gone));
  // Names are unique: park every kept row's name first so a swap of two names does not trip the index mid-way.
  for (const s of keep.filter((k) => k.id)) {
    await tx
      .update(careSlots)
      .set({ name: `~${s.id}` })
      .where(eq(careSlots.id, s.id!));
  }
  for (const s of keep) {
    const values = { name: s.name, startMinute: s.startMinute, endMinute: s.endMinute };
    if (s.id && existing.some((e) => e.id === s.id)) await tx.update(careSlots).set(values).where(eq(careSlots.id, s.id));
    else await tx.insert(careSlots).values(values);
  }
}

/** Items (standing or of a plan still in use) that name one of these slots. */
export async function itemsUsingSlots(db: DbOrTx, slotIds: readonly string[]): Promise<Set<string>> {
  if (slotIds.length === 0) return new Set();
  const rows = await db
    .select({ slotIds: careItems.slotIds })
    .from(careItems)
    .where(
      and(
        isNull(careItems.removedAt),
        sql`jsonb_exists_any(${careItems.slotIds}, array[${sql.join(
          slotIds.map((s) => sql`${s}`),
          sql`, `,
        )}]::text[])`,
      ),
    );
  const used = new Set<string>();
  for (const r of rows) for (const id of r.slotIds) if (slotIds.includes(id)) used.add(id);
  return used;
}

/* ─── items ─── */

/** A pet's standing instructions, in order. */
export function petItems(db: DbOrTx, petId: string): Promise<CareItemRow[]> {
  return db
    .select()
    .from(careItems)
    .where(and(eq(careItems.petId, petId), isNull(careItems.boardingId)))
    .orderBy(asc(careItems.position), asc(careItems.createdAt));
}

/** The current items of these stays' plans (removed ones aside), in order. */
export function planItems(db: DbOrTx, boardingIds: readonly string[], withRemoved = false): Promise<CareItemRow[]> {
  if (boardingIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(careItems)
    .where(and(inArray(careItems.boardingId, [...boardingIds]), withRemoved ? undefined : isNull(careItems.removedAt)))
    .orderBy(asc(careItems.boardingId), asc(careItems.position), asc(careItems.createdAt));
}

export async function itemById(db: DbOrTx, id: string): Promise<CareItemRow | undefined> {
  const [row] = await db.select().from(careItems).where(eq(careItems.id, id)).limit(1);
  return row;
}

export async function insertItems(tx: DbOrTx, rows: NewCareItemRow[]): Promise<void> {
  if (rows.length) await tx.insert(careItems).values(rows);
}

export async function updateItem(tx: DbOrTx, id: string, values: Partial<NewCareItemRow>): Promise<void> {
  await tx.update(careItems).set(values).where(eq(careItems.id, id));
}

export async function deleteItems(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length) await tx.delete(careItems).where(inArray(careItems.id, [...ids]));
}

/** Which of these items have recorded tasks (a plan item with tasks is kept, marked removed). */
export async function itemsWithTasks(db: DbOrTx, itemIds: readonly string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ itemId: careTasks.itemId })
    .from(careTasks)
    .where(inArray(careTasks.itemId, [...itemIds]));
  return new Set(rows.map((r) => r.itemId));
}

/** Copies a pet's standing items into a stay's plan, each naming the item it came from. */
export async function copyPetItemsToPlan(tx: DbOrTx, petId: string, boardingId: string): Promise<void> {
  const standing = await petItems(tx, petId);
  await insertItems(
    tx,
    standing.map(({ id, createdAt: _c, updatedAt: _u, removedAt: _r, ...rest }) => ({ ...rest, boardingId, sourceItemId: id })),
  );
}

/* ─── warnings and profile ─── */

export function warningsOfPets(db: DbOrTx, petIds: readonly string[]): Promise<WarningRow[]> {
  if (petIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(petCareWarnings)
    .where(inArray(petCareWarnings.petId, [...petIds]))
    .orderBy(asc(petCareWarnings.petId), asc(petCareWarnings.position));
}

export async function replaceWarnings(tx: DbOrTx, petId: string, rows: { kind: string; text: string }[]): Promise<void> {
  await tx.delete(petCareWarnings).where(eq(petCareWarnings.petId, petId));
  if (rows.length)
    await tx.insert(petCareWarnings).values(rows.map((r, i) => ({ petId, kind: r.kind, text: r.text, position: i })));
}

export async function profileOf(db: DbOrTx, petId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(petCareProfiles).where(eq(petCareProfiles.petId, petId)).limit(1);
  return row;
}

export async function upsertProfile(
  tx: DbOrTx,
  p: { petId: string; emergencyName: string | null; emergencyPhone: string | null; updatedBy: string },
): Promise<void> {
  await tx
    .insert(petCareProfiles)
    .values(p)
    .onConflictDoUpdate({
      target: petCareProfiles.petId,
      set: { emergencyName: p.emergencyName, emergencyPhone: p.emergencyPhone, updatedBy: p.updatedBy, updatedAt: new Date() },
    });
}

/* ─── tasks ─── */

export async function insertTask(tx: DbOrTx, row: NewCareTaskRow): Promise<CareTaskRow> {
  const [r] = await tx.insert(careTasks).values(row).returning();
  return r!;
}

export async function taskById(db: DbOrTx, id: string, lock = false): Promise<CareTaskRow | undefined> {
  const q = db.select().from(careTasks).where(eq(careTasks.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function deleteTask(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(careTasks).where(eq(careTasks.id, id));
}

/** The recorded tasks of these stays from `fromDay` to `toDay` (inclusive), in the order they were done. */
export function tasksOfStays(db: DbOrTx, boardingIds: readonly string[], fromDay: string, toDay: string): Promise<CareTaskRow[]> {
  if (boardingIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(careTasks)
    .where(and(inArray(careTasks.boardingId, [...boardingIds]), gte(careTasks.day, fromDay), lte(careTasks.day, toDay)))
    .orderBy(asc(careTasks.day), asc(careTasks.doneAt), asc(careTasks.id));
}

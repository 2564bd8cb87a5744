import {
  CARE_MESSAGES as M,
  type CareItem,
  type CareItemValues,
  type CareKind,
  type CareSlot,
  type CareSlotsBody,
  type CareTask,
  type CareWarning,
  careItemLabel,
  type careSlotsBody,
  type PetCareResponse,
  type petCareBody,
  SLOT_MESSAGES,
  type StayPlanResponse,
  slotMinutes,
  slotTimesOf,
  type stayPlanBody,
  UNDO_WINDOW_MINUTES,
  type WarningKind,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound, pgCode, pgConstraint } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { boardingById, type DeboardRow } from '../boarding/stay-records.service.ts';
import { activeItemsById, itemsByIdAnyState } from '../inventory/inventory.service.ts';
import { petExists, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import {
  allSlots,
  type CareItemRow,
  type CareSlotRow,
  type CareTaskRow,
  copyPetItemsToPlan,
  deleteItems,
  insertItems,
  itemsUsingSlots,
  itemsWithTasks,
  type NewCareItemRow,
  petItems,
  planItems,
  profileOf,
  replaceSlots,
  replaceWarnings,
  SLOT_NAME_UQ,
  tasksOfStays,
  updateItem,
  upsertProfile,
  warningsOfPets,
} from './care.repo.ts';

/**
 * Care instructions and stay care plans (issue 20; docs/api.md "Care"). A pet's standing instructions are care items
 * without a boarding; a stay's plan is the same items copied at its start (`copyIntoPlan`, from boarding's
 * stay-started announcement) and then edited on their own. The board and the task log are in care-board.service.ts.
 *
 * `getStayCarePlan` and `getCareLog` are what the run cards (another module) read: keep their signatures stable.
 */

/* ─────────────── slots ─────────────── */

export const slotToApi = (s: CareSlotRow): CareSlot => ({
  _id: s.id,
  name: s.name,
  ...slotTimesOf(s.startMinute, s.endMinute),
});

/** The care slots in the order of the day. */
export async function careSlots(db: DbOrTx): Promise<CareSlot[]> {
  return (await allSlots(db)).map(slotToApi);
}

/**
 * PUT /care/slots (admins): the whole table. Slots not sent are removed unless an instruction or a current plan item
 * names them (409 naming the slot). The shared schema checked start < end, no overlap and unique names; the unique
 * index decides a race.
 */
export async function saveCareSlots(ctx: AppContext, body: z.output<typeof careSlotsBody>, by: string): Promise<CareSlot[]> {
  const before = await careSlots(ctx.db);
  try {
    await ctx.db.transaction(async (tx) => {
      const existing = await allSlots(tx);
      const known = new Set(existing.map((s) => s.id));
      const kept = new Set(body.slots.flatMap((s) => (s._id && known.has(s._id) ? [s._id] : [])));
      const gone = existing.filter((s) => !kept.has(s.id));
      const used = await itemsUsingSlots(
        tx,
        gone.map((s) => s.id),
      );
      const inUse = gone.find((s) => used.has(s.id));
      if (inUse) throw conflict(M.slotInUse(inUse.name));
      await replaceSlots(
        tx,
        body.slots.map((s) => ({ id: s._id && known.has(s._id) ? s._id : undefined, name: s.name, ...slotMinutes(s) })),
      );
      await recordAudit(tx, {
        actorId: by,
        action: 'care.slots_saved',
        entity: 'care_slots',
        entityId: 'care_slots',
        before: { slots: before },
        after: { slots: body.slots },
      });
    });
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === SLOT_NAME_UQ) throw conflict(SLOT_MESSAGES.duplicate);
    throw err;
  }
  return careSlots(ctx.db);
}
export type { CareSlotsBody };

/* ─────────────── items ─────────────── */

/** A care item as the API answers it. */
export function itemToApi(r: CareItemRow, itemNames: ReadonlyMap<string, string>): CareItem {
  const kind = r.kind as CareKind;
  const amount = r.amount === null ? null : Number(r.amount);
  return {
    _id: r.id,
    kind,
    name: r.name,
    slotIds: r.slotIds,
    atTime: r.atTime,
    amount,
    unit: r.unit,
    source: r.source as CareItem['source'],
    route: r.route as CareItem['route'],
    startDate: r.startDate,
    endDate: r.endDate,
    inventoryItemId: r.inventoryItemId,
    inventoryItemName: r.inventoryItemId ? (itemNames.get(r.inventoryItemId) ?? null) : null,
    instructions: r.instructions,
    label: careItemLabel({ kind, name: r.name, amount, unit: r.unit, route: r.route }),
  };
}

/** The names of the inventory items these care items take from stock (deleted items too: the log names them). */
async function inventoryNames(db: DbOrTx, rows: readonly CareItemRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.inventoryItemId ? [r.inventoryItemId] : [])))];
  if (ids.length === 0) return new Map();
  const items = await itemsByIdAnyState(db, ids);
  return new Map([...items].map(([id, i]) => [id, i.itemName]));
}

async function itemsToApi(db: DbOrTx, rows: readonly CareItemRow[]): Promise<CareItem[]> {
  const names = await inventoryNames(db, rows);
  return rows.map((r) => itemToApi(r, names));
}

/** Stock units a dose unit may be counted in, by the inventory item's stock unit. */
const DOSE_UNIT_OF_STOCK: Record<string, string> = { ml: 'ml', mg: 'mg', tablet: 'tablet', item: 'item' };

/**
 * The checks the shared schema cannot make: every slot exists; a dose from stock names an active inventory item, in
 * the item's stock unit and a whole number of it (stock counts whole units). 400 with the item's field.
 */
async function checkItems(db: DbOrTx, items: readonly CareItemValues[]): Promise<void> {
  const slots = new Set((await allSlots(db)).map((s) => s.id));
  const stockIds = [...new Set(items.flatMap((i) => (i.inventoryItemId ? [i.inventoryItemId] : [])))];
  const stock = await activeItemsById(db, stockIds);
  items.forEach((i, n) => {
    const bad = (field: string, message: string) => badRequest(message, { [`items.${n}.${field}`]: message });
    if (i.slotIds.some((s) => !slots.has(s))) throw bad('slotIds', M.unknownSlot);
    if (!i.inventoryItemId) return;
    const item = stock.get(i.inventoryItemId);
    if (!item) throw bad('inventoryItemId', M.unknownItem);
    const unit = DOSE_UNIT_OF_STOCK[item.stockUnit] ?? item.stockUnit;
    if (i.unit !== unit) throw bad('unit', M.stockUnit(unit));
    if (i.amount === null || !Number.isInteger(i.amount)) throw bad('amount', M.wholeStock);
  });
}

/** The columns of an item from its form values. */
const itemColumns = (i: CareItemValues, position: number): Omit<NewCareItemRow, 'petId'> => ({
  kind: i.kind,
  name: i.name.trim(),
  slotIds: i.slotIds,
  atTime: i.atTime,
  amount: i.amount,
  unit: i.unit,
  source: i.source,
  route: i.route,
  startDate: i.startDate,
  endDate: i.endDate,
  inventoryItemId: i.inventoryItemId,
  instructions: i.instructions,
  position,
  removedAt: null,
});

/**
 * Makes a list of items (a pet's standing ones, or a stay's plan) what the form sent: an item with a known `_id` is
 * updated in place, others are added, the rest removed: deleted, or (a plan item with recorded tasks, which the log
 * names) marked removed.
 */
async function syncItems(
  tx: DbOrTx,
  owner: { petId: string; boardingId: string | null },
  existing: readonly CareItemRow[],
  items: readonly CareItemValues[],
  extra: (i: CareItemValues, index: number) => Partial<NewCareItemRow> = () => ({}),
): Promise<void> {
  const byId = new Map(existing.map((r) => [r.id, r]));
  const keep = new Set<string>();
  const added: NewCareItemRow[] = [];
  for (const [n, i] of items.entries()) {
    const cols = { ...itemColumns(i, n), ...extra(i, n) };
    if (i._id && byId.has(i._id) && !keep.has(i._id)) {
      keep.add(i._id);
      await updateItem(tx, i._id, cols);
    } else added.push({ ...cols, petId: owner.petId, boardingId: owner.boardingId });
  }
  await insertItems(tx, added);
  const gone = existing.filter((r) => !keep.has(r.id)).map((r) => r.id);
  const logged = owner.boardingId ? await itemsWithTasks(tx, gone) : new Set<string>();
  await deleteItems(
    tx,
    gone.filter((id) => !logged.has(id)),
  );
  for (const id of logged) await updateItem(tx, id, { removedAt: new Date() });
}

/* ─────────────── warnings ─────────────── */

/** Each pet's care warnings (one query for the list), for every read that shows a pet with its badges. */
export async function careWarningsOfPets(db: DbOrTx, petIds: Iterable<string>): Promise<Map<string, CareWarning[]>> {
  const ids = [...new Set(petIds)];
  const out = new Map<string, CareWarning[]>(ids.map((id) => [id, []]));
  for (const w of await warningsOfPets(db, ids)) out.get(w.petId)?.push({ kind: w.kind as WarningKind, text: w.text });
  return out;
}

/* ─────────────── a pet's standing instructions ─────────────── */

/** GET /care/pets/:petId: the pet's instructions (404 for an unknown pet). */
export async function getPetCare(db: DbOrTx, petId: string): Promise<PetCareResponse> {
  if (!(await petExists(db, petId))) throw notFound('Pet');
  const [rows, warnings, profile, slots] = [
    await petItems(db, petId),
    await careWarningsOfPets(db, [petId]),
    await profileOf(db, petId),
    await careSlots(db),
  ];
  return {
    success: true as const,
    petId,
    items: await itemsToApi(db, rows),
    warnings: warnings.get(petId) ?? [],
    emergencyContact: { name: profile?.emergencyName ?? null, phone: profile?.emergencyPhone ?? null },
    slots,
  };
}

/** PUT /care/pets/:petId: replaces the pet's standing instructions (never a stay's plan), audited. */
export async function savePetCare(
  ctx: AppContext,
  petId: string,
  body: z.output<typeof petCareBody>,
  by: string,
): Promise<PetCareResponse> {
  if (!(await petExists(ctx.db, petId))) throw notFound('Pet');
  await checkItems(ctx.db, body.items);
  await ctx.db.transaction(async (tx) => {
    await syncItems(tx, { petId, boardingId: null }, await petItems(tx, petId), body.items);
    await replaceWarnings(tx, petId, body.warnings);
    await upsertProfile(tx, {
      petId,
      emergencyName: body.emergencyContact.name,
      emergencyPhone: body.emergencyContact.phone,
      updatedBy: by,
    });
    await recordAudit(tx, {
      actorId: by,
      action: 'care.instructions_saved',
      entity: 'pet',
      entityId: petId,
      after: { items: body.items.length, warnings: body.warnings.map((w) => w.kind) },
    });
  });
  return { ...(await getPetCare(ctx.db, petId)), message: M.instructionsSaved };
}

/* ─────────────── a stay's plan ─────────────── */

/** A stay's care plan, as the plan screen, the board and the run cards read it. */
export interface StayCarePlan {
  boardingId: string;
  petId: string;
  /** The stay has ended (the pet was deboarded): the plan is read-only. */
  closed: boolean;
  /** The plan's current items, in order. */
  items: CareItem[];
  slots: CareSlot[];
  /** The pet's warnings (the pet's, not the stay's). */
  warnings: CareWarning[];
  emergencyContact: { name: string | null; phone: string | null };
}

async function requireStay(db: DbOrTx, boardingId: string, lock = false): Promise<DeboardRow> {
  const b = await boardingById(db, boardingId, lock);
  if (!b) throw notFound('Stay');
  return b;
}

/** 404 unless the stay exists. */
export async function requireStayOf(db: DbOrTx, boardingId: string): Promise<void> {
  await requireStay(db, boardingId);
}

/** The plan items of a stay (404 for an unknown stay). Stable signature: the run cards read it. */
export async function getStayCarePlan(db: DbOrTx, boardingId: string): Promise<StayCarePlan> {
  const b = await requireStay(db, boardingId);
  const rows = await planItems(db, [boardingId]);
  const warnings = await careWarningsOfPets(db, [b.petId]);
  const profile = await profileOf(db, b.petId);
  return {
    boardingId,
    petId: b.petId,
    closed: !b.isBoarded,
    items: await itemsToApi(db, rows),
    slots: await careSlots(db),
    warnings: warnings.get(b.petId) ?? [],
    emergencyContact: { name: profile?.emergencyName ?? null, phone: profile?.emergencyPhone ?? null },
  };
}

async function planAnswer(db: DbOrTx, boardingId: string, message?: string): Promise<StayPlanResponse> {
  const plan = await getStayCarePlan(db, boardingId);
  const pet = (await petsWithOwnersByIds(db, [plan.petId])).get(plan.petId);
  return {
    success: true as const,
    ...(message ? { message } : {}),
    boardingId,
    petId: plan.petId,
    petName: pet?.name ?? '',
    closed: plan.closed,
    items: plan.items,
    warnings: plan.warnings,
    slots: plan.slots,
  };
}

/** GET /care/stays/:boardingId/plan. */
export const getStayPlan = (db: DbOrTx, boardingId: string) => planAnswer(db, boardingId);

/**
 * Runs a change of an open stay's plan: the boarding row is locked (deboarding locks it too, so a plan cannot change
 * while its stay closes); a closed stay is a 409.
 */
async function inOpenStay<T>(ctx: AppContext, boardingId: string, fn: (tx: DbOrTx, b: DeboardRow) => Promise<T>): Promise<T> {
  await requireStay(ctx.db, boardingId);
  return ctx.db.transaction(async (tx) => {
    const b = await requireStay(tx, boardingId, true);
    if (!b.isBoarded) throw conflict(M.stayClosed);
    return fn(tx, b);
  });
}

/** PUT /care/stays/:boardingId/plan: the stay's plan, whole; the pet's standing instructions do not change. */
export async function saveStayPlan(
  ctx: AppContext,
  boardingId: string,
  body: z.output<typeof stayPlanBody>,
  by: string,
): Promise<StayPlanResponse> {
  await checkItems(ctx.db, body.items);
  await inOpenStay(ctx, boardingId, async (tx, b) => {
    await syncItems(tx, { petId: b.petId, boardingId }, await planItems(tx, [boardingId]), body.items);
    await recordAudit(tx, {
      actorId: by,
      action: 'care.plan_saved',
      entity: 'boarding',
      entityId: boardingId,
      after: { items: body.items.length },
    });
  });
  return planAnswer(ctx.db, boardingId, M.planSaved);
}

/**
 * POST /care/stays/:boardingId/plan/save-to-pet: the plan becomes the pet's standing instructions (an explicit
 * action): each plan item updates the instruction it was copied from, or is added (and the plan item then names
 * it); instructions the plan no longer has are removed.
 */
export async function savePlanToPet(ctx: AppContext, boardingId: string, by: string): Promise<StayPlanResponse> {
  await inOpenStay(ctx, boardingId, async (tx, b) => {
    const plan = await planItems(tx, [boardingId]);
    const standing = await petItems(tx, b.petId);
    const known = new Set(standing.map((s) => s.id));
    const values = plan.map((p) => ({
      ...rowValues(p),
      _id: p.sourceItemId && known.has(p.sourceItemId) ? p.sourceItemId : undefined,
    }));
    await syncItems(tx, { petId: b.petId, boardingId: null }, standing, values);
    // Plan items that were added on the stay now have an instruction of their own: link them to it.
    const after = await petItems(tx, b.petId);
    const linked = new Set(plan.flatMap((p) => (p.sourceItemId && known.has(p.sourceItemId) ? [p.sourceItemId] : [])));
    const fresh = after.filter((a) => !linked.has(a.id));
    for (const p of plan.filter((x) => !(x.sourceItemId && known.has(x.sourceItemId)))) {
      const match = fresh.find((a) => a.position === p.position);
      if (match) await updateItem(tx, p.id, { sourceItemId: match.id });
    }
    await recordAudit(tx, {
      actorId: by,
      action: 'care.plan_saved_to_pet',
      entity: 'pet',
      entityId: b.petId,
      after: { boardingId, items: plan.length },
    });
  });
  return planAnswer(ctx.db, boardingId, M.savedToPet);
}

/** A stored item as form values (to copy it elsewhere). */
function rowValues(r: CareItemRow): CareItemValues {
  return {
    kind: r.kind as CareKind,
    name: r.name,
    slotIds: r.slotIds,
    atTime: r.atTime,
    amount: r.amount === null ? null : Number(r.amount),
    unit: r.unit,
    source: r.source as CareItemValues['source'],
    route: r.route as CareItemValues['route'],
    startDate: r.startDate,
    endDate: r.endDate,
    inventoryItemId: r.inventoryItemId,
    instructions: r.instructions,
  };
}

/** A stay started: the pet's standing instructions become its plan (in the boarding's transaction). */
export async function copyIntoPlan(tx: DbOrTx, petId: string, boardingId: string): Promise<void> {
  await copyPetItemsToPlan(tx, petId, boardingId);
}

/* ─────────────── the log ─────────────── */

export function taskToApi(t: CareTaskRow): CareTask {
  return {
    _id: t.id,
    boardingId: t.boardingId,
    itemId: t.itemId,
    petId: t.petId,
    day: t.day,
    slotKey: t.slotKey,
    slotName: t.slotName,
    kind: t.kind as CareKind,
    label: t.label,
    feedback: t.feedback,
    note: t.note,
    doneBy: { _id: t.doneBy, name: t.doneByName },
    doneAt: t.doneAt.toISOString(),
    undoUntil: new Date(t.doneAt.getTime() + UNDO_WINDOW_MINUTES * 60_000).toISOString(),
    chargeVisitId: t.chargeVisitId,
  };
}

/**
 * The recorded tasks of a stay from `fromDay` to `toDay` (business days, inclusive), in the order they were done.
 * Stable signature: the run cards read it. 404 for an unknown stay.
 */
export async function getCareLog(db: DbOrTx, boardingId: string, fromDay: string, toDay: string): Promise<CareTask[]> {
  await requireStay(db, boardingId);
  return (await tasksOfStays(db, [boardingId], fromDay, toDay)).map(taskToApi);
}

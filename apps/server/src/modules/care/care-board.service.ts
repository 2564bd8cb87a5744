import {
  ALERT_DOSE_FEEDBACK,
  type BoardPet,
  type BoardTask,
  CARE_MESSAGES as M,
  CARE_STREAM_EVENT,
  type CareBoardResponse,
  type CareKind,
  type CareTask,
  DOSE_GIVEN_FEEDBACK,
  FEEDBACK,
  FEEDBACK_LABEL,
  instantAt,
  hhmmOf,
  isLate,
  type recordTaskBody,
  type SlotTimes,
  tasksOfDay,
  undoCheck,
  wallClock,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict, forbidden, notFound, pgCode, pgConstraint } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from '../auth/auth.service.ts';
import { boardedNow, boardingById, type DeboardRow } from '../boarding/stay-records.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { publishStaffEvent, raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import { visitTypesByIds } from '../visit-types/visit-types.service.ts';
import type { CareDayEntry, CareDaySummary } from './care-ports.service.ts';
import { stayIdsWithReportCard } from './care-ports.service.ts';
import {
  allSlots,
  type CareItemRow,
  type CareSlotRow,
  type CareTaskRow,
  deleteTask,
  insertTask,
  itemById,
  planItems,
  TASK_ONCE_UQ,
  taskById,
  tasksOfStays,
} from './care.repo.ts';
import { careWarningsOfPets, itemToApi, slotToApi, taskToApi } from './care.service.ts';
import { chargeHouseDose } from './care-charges.service.ts';

/**
 * The care board (issue 20; docs/api.md "Care"): every pet in house today with the day's tasks of its plan, by slot;
 * recording a task (once: the unique index on item, day and slot), undoing it (the same person, 10 minutes), the
 * lateness of what is not done by its slot's end (the injectable clock), and the staff notification of a dose refused
 * or not given. The whole board is a few queries, never one per pet.
 */

/** At most this many stays on the board (a resort's in-house count is far below). */
export const BOARD_MAX_STAYS = 1000;

const toTimes = (s: CareSlotRow): SlotTimes => ({ id: s.id, name: s.name, startMinute: s.startMinute, endMinute: s.endMinute });

const planned = (r: CareItemRow) => ({ ...r, kind: r.kind as CareKind });

/** GET /care/board: today's board, filtered by boarding type, slot and what is still to do. */
export async function careBoard(
  ctx: AppContext,
  q: { boardingType?: string; slot?: string; todo: boolean },
): Promise<CareBoardResponse> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const day = ctx.clock.today();
  const clock = wallClock(now, ctx.config.tz);
  const allStays = await boardedNow(db, BOARD_MAX_STAYS);
  const typeIds = [...new Set(allStays.map((s) => s.visitTypeId))];
  const types = new Map((await visitTypesByIds(db, typeIds)).map((t) => [t.id, t]));
  const stays = q.boardingType ? allStays.filter((s) => s.visitTypeId === q.boardingType) : allStays;
  const ids = stays.map((s) => s.id);
  const slotRows = await allSlots(db);
  const slots = slotRows.map(toTimes);
  const items = await planItems(db, ids);
  const tasks = await tasksOfStays(db, ids, day, day);
  const pets = await petsWithOwnersByIds(
    db,
    stays.map((s) => s.petId),
  );
  const warnings = await careWarningsOfPets(
    db,
    stays.map((s) => s.petId),
  );
  const cards = await stayIdsWithReportCard(db, ids, day);
  const names = new Map<string, string>();
  const done = new Map(tasks.map((t) => [`${t.itemId}|${t.slotKey}`, t]));
  const itemsOf = groupBy(items, (i) => i.boardingId!);

  // When each due minute of today happens (a handful of distinct minutes; Intl formatting is not free per task).
  const dueAt = new Map<number, string>();
  const dueIso = (minute: number) => {
    let iso = dueAt.get(minute);
    if (!iso) {
      iso = instantAt(day, hhmmOf(Math.min(minute, 1439)), ctx.config.tz).toISOString();
      dueAt.set(minute, iso);
    }
    return iso;
  };
  let total = 0;
  let doneCount = 0;
  let lateCount = 0;
  const out: BoardPet[] = [];
  for (const stay of stays) {
    const pet = pets.get(stay.petId);
    const type = types.get(stay.visitTypeId);
    const dayTasks = tasksOfDay((itemsOf.get(stay.id) ?? []).map(planned), slots, day);
    const board: BoardTask[] = dayTasks.map((t) => {
      const rec = done.get(`${t.item.id}|${t.slotKey}`) ?? null;
      const api = itemToApi(t.item, names);
      return {
        itemId: t.item.id,
        kind: t.item.kind,
        slotKey: t.slotKey,
        slotId: t.slotId,
        slotName: t.slotName,
        label: api.label,
        instructions: t.item.instructions,
        dueAt: dueIso(t.dueMinute),
        late: isLate(day, t.dueMinute, clock, rec !== null),
        fromStock: t.item.inventoryItemId !== null,
        task: rec ? taskToApi(rec) : null,
      };
    });
    total += board.length;
    doneCount += board.filter((b) => b.task).length;
    lateCount += board.filter((b) => b.late).length;
    const shown = board.filter((b) => (!q.slot || b.slotId === q.slot) && (!q.todo || !b.task));
    // Filtered to what is still to do (or to a slot), a pet with nothing left there is not shown.
    if ((q.todo || q.slot) && shown.length === 0) continue;
    out.push({
      boardingId: stay.id,
      petId: stay.petId,
      petName: pet?.name ?? '',
      species: pet?.species ?? '',
      breed: pet?.breed ?? '',
      ownerName: pet?.owner.name ?? '',
      photo: pet?.photo ?? null,
      boardingType: { _id: stay.visitTypeId, purpose: type?.purpose ?? '' },
      entryTime: stay.entryTime.toISOString(),
      careWarnings: warnings.get(stay.petId) ?? [],
      reportCardDone: cards.has(stay.id),
      tasks: shown,
    });
  }
  return {
    success: true as const,
    day,
    now: now.toISOString(),
    slots: slotRows.map(slotToApi),
    boardingTypes: typeIds.flatMap((id) => {
      const t = types.get(id);
      return t ? [{ _id: t.id, purpose: t.purpose }] : [];
    }),
    pets: out,
    counts: { pets: out.length, tasks: total, done: doneCount, late: lateCount },
  };
}

function groupBy<T>(rows: readonly T[], key: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/* ─────────────── recording ─────────────── */

type RecordBody = z.output<typeof recordTaskBody>;

/** What a record needs to know before its transaction: the item, its slot's name today, the stay and who. */
interface Recording {
  item: CareItemRow;
  stay: DeboardRow;
  slotName: string;
  day: string;
  petName: string;
  label: string;
  byName: string;
}

/**
 * The checks of a record: the item is in this stay's current plan (400), the stay is known (404) and open (409), the
 * feedback fits the kind (400), and the item is due today in that slot (400).
 */
async function prepare(ctx: AppContext, b: RecordBody, by: string): Promise<Recording> {
  const stay = await boardingById(ctx.db, b.boardingId);
  if (!stay) throw notFound('Stay');
  const pet = (await petsWithOwnersByIds(ctx.db, [stay.petId])).get(stay.petId);
  const petName = pet?.name ?? 'The pet';
  if (!stay.isBoarded) throw conflict(M.stayClosedRecord);
  const item = await itemById(ctx.db, b.itemId);
  if (!item || item.boardingId !== stay.id || item.removedAt) throw badRequest(M.notPlanned, { itemId: M.notPlanned });
  const kind = item.kind as CareKind;
  if (!(FEEDBACK[kind] as readonly string[]).includes(b.feedback)) {
    throw badRequest(M.feedbackKind(kind), { feedback: M.feedbackKind(kind) });
  }
  const day = ctx.clock.today();
  const slots = (await allSlots(ctx.db)).map(toTimes);
  const task = tasksOfDay([planned(item)], slots, day).find((t) => t.slotKey === b.slotKey);
  if (!task) throw badRequest(M.notPlanned, { slotKey: M.notPlanned });
  const user = await findUserById(ctx.db, by);
  return {
    item,
    stay,
    slotName: task.slotName,
    day,
    petName,
    label: itemToApi(item, new Map()).label,
    byName: user?.fullName ?? '',
  };
}

/**
 * POST /care/tasks: records a planned task of today done, once. A house dose given (from stock) is sold onto the
 * stay's bill in the same transaction (care-charges.service.ts: the stock is taken and the charge posted through
 * the Shop sale, under the owner's ledger lock); a refused or missed dose raises a staff notification; the board's
 * live event is published on the staff stream. A second record of the same item, day and slot is a 409.
 */
export async function recordTask(ctx: AppContext, b: RecordBody, by: string): Promise<CareTask> {
  const r = await prepare(ctx, b, by);
  const write = async (tx: DbOrTx, chargeVisitId: string | null): Promise<CareTaskRow> => {
    // The stay, locked (deboarding locks it too): a task is never recorded on a stay that closed meanwhile.
    const stay = await boardingById(tx, r.stay.id, true);
    if (!stay?.isBoarded) throw conflict(M.stayClosedRecord);
    const row = await insertTask(tx, {
      boardingId: r.stay.id,
      itemId: r.item.id,
      petId: r.stay.petId,
      day: r.day,
      slotKey: b.slotKey,
      slotName: r.slotName,
      kind: r.item.kind,
      label: r.label,
      feedback: b.feedback,
      note: b.note,
      doneBy: by,
      doneByName: r.byName,
      doneAt: ctx.clock.now(),
      chargeVisitId,
    });
    if (r.item.kind === 'dose' && ALERT_DOSE_FEEDBACK.includes(b.feedback)) {
      await raiseStaffNotification(tx, {
        kind: 'care_dose_missed',
        title: `${r.petName}: ${r.label} ${FEEDBACK_LABEL[b.feedback]?.toLowerCase()}`,
        body: `${r.slotName} dose of ${r.label} for ${r.petName} was recorded ${FEEDBACK_LABEL[b.feedback]?.toLowerCase()} by ${r.byName}${b.note ? `: ${b.note}` : '.'}`,
        link: '/staff/care',
        refs: { boardingId: r.stay.id, taskId: row.id, petId: r.stay.petId },
        dedupeKey: `care_dose:${r.item.id}:${r.day}:${b.slotKey}`,
        now: ctx.clock.now(),
      });
    }
    await publishStaffEvent(tx, CARE_STREAM_EVENT, { boardingId: r.stay.id, day: r.day });
    return row;
  };
  try {
    const fromStock = r.item.kind === 'dose' && r.item.inventoryItemId !== null && DOSE_GIVEN_FEEDBACK.includes(b.feedback);
    const row = fromStock
      ? await chargeHouseDose(ctx, { item: r.item, petId: r.stay.petId, by }, (tx, visitId) => write(tx, visitId))
      : await ctx.db.transaction((tx) => write(tx, null));
    return taskToApi(row);
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === TASK_ONCE_UQ) throw conflict(M.recordedTwice);
    throw err;
  }
}

/**
 * DELETE /care/tasks/:id: undoes a task, by the person who recorded it, within 10 minutes (403 for anyone else, 409
 * after). A house dose that was charged is undone by voiding its sale (an admin, Visit History), not here: 409.
 */
export async function undoTask(ctx: AppContext, id: string, by: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const t = await taskById(tx, id, true);
    if (!t) throw notFound('Task');
    const check = undoCheck(t, by, ctx.clock.now());
    if (check === 'not_yours') throw forbidden(M.undoNotYours);
    if (check === 'too_late') throw conflict(M.undoTooLate);
    if (t.chargeVisitId) throw conflict(M.undoCharged);
    const stay = await boardingById(tx, t.boardingId, true);
    if (!stay?.isBoarded) throw conflict(M.stayClosedRecord);
    await deleteTask(tx, t.id);
    await recordAudit(tx, {
      actorId: by,
      action: 'care.task_undone',
      entity: 'boarding',
      entityId: t.boardingId,
      before: { task: t.id, item: t.itemId, day: t.day, slot: t.slotKey, feedback: t.feedback },
    });
    await publishStaffEvent(tx, CARE_STREAM_EVENT, { boardingId: t.boardingId, day: t.day });
  });
}

/* ─────────────── the day summary (report cards) ─────────────── */

const SUMMARY_WORDS: Record<string, string> = {
  ate_all: 'Ate all of',
  most: 'Ate most of',
  some: 'Ate some of',
  a_little: 'Ate a little of',
  refused: 'Refused',
};

/**
 * A stay's business day from the care log: every planned task of the day with what was recorded, and a short text
 * ("Morning: ate all of Royal Canin 200 g. Meloxicam 0.5 ml (oral) given at 08:10."). Registered with care-ports
 * for the report cards.
 */
export async function careDaySummaryOf(db: DbOrTx, boardingId: string, day: string, tz: string): Promise<CareDaySummary> {
  const slots = (await allSlots(db)).map(toTimes);
  const items = await planItems(db, [boardingId], true);
  const tasks = await tasksOfStays(db, [boardingId], day, day);
  const done = new Map(tasks.map((t) => [`${t.itemId}|${t.slotKey}`, t]));
  const current = items.filter((i) => !i.removedAt).map(planned);
  const rows: { kind: CareKind; slot: string; label: string; rec: CareTaskRow | undefined }[] = tasksOfDay(
    current,
    slots,
    day,
  ).map((t) => {
    const key = `${t.item.id}|${t.slotKey}`;
    const rec = done.get(key);
    done.delete(key);
    return { kind: t.item.kind, slot: t.slotName, label: itemToApi(t.item, new Map()).label, rec };
  });
  // Tasks recorded on items since removed from the plan still happened.
  for (const rec of done.values()) rows.push({ kind: rec.kind as CareKind, slot: rec.slotName, label: rec.label, rec });
  const sentences = rows.flatMap(({ kind, slot, label, rec }) => {
    if (!rec) return [];
    if (kind === 'meal') return [`${slot}: ${(SUMMARY_WORDS[rec.feedback] ?? rec.feedback).toLowerCase()} ${label}.`];
    const time = hhmmOf(wallClock(rec.doneAt, tz).minutes);
    return [`${label} ${(FEEDBACK_LABEL[rec.feedback] ?? rec.feedback).toLowerCase()} at ${time}.`];
  });
  const entries: CareDayEntry[] = rows.map(({ kind, slot, label, rec }) => ({
    kind,
    slot,
    label,
    feedback: rec ? (FEEDBACK_LABEL[rec.feedback] ?? rec.feedback).toLowerCase() : null,
    note: rec?.note ?? null,
    doneAt: rec ? rec.doneAt.toISOString() : null,
  }));
  return { entries, text: sentences.length ? sentences.join(' ') : 'Nothing recorded yet.' };
}

import {
  addDays,
  ageLabel,
  type GridItem,
  type GridTask,
  RUN_CARDS_MAX,
  type RunCard,
  runCardDays,
  runCardGrid,
  slotMinutes,
  vaccineStatus,
  wallClock,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { boardedNow, boardingById, type DeboardRow } from '../boarding/stay-records.service.ts';
import { readImage } from '../media/media.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { petDetails } from '../pets/pets.service.ts';
import { visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { runCardIncidents } from './care-ports.service.ts';
import { getCareLog, getStayCarePlan } from './care.service.ts';

/**
 * Run cards (issue 20; docs/api.md "Run cards"): what a stay's card shows, read from the care plan and log
 * (care.service.ts' stable `getStayCarePlan` and `getCareLog`), the pet and its vaccinations (pets), the stay
 * (boarding) and its incidents (care-ports, filled by report cards). A closed stay's card is still readable: it is
 * the stay's history. The PDF is drawn by run-card-pdf.ts from the same data.
 */

/** The stay's business days: entry day, the expected exit day (entry + booked days − 1), and the card's last day. */
export function stayDays(b: DeboardRow, today: string, tz: string) {
  const entryDay = wallClock(b.entryTime, tz).date;
  const expectedExitDay = addDays(entryDay, Math.max(1, b.numberOfDays) - 1);
  // A closed stay ends on its exit day; a pet still in house past its expected exit is still on the card today.
  let lastDay = expectedExitDay;
  if (!b.isBoarded) lastDay = b.exitTime ? wallClock(b.exitTime, tz).date : expectedExitDay;
  else if (today > expectedExitDay) lastDay = today;
  return { entryDay, expectedExitDay, lastDay };
}

/** A stay's run card; 404 for an unknown stay. */
export async function runCardOf(ctx: AppContext, boardingId: string): Promise<RunCard> {
  const b = await boardingById(ctx.db, boardingId);
  if (!b) throw notFound('Stay');
  return buildCard(ctx, b);
}

/** The run cards of every pet in house today, by pet name. */
export async function runCardsOfToday(ctx: AppContext): Promise<RunCard[]> {
  const stays = await boardedNow(ctx.db, RUN_CARDS_MAX);
  const cards: RunCard[] = [];
  for (const s of stays) cards.push(await buildCard(ctx, s));
  return cards.sort((a, b) => a.pet.name.localeCompare(b.pet.name) || a.boardingId.localeCompare(b.boardingId));
}

async function buildCard(ctx: AppContext, b: DeboardRow): Promise<RunCard> {
  const db = ctx.db;
  const tz = ctx.config.tz;
  const today = ctx.clock.today();
  const { entryDay, expectedExitDay, lastDay } = stayDays(b, today, tz);
  const { days, truncated } = runCardDays(entryDay, lastDay, today);
  const plan = await getStayCarePlan(db, b.id);
  const log = days.length ? await getCareLog(db, b.id, days[0]!, days.at(-1)!) : [];
  const pet = await petDetails(db, b.petId);
  const photo = (await petsWithOwnersByIds(db, [b.petId])).get(b.petId)?.photo ?? null;
  const [type] = await visitTypesByIds(db, [b.visitTypeId]);
  const incidents = await runCardIncidents(db, b.id);

  const slots = plan.slots.map((s) => ({ id: s._id, name: s.name, ...slotMinutes(s) }));
  const items: GridItem[] = plan.items.map((i) => ({
    id: i._id,
    kind: i.kind,
    slotIds: i.slotIds,
    atTime: i.atTime,
    startDate: i.startDate,
    endDate: i.endDate,
    label: i.label,
    instructions: i.instructions,
  }));
  const tasks: GridTask[] = log.map((t) => ({
    itemId: t.itemId,
    slotKey: t.slotKey,
    slotName: t.slotName,
    day: t.day,
    kind: t.kind,
    label: t.label,
    feedback: t.feedback,
    note: t.note,
    doneByName: t.doneBy.name,
    doneAt: t.doneAt,
  }));
  return {
    boardingId: b.id,
    today,
    closed: plan.closed,
    pet: {
      _id: pet._id,
      name: pet.name,
      species: pet.species,
      breed: pet.customBreed?.trim() || pet.breed,
      sex: pet.sex,
      age: ageLabel(pet.dob, today),
      photo,
    },
    owner: { name: pet.owner.name, phone: pet.owner.phone },
    emergencyContact: plan.emergencyContact,
    warnings: plan.warnings,
    vaccinations: pet.vaccinations.map((v) => ({
      name: v.name,
      givenOn: v.givenOn,
      nextDue: v.nextDue,
      status: vaccineStatus(v.nextDue, today),
    })),
    stay: {
      type: type?.purpose ?? '',
      entryTime: b.entryTime.toISOString(),
      entryDay,
      expectedExitDay,
      exitTime: b.exitTime ? b.exitTime.toISOString() : null,
    },
    incidents,
    days,
    daysTruncated: truncated,
    rows: runCardGrid(items, slots, days, tasks),
  };
}

/**
 * The thumbnails of the cards' pets for the PDF, by hash (staff read any photo). A photo that cannot be read leaves
 * the card without one rather than failing the print.
 */
export async function runCardPhotos(db: DbOrTx, cards: readonly RunCard[], userId: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const c of cards) {
    const hash = c.pet.photo?.hash;
    if (!hash || out.has(hash)) continue;
    try {
      out.set(hash, (await readImage(db, hash, 'thumb', { role: 'staff', userId })).bytes);
    } catch {
      // Missing from the store: the card prints with the placeholder.
    }
  }
  return out;
}

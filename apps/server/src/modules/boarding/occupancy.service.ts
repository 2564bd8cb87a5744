import { addDays, daysBetween, daysCovered, formatDate, OCCUPANCY_MSG, type OccupancyResponse } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { allVisitTypes, BOARDING_CODES, type VisitTypeRow, visitTypeById } from '../visit-types/visit-types.service.ts';
import { type BookedRow, bookedPerDay, departuresOn, lockTypeCapacity } from './occupancy.repo.ts';

export type { BookedRow };

/**
 * Capacity and occupancy (issue 11, beyond the spec; issue 18 across future days). A boarding type holds at most
 * `capacity` pets at once (null = no limit). A sale, a reservation or a check-in of N days is refused with 409
 * naming the day and the numbers when any of those business days is full, counting on each day the stays (as the
 * occupancy grid does) and the places other modules hold (confirmed reservations not yet checked in, registered
 * through `registerCapacityHolder`: boarding imports no module that depends on it). The check runs inside the
 * writer's transaction under the type's one advisory lock, so when several writers race for the last place, they
 * count one after another and exactly one takes it. An admin may lower the capacity below the pets boarded now;
 * new boardings are refused until there is room.
 */

/**
 * Places held per type and day by something other than a stay (confirmed reservations), for the days asked; days
 * without any are absent. Registered once at load by the module that holds them.
 */
export type CapacityHolder = (
  db: DbOrTx,
  q: { visitTypeIds: readonly string[]; firstDay: string; lastDay: string },
) => Promise<BookedRow[]>;

const holders = new Set<CapacityHolder>();

/** Registers a holder of places (the same function twice is one holder). */
export function registerCapacityHolder(holder: CapacityHolder): void {
  holders.add(holder);
}

/** Places taken per type on each of `dates` (consecutive): stays, then every holder's places. */
async function bookedOn(
  db: DbOrTx,
  visitTypeIds: readonly string[],
  w: { dates: readonly string[]; today: string; tz: string; staysOnly?: boolean },
): Promise<Map<string, number[]>> {
  const booked = new Map(visitTypeIds.map((id) => [id, w.dates.map(() => 0)]));
  if (visitTypeIds.length === 0 || w.dates.length === 0) return booked;
  const from = w.dates[0]!;
  const rows = [...(await bookedPerDay(db, visitTypeIds, w))];
  if (!w.staysOnly)
    for (const h of holders) rows.push(...(await h(db, { visitTypeIds, firstDay: from, lastDay: w.dates.at(-1)! })));
  for (const r of rows) {
    const row = booked.get(r.visitTypeId);
    const i = daysBetween(from, r.day);
    if (row && i >= 0 && i < w.dates.length) row[i]! += r.n;
  }
  return booked;
}

/** One business day of a stay against the type's capacity. */
export interface DayRoom {
  date: string;
  /** Places taken that day (stays and held places). */
  booked: number;
  capacity: number | null;
  /** Places left (null: no limit; never below 0). */
  free: number | null;
  /** `pets` more fit that day. */
  fits: boolean;
}

export interface RoomOnDays {
  type: VisitTypeRow;
  days: DayRoom[];
  fits: boolean;
  fullDays: string[];
}

export interface RoomQuery {
  visitTypeId: string;
  /** The business days the stay covers, inclusive. */
  firstDay: string;
  lastDay: string;
  /** Pets that would take a place on each day. */
  pets: number;
  /** Today and the business time zone (how stays take their days). */
  today: string;
  tz: string;
  /**
   * Take the type's capacity lock first (writers: inside their transaction, after the owners' ledger locks; the one
   * lock order of money paths). A quote reads without it.
   */
  lock?: boolean;
}

/** Room on each day of a stay; undefined for an unknown type. */
export async function roomOnDays(db: DbOrTx, q: RoomQuery): Promise<RoomOnDays | undefined> {
  const type = await visitTypeById(db, q.visitTypeId);
  if (!type) return undefined;
  if (q.lock && type.capacity !== null) await lockTypeCapacity(db, type.id);
  const dates = daysCovered(q.firstDay, q.lastDay);
  const booked = (await bookedOn(db, [type.id], { dates, today: q.today, tz: q.tz })).get(type.id)!;
  const cap = type.capacity;
  const days = dates.map((date, i) => {
    const n = booked[i]!;
    return {
      date,
      booked: n,
      capacity: cap,
      free: cap === null ? null : Math.max(0, cap - n),
      fits: cap === null || n + q.pets <= cap,
    };
  });
  const fullDays = days.filter((d) => !d.fits).map((d) => d.date);
  return { type, days, fits: fullDays.length === 0, fullDays };
}

/**
 * Throws 409 when a day of the stay has no room for `pets` more: '<Purpose> is full: n of c places are taken' for
 * today, '<Purpose> is full on 25 Nov 2026: …' for a later day. Call inside the writer's transaction (it takes the
 * type's capacity lock).
 */
export async function assertRoomOnDays(tx: DbOrTx, q: Omit<RoomQuery, 'lock'>): Promise<RoomOnDays | undefined> {
  const room = await roomOnDays(tx, { ...q, lock: true });
  if (!room || room.type.capacity === null) return room;
  const full = room.days.find((d) => !d.fits);
  if (full) {
    const cap = room.type.capacity;
    const message =
      full.date === q.today
        ? OCCUPANCY_MSG.full(room.type.purpose, full.booked, cap)
        : OCCUPANCY_MSG.fullOn(room.type.purpose, formatDate(full.date), full.booked, cap);
    throw conflict(message, { capacity: cap, taken: full.booked, day: full.date });
  }
  return room;
}

/** The business days a stay sold now takes: its entry day (today) to entry + booked days − 1. */
export function stayDays(today: string, numberOfDays: number): { firstDay: string; lastDay: string } {
  return { firstDay: today, lastDay: addDays(today, Math.max(1, numberOfDays) - 1) };
}

/** The boarding types on offer, in the Deboard screen's order (Dog Park … Day Care), others after. */
async function boardingTypes(db: DbOrTx): Promise<VisitTypeRow[]> {
  const rank = (t: VisitTypeRow) => {
    const i = BOARDING_CODES.indexOf(t.code as (typeof BOARDING_CODES)[number]);
    return i === -1 ? BOARDING_CODES.length : i;
  };
  const types = (await allVisitTypes(db, { activeOnly: true })).filter((t) => t.isBoarding);
  return types.sort((a, b) => rank(a) - rank(b));
}

/**
 * Places booked per boarding type on each of `days` days from `from` (default today): stays and confirmed
 * reservations (the grid); `staysOnly`: the pets boarded (the Today board's pets in house).
 */
export async function occupancy(
  ctx: AppContext,
  q: { from?: string; days: number; staysOnly?: boolean },
): Promise<OccupancyResponse> {
  const tz = ctx.config.tz;
  const today = ctx.clock.today();
  const from = q.from ?? today;
  const dates = Array.from({ length: q.days }, (_, i) => addDays(from, i));
  const types = await boardingTypes(ctx.db);
  const booked = await bookedOn(
    ctx.db,
    types.map((t) => t.id),
    { dates, today, tz, staysOnly: q.staysOnly },
  );
  return {
    success: true,
    today,
    from,
    dates,
    types: types.map((t) => ({
      _id: t.id,
      purpose: t.purpose,
      code: t.code,
      capacity: t.capacity,
      booked: booked.get(t.id)!,
    })),
  };
}

/** Stays boarded now whose booked days end today, and those past their last booked day (the Today board). */
export function departuresDue(ctx: AppContext): Promise<{ dueToday: number; overdue: number }> {
  return departuresOn(ctx.db, ctx.clock.today(), ctx.config.tz);
}

export type { DepartingStay } from './occupancy.repo.ts';
/** The stays checking out on a day (GET /reservations/day's departures). */
export { staysLeavingOn } from './occupancy.repo.ts';

/**
 * The type's capacity lock, for a writer that must take it before locking its own rows (the one lock order: owners'
 * ledger locks, then this, then subject rows); taken again by assertRoomOnDays in the same transaction, it is held.
 */
export { lockTypeCapacity } from './occupancy.repo.ts';

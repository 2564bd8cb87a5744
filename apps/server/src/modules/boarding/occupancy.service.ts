import { addDays, daysBetween, OCCUPANCY_MSG, type OccupancyResponse } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { allVisitTypes, BOARDING_CODES, type VisitTypeRow, visitTypeById } from '../visit-types/visit-types.service.ts';
import { bookedPerDay, countActiveOfType, departuresOn, lockTypeCapacity } from './occupancy.repo.ts';

/**
 * Capacity and occupancy (issue 11, beyond the spec). A boarding type holds at most `capacity` pets at once (null =
 * no limit): a sale that would board one more is refused with 409 naming the numbers. The check runs inside the
 * sale's transaction under a per-type advisory lock, so when several sales race for the last place, they count one
 * after another and exactly one takes it. An admin may lower the capacity below the pets boarded now; new
 * boardings are refused until there is room.
 */

/** Throws 409 '<Purpose> is full: n of c places are taken' when the type has no free place; call inside the sale's tx. */
export async function assertRoom(tx: DbOrTx, visitTypeId: string): Promise<void> {
  const type = await visitTypeById(tx, visitTypeId);
  if (!type || type.capacity === null) return;
  await lockTypeCapacity(tx, type.id);
  const taken = await countActiveOfType(tx, type.id);
  if (taken >= type.capacity) {
    throw conflict(OCCUPANCY_MSG.full(type.purpose, taken, type.capacity), { capacity: type.capacity, taken });
  }
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

/** Places booked per boarding type on each of `days` days from `from` (default today). */
export async function occupancy(ctx: AppContext, q: { from?: string; days: number }): Promise<OccupancyResponse> {
  const tz = ctx.config.tz;
  const today = ctx.clock.today();
  const from = q.from ?? today;
  const dates = Array.from({ length: q.days }, (_, i) => addDays(from, i));
  const types = await boardingTypes(ctx.db);
  const rows = await bookedPerDay(
    ctx.db,
    types.map((t) => t.id),
    { dates, today, tz },
  );
  const booked = new Map(types.map((t) => [t.id, dates.map(() => 0)]));
  for (const r of rows) {
    const row = booked.get(r.visitTypeId);
    const i = daysBetween(from, r.day);
    if (row && i >= 0 && i < q.days) row[i] = r.n;
  }
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

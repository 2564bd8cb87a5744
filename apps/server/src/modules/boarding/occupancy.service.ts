import { addDays, dateInTz, daysBetween, OCCUPANCY_MSG, type OccupancyResponse } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { allVisitTypes, BOARDING_CODES, type VisitTypeRow, visitTypeById } from '../visit-types/visit-types.service.ts';
import { countActiveOfType, lockTypeCapacity, type StayRow, staysOverlapping } from './occupancy.repo.ts';

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

/**
 * The days (business time zone) a stay takes a place: from the day it entered to the day it left; while still
 * boarded, to the last booked day (entry + booked days − 1) or today if it stays on beyond that (an overstay
 * keeps its place today, not on future days). A stay that is not boarded and has no exit time takes none.
 */
export function stayDays(s: StayRow, tz: string, today: string): { first: string; last: string } | null {
  const first = dateInTz(s.entryTime, tz);
  if (s.isBoarded) {
    const booked = addDays(first, s.numberOfDays - 1);
    return { first, last: booked > today ? booked : today };
  }
  return s.exitTime ? { first, last: dateInTz(s.exitTime, tz) } : null;
}

const DAY_MS = 86_400_000;

/** Places booked per boarding type on each of `days` days from `from` (default today). */
export async function occupancy(ctx: AppContext, q: { from?: string; days: number }): Promise<OccupancyResponse> {
  const tz = ctx.config.tz;
  const today = ctx.clock.today();
  const from = q.from ?? today;
  const dates = Array.from({ length: q.days }, (_, i) => addDays(from, i));
  const to = dates.at(-1)!;
  const types = await boardingTypes(ctx.db);
  // A business day lies within its UTC date ± 14 hours: read the stays of a window one day wider on each side,
  // then place each stay on its days exactly.
  const after = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS);
  const before = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS);
  const stays = await staysOverlapping(
    ctx.db,
    types.map((t) => t.id),
    after,
    before,
  );
  const booked = new Map(types.map((t) => [t.id, dates.map(() => 0)]));
  for (const s of stays) {
    const row = booked.get(s.visitTypeId);
    const span = stayDays(s, tz, today);
    if (!row || !span) continue;
    const start = Math.max(0, daysBetween(from, span.first));
    const end = Math.min(q.days - 1, daysBetween(from, span.last));
    for (let i = start; i <= end; i++) row[i] = (row[i] ?? 0) + 1;
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

import type { TodayBoardResponse } from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { departuresDue, occupancy } from '../boarding/occupancy.service.ts';
import { followUpsOn } from '../followups/followups.service.ts';
import { listItems } from '../inventory/inventory.service.ts';
import { vaccinationsDue } from '../reminders/vaccine-reminders.service.ts';
import { arrivalsToday } from '../reservations/reservation-lists.service.ts';
import { dayTotals, takingsChart } from '../takings/takings.service.ts';

/** How many low-stock items the board counts before it says "at least". */
const ALERTS_COUNTED = 100;

/**
 * The Today board (issue 17): what the day looks like, each figure from the module that owns it: pets in house per
 * boarding type against capacity (occupancy), departures due (boarding), today's arrivals (reservations), follow-ups with attendance (follow-ups),
 * vaccinations due (reminders), the alert list (inventory), today's takings and the 30-day chart (takings).
 */
export async function todayBoard(ctx: AppContext): Promise<TodayBoardResponse> {
  const today = ctx.clock.today();
  const [occ, departures, arrivals, followUps, vaccinations, alerts, takings, chart] = await Promise.all([
    occupancy(ctx, { days: 1, staysOnly: true }),
    departuresDue(ctx),
    arrivalsToday(ctx),
    followUpsOn(ctx.db, today),
    vaccinationsDue(ctx, 1),
    listItems(ctx.db, { limit: ALERTS_COUNTED }, { lowOnly: true }),
    dayTotals(ctx, today),
    takingsChart(ctx, today),
  ]);
  return {
    success: true,
    today,
    inHouse: occ.types.map((t) => ({
      _id: t._id,
      purpose: t.purpose,
      code: t.code,
      pets: t.booked[0] ?? 0,
      capacity: t.capacity,
    })),
    departures,
    arrivals,
    followUps: {
      total: followUps.length,
      present: followUps.filter((f) => f.present === true).length,
      absent: followUps.filter((f) => f.present === false).length,
      unmarked: followUps.filter((f) => f.present === null).length,
    },
    vaccinations: {
      dueToday: vaccinations.dueToday.rows.length,
      overdue: vaccinations.overdue.rows.length,
      truncated: vaccinations.dueToday.truncated || vaccinations.overdue.truncated,
    },
    alerts: { lowStock: alerts.items.length, more: alerts.nextCursor !== null },
    takings,
    chart,
  };
}

/**
 * The Today board of the staff dashboard (issue 17 "Today board"): GET /dashboard/today. Amounts in rupees.
 */
import { z } from 'zod';

// The texts and the chart's days, without zod (the staff dashboard imports them without loading zod).
export * from './today-rules.ts';

const count = z.number().int();
const money = z.number();

export const todayBoardResponse = z.object({
  success: z.literal(true),
  /** The business date (YYYY-MM-DD). */
  today: z.string(),
  /** Pets boarded now per boarding type, against its capacity (null: no limit). */
  inHouse: z.array(z.object({ _id: z.string(), purpose: z.string(), code: z.string(), pets: count, capacity: count.nullable() })),
  /** Stays whose booked days end today (still boarded), and stays past their last booked day. */
  departures: z.object({ dueToday: count, overdue: count }),
  /**
   * Issue 18: reservations checking in today (confirmed ones still to arrive, and those already checked in);
   * the list is GET /reservations/day. Optional: absent from an older server.
   */
  arrivals: z.object({ expected: count, checkedIn: count }).optional(),
  /** Follow-ups scheduled today and their attendance so far. */
  followUps: z.object({ total: count, present: count, absent: count, unmarked: count }),
  /** Vaccinations due today and overdue (each list stops at `truncated`). */
  vaccinations: z.object({ dueToday: count, overdue: count, truncated: z.boolean() }),
  /** Inventory items at or below their reorder level (`more`: at least this many). */
  alerts: z.object({ lowStock: count, more: z.boolean() }),
  /** Today's takings: money received on sales (wallet applied included) and sales charged. */
  takings: z.object({ received: money, charged: money }),
  /** Sales charged per business day by purpose over the last 30 days (oldest first). */
  chart: z.object({
    dates: z.array(z.string()),
    purposes: z.array(z.object({ purpose: z.string(), amounts: z.array(money), total: money })),
    totals: z.array(money),
  }),
});
export type TodayBoardResponse = z.infer<typeof todayBoardResponse>;
export type TodayChart = TodayBoardResponse['chart'];

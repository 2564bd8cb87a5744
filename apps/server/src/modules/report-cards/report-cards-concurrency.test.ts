import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportCards } from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';

/**
 * A race only PostgreSQL runs for real (PGlite runs one statement at a time): two staff create the same stay's card
 * for the same day at once. Both pass the friendly "is there a card already?" check; the unique index
 * report_cards_stay_day_uq lets one insert win and turns the other into the 409 naming the winner.
 */
const { t, staff, db, board } = useDeboardTest();
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 5;

describe('concurrent report cards (PostgreSQL)', () => {
  it.skipIf(!onPostgres)("two staff writing the same day's card at once: one card, one 201 and one 409", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const s = await board('hostel', { days: 2 });
      const write = (mood: number) =>
        t.call({
          method: 'POST',
          url: '/api/v1/report-cards',
          token: staff.token,
          payload: { boardingId: s.boardingId, mood, activity: 3, note: `Writer ${mood}` },
        });
      const res = await Promise.all([write(2), write(5)]);
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const rows = await db().select().from(reportCards).where(eq(reportCards.boardingId, s.boardingId));
      expect(rows).toHaveLength(1);
      const lost = res.find((r) => r.statusCode === 409)!;
      expect(lost.json().cardId).toBe(rows[0]!.id);
    }
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema/index.ts';
import { makeOwner, makePet, makeVisitType } from '../../../test/factories.ts';
import { useVisitTest } from '../../../test/visit-kit.ts';

/**
 * Races that only PostgreSQL runs for real (PGlite runs one statement at a time): two reservations of different
 * owners racing for the last place on a day count one after the other under the type's capacity lock, so exactly
 * one takes it and the other is waitlisted (or refused without the waitlist).
 */
const { t, staff, db } = useVisitTest();

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 5;

async function racers() {
  const type = await makeVisitType(db(), {
    isBoarding: true,
    capacity: 1,
    pricePaise: 100_000,
    purpose: `Race ${Math.random()}`,
  });
  const bodies = [];
  for (let i = 0; i < 2; i++) {
    const owner = await makeOwner(db());
    const pet = await makePet(db(), { ownerId: owner.id });
    bodies.push({
      ownerId: owner.id,
      visitTypeId: type.id,
      petIds: [pet.id],
      checkInDate: '2026-12-01',
      checkInTime: '10:00',
      checkOutDate: '2026-12-02',
      checkOutTime: '11:00',
    });
  }
  return { type, bodies };
}
const reserve = (payload: object) => t.call({ method: 'POST', url: '/api/v1/reservations', token: staff.token, payload });

describe('reservations racing for the last place (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('with the waitlist: one confirmed, one waitlisted', async () => {
    t.clock.set(new Date('2026-11-20T06:30:00Z'));
    for (let round = 0; round < ROUNDS; round++) {
      const { type, bodies } = await racers();
      const res = await Promise.all(bodies.map((b) => reserve({ ...b, waitlist: true })));
      expect(
        res.map((r) => r.statusCode),
        res.map((r) => r.body).join('\n'),
      ).toEqual([201, 201]);
      expect(res.map((r) => r.json().reservation.status).sort()).toEqual(['confirmed', 'waitlisted']);
      const rows = await db().select().from(reservations).where(eq(reservations.visitTypeId, type.id));
      expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    }
    t.clock.set(null);
  });

  it.skipIf(!onPostgres)('without it: one 201, one 409, one reservation', async () => {
    t.clock.set(new Date('2026-11-20T06:30:00Z'));
    for (let round = 0; round < ROUNDS; round++) {
      const { type, bodies } = await racers();
      const res = await Promise.all(bodies.map((b) => reserve(b)));
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409]);
      expect(await db().select().from(reservations).where(eq(reservations.visitTypeId, type.id))).toHaveLength(1);
    }
    t.clock.set(null);
  });
});

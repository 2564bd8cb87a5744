import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';

/**
 * Races that only PostgreSQL runs for real (PGlite runs one statement at a time): customers racing for the last
 * place of a slot, and for the one pickup vehicle of a time, count one after the other under the service's and the
 * vehicle's day locks, so exactly one books and the others get 409.
 */
const t = useTestApp();
const db = () => t.database.db;
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 4;
const RACERS = 3;

async function customers(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const user = await t.user('customer');
    const owner = await makeOwner(db(), { userId: user.id, email: user.email });
    const pet = await makePet(db(), { ownerId: owner.id });
    out.push({ token: user.token, petId: pet.id });
  }
  return out;
}

async function serviceIds(token: string) {
  const res = (await t.call({ method: 'GET', url: '/api/v1/customerappointment/services', token })).json();
  const id = (name: string) => res.services.find((s: { name: string }) => s.name === name)._id as string;
  return { grooming: id('Grooming'), vet: id('Veterinary'), dogPark: id('Dog Park') };
}

const book = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/v1/customerappointment/createappoint', token, payload });

describe('appointment races (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('the last place in a slot: one 201, the rest 409, one appointment', async () => {
    t.clock.set(new Date('2026-11-20T06:30:00Z'));
    const racers = await customers(RACERS);
    const { grooming } = await serviceIds(racers[0]!.token);
    for (let round = 0; round < ROUNDS; round++) {
      const date = `2026-12-0${round + 1}`;
      const res = await Promise.all(
        racers.map((r) =>
          book(r.token, { serviceId: grooming, appointmentDate: date, appointmentTime: '10:00', petId: r.petId }),
        ),
      );
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409, 409]);
      const rows = await db()
        .select()
        .from(appointments)
        .where(and(eq(appointments.appointmentDate, date), eq(appointments.visitTypeId, grooming)));
      expect(rows).toHaveLength(1);
    }
    t.clock.set(null);
  });

  it.skipIf(!onPostgres)('the one pickup vehicle: different services at one time, one pickup booked', async () => {
    t.clock.set(new Date('2026-11-20T06:30:00Z'));
    const racers = await customers(RACERS);
    const s = await serviceIds(racers[0]!.token);
    const services = [s.grooming, s.vet, s.dogPark];
    for (let round = 0; round < ROUNDS; round++) {
      const date = `2026-12-1${round + 1}`;
      const res = await Promise.all(
        racers.map((r, i) =>
          book(r.token, {
            serviceId: services[i],
            appointmentDate: date,
            appointmentTime: '15:00',
            petId: r.petId,
            pickup: { address: 'Home', km: 3 },
          }),
        ),
      );
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409, 409]);
      const rows = await db().select().from(appointments).where(eq(appointments.appointmentDate, date));
      expect(rows).toHaveLength(1);
    }
    t.clock.set(null);
  });
});

import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceFlagLiftRequests, serviceFlags } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';

/**
 * Races only PostgreSQL runs for real (PGlite runs one statement at a time): two admins flagging the same pet at
 * the same instant make one active flag (the partial unique index on live flags decides; the loser is a 409), and
 * an owner's two review requests at once make one pending request.
 */
const t = useTestApp();
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 5;
let admins: { token: string }[] = [];
beforeAll(async () => {
  admins = [await t.user('staff', { isAdmin: true }), await t.user('staff', { isAdmin: true })];
});
const post = (url: string, payload: object, token: string) => t.call({ method: 'POST', url: `/api/v1${url}`, token, payload });

describe('do not serve races (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('two admins flag the same pet at once: one active flag, the other 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await makeOwner(t.database.db);
      const pet = await makePet(t.database.db, { ownerId: owner.id });
      const res = await Promise.all(admins.map((a, i) => post('/donotserve', { petId: pet.id, reason: `Reason ${i}` }, a.token)));
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const live = await t.database.db
        .select()
        .from(serviceFlags)
        .where(and(eq(serviceFlags.petId, pet.id), inArray(serviceFlags.status, ['active', 'requested'])));
      expect(live).toHaveLength(1);
    }
  });

  it.skipIf(!onPostgres)("an owner's two review requests at once: one pending, the other 409", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await t.user('customer');
      const owner = await makeOwner(t.database.db, { userId: user.id, email: user.email });
      await makePet(t.database.db, { ownerId: owner.id });
      const flag = (await post('/donotserve', { ownerId: owner.id, reason: 'Unpaid' }, admins[0]!.token)).json().flag;
      const res = await Promise.all(
        [1, 2].map((i) => post(`/customer/donotserve/${flag._id}/review`, { reason: `Please ${i}` }, user.token)),
      );
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const pending = await t.database.db
        .select()
        .from(serviceFlagLiftRequests)
        .where(and(eq(serviceFlagLiftRequests.flagId, flag._id), eq(serviceFlagLiftRequests.status, 'pending')));
      expect(pending).toHaveLength(1);
    }
  });
});

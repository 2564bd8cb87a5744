/**
 * The same Idempotency-Key sent 10 times at once sells once (PostgreSQL only: PGlite runs one statement at a time).
 * The key is claimed as the first statement of the sale's transaction: the unique index makes the other nine wait
 * for the first to commit, roll back, and answer its stored answer (or a clear 409), never a 500.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { ledgerOfPet, useVisitTest } from '../../../test/visit-kit.ts';
import { visits } from '../../db/schema/index.ts';
import { IDEMPOTENCY_MESSAGES as M } from './idempotency.service.ts';

const { t, staff, types, db } = useVisitTest();
const ROUNDS = 3;
const AT_ONCE = 10;

const post = (url: string, payload: object, key: string) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload, token: staff.token, headers: { 'idempotency-key': key } });

/** Every answer is the first sale's (201, same body) or a clear 409; never a 500. */
function expectOneAnswer(res: Awaited<ReturnType<typeof post>>[]) {
  const sold = res.filter((r) => r.statusCode === 201);
  expect(sold.length, res.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toBeGreaterThanOrEqual(1);
  for (const r of res) {
    if (r.statusCode === 409) expect(r.json().message).toBe(M.processing);
    else {
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toEqual(sold[0]!.json());
    }
  }
}

describe.skipIf(!process.env.DATABASE_URL)('one Idempotency-Key sent 10 times at once (PostgreSQL)', () => {
  it('a Veterinary visit paid in cash: one visit, one charge, one payment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await makeOwner(db(), { email: `idem-race${round}@test.in` });
      const pet = await makePet(db(), { ownerId: owner.id });
      const body = {
        petId: pet.id,
        visitType: types.veterinary!.id,
        customerType: 'pvtltd',
        details: { finalPrice: 500, selectedPayment: 'cash' },
      };
      const key = `race-${round}-${Date.now()}`;
      const res = await Promise.all(Array.from({ length: AT_ONCE }, () => post('/visit/addveterinaryvisit', body, key)));
      expectOneAnswer(res);
      expect(await db().select().from(visits).where(eq(visits.petId, pet.id))).toHaveLength(1);
      const rows = await ledgerOfPet(db(), pet.id);
      expect(rows.map((r) => `${r.kind} ${r.amountPaise}`).sort()).toEqual(['charge 50000', 'payment 50000']);
    }
  });

  it('a Dog Park visit by payment link: one visit, one charge, one pending payment with one link', async () => {
    const owner = await makeOwner(db(), { email: 'idem-race-shop@test.in' });
    const pet = await makePet(db(), { ownerId: owner.id });
    const body = {
      petId: pet.id,
      visitType: types.dog_park!.id,
      details: { discount: 0, price: 350, selectedPayment: 'payment_link' },
    };
    const key = `race-link-${Date.now()}`;
    const res = await Promise.all(Array.from({ length: AT_ONCE }, () => post('/visit/adddogparkvisit', body, key)));
    expectOneAnswer(res);
    const rows = await ledgerOfPet(db(), pet.id);
    expect(rows.map((r) => `${r.kind} ${r.status}`).sort()).toEqual(['charge completed', 'payment pending']);
    expect(rows.find((r) => r.kind === 'payment')!.linkUrl).toEqual(expect.any(String));
  });
});

/**
 * A money write whose answer was lost (issue 22, crash safety): the server is killed after the sale committed and
 * before its answer was stored with the key, so the key stays claimed without an answer. Found by the crash test
 * (`npm run test:crash -- --db pg --kill-at answer-window`): every repeat of the request was answered 409 'still
 * being processed' for the key's 24 hours, and a receptionist who gave up and saved the form again (a new key) sold
 * twice. Now, once the claim is ANSWER_LOST_AFTER_MS old, a repeat is answered 409 'done, answer lost' with the
 * ledger rows the request wrote, stored as the key's answer: the submission ends and nothing is sold again.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { ledgerOfPet, useVisitTest } from '../../../test/visit-kit.ts';
import { idempotencyKeys, visits } from '../../db/schema/index.ts';
import { ANSWER_LOST_AFTER_MS, IDEMPOTENCY_MESSAGES as M } from './idempotency.service.ts';

const { t, staff, types, db } = useVisitTest();

const sale = (petId: string, key: string) =>
  t.call({
    method: 'POST',
    url: '/api/v1/visit/addgroomingvisit',
    payload: {
      petId,
      visitType: types.grooming!.id,
      details: { discount: 0, finalPrice: types.grooming!.pricePaise / 100, selectedPayment: 'cash' },
    },
    token: staff.token,
    headers: { 'idempotency-key': key },
  });

it('a repeat of a sale that committed but never answered: 409 done-answer-lost with its ledger rows, sold once', async () => {
  const owner = await makeOwner(db(), { email: 'lost.answer@test.in' });
  const pet = await makePet(db(), { ownerId: owner.id });
  const key = `lost-${Math.random().toString(36).slice(2)}`;
  const first = await sale(pet.id, key);
  expect(first.statusCode).toBe(201);
  // The kill between the commit and the stored answer: the key is claimed (with its ledger rows), no answer.
  await db().update(idempotencyKeys).set({ statusCode: null, response: null }).where(eq(idempotencyKeys.key, key));

  // Later (the restart took a while): the repeat is told the request was done, and which ledger rows it wrote.
  t.clock.set(new Date(Date.now() + ANSWER_LOST_AFTER_MS + 1000));
  try {
    const repeat = await sale(pet.id, key);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const payment = first.json().payment;
    expect(repeat.json()).toMatchObject({
      success: false,
      message: M.answerLost,
      payments: expect.arrayContaining([
        expect.objectContaining({ _id: payment._id, amount: payment.amount, status: 'completed', receiptNo: payment.receiptNo }),
      ]),
    });
    // The answer is now the key's: the next repeat gets the same at once.
    const again = await sale(pet.id, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(repeat.json());
    const [row] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key)));
    expect(row!.statusCode).toBe(409);
  } finally {
    t.clock.set(null);
  }
  // Sold once: one visit, one charge, one payment.
  expect(await db().select().from(visits).where(eq(visits.petId, pet.id))).toHaveLength(1);
  expect((await ledgerOfPet(db(), pet.id)).map((r) => r.kind).sort()).toEqual(['charge', 'payment']);
});

it('a claim without an answer that is recent is still being processed (the first request may yet answer)', async () => {
  const owner = await makeOwner(db(), { email: 'slow.answer@test.in' });
  const pet = await makePet(db(), { ownerId: owner.id });
  const key = `slow-${Math.random().toString(36).slice(2)}`;
  expect((await sale(pet.id, key)).statusCode).toBe(201);
  await db().update(idempotencyKeys).set({ statusCode: null, response: null }).where(eq(idempotencyKeys.key, key));
  const repeat = await sale(pet.id, key);
  expect(repeat.statusCode).toBe(409);
  expect(repeat.json().message).toBe(M.processing);
  expect(
    await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode))),
  ).toHaveLength(1);
}, 120_000);

import { VISIT_MESSAGES } from '@pawdesk/shared';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePet } from '../../../test/factories.ts';
import { planOf, useVisitTest } from '../../../test/visit-kit.ts';
import { payments, visits } from '../../db/schema/index.ts';

/**
 * Every visit save endpoint answers an empty `petId` with the spec's pet message (not 'Invalid id') and an empty
 * `visitType` with 'Visit type is missing. Please try again.' (issue 18), and writes nothing. A walk-in Shop sale is
 * the one save without a pet (walk-in.test.ts).
 */

const { staff, types, db, post } = useVisitTest();

const pay = { selectedPayment: 'cash' };
/** Each save endpoint with a body that is valid but for the ids (the ids are filled in per case). */
const ENDPOINTS: [string, (ids: { petId: unknown; visitType: unknown }) => Promise<object>][] = [
  ['/visit/addinquiryvisit', async (ids) => ({ ...ids, note: 'Asked about day care' })],
  ['/visit/adddogparkvisit', async (ids) => ({ ...ids, details: { discount: 0, ...pay } })],
  ['/visit/addveterinaryvisit', async (ids) => ({ ...ids, customerType: 'pvtltd', details: { discount: 0, ...pay } })],
  ['/visit/addhostelvisit', async (ids) => ({ ...ids, details: { numberOfDays: 2, discount: 0, ...pay } })],
  ['/visit/adddaycarevisit', async (ids) => ({ ...ids, details: { discount: 0, ...pay } })],
  ['/visit/adddayschoolvisit', async (ids) => ({ ...ids, isSubscriptionAvailed: true })],
  ['/visit/addplayschoolvisit', async (ids) => ({ ...ids, isSubscriptionAvailed: true })],
  ['/visit/addgroomingvisit', async (ids) => ({ ...ids, details: { discount: 0, finalPrice: 0, ...pay } })],
  [
    '/visit/addshopvisit',
    async (ids) => ({ ...ids, items: [{ name: 'Toy', price: 10 }], details: { totalCalculatedPrice: 10, ...pay } }),
  ],
  [
    '/visit/addshoppingvisit',
    async (ids) => ({ ...ids, items: [{ name: 'Toy', price: 10 }], details: { totalCalculatedPrice: 10, ...pay } }),
  ],
  ['/visit/addvisit', async (ids) => ({ ...ids, details: { discount: 0 } })],
  [
    '/subscription/buysubscription',
    async (ids) => {
      const plan = await planOf(db(), 'day_care');
      return { ...ids, planId: plan.id, details: { ...pay, price: plan.pricePaise / 100 } };
    },
  ],
];

const rows = async () => ({
  visits: (await db().select({ n: count() }).from(visits))[0]!.n,
  payments: (await db().select({ n: count() }).from(payments))[0]!.n,
});

describe('every visit save endpoint: empty ids get the spec’s messages', () => {
  it.each(ENDPOINTS.flatMap(([path, body]) => ['', '   '].map((empty) => [path, JSON.stringify(empty), body] as const)))(
    '%s with petId %s: the pet message, nothing written',
    async (path, empty, body) => {
      const before = await rows();
      const res = await post(path, await body({ petId: JSON.parse(empty), visitType: types.shop!.id }), staff.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: VISIT_MESSAGES.petMissing,
        errors: { petId: VISIT_MESSAGES.petMissing },
      });
      expect(await rows()).toEqual(before);
    },
  );

  it.each(ENDPOINTS.map(([path, body]) => [path, body] as const))(
    '%s with an empty visitType: the visit type message',
    async (path, body) => {
      const pet = await makePet(db());
      const before = await rows();
      const res = await post(path, await body({ petId: pet.id, visitType: '' }), staff.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: VISIT_MESSAGES.visitTypeMissing,
        errors: { visitType: VISIT_MESSAGES.visitTypeMissing },
      });
      expect(await rows()).toEqual(before);
    },
  );

  it.each(ENDPOINTS.map(([path, body]) => [path, body] as const))(
    '%s with a malformed petId is still refused as malformed',
    async (path, body) => {
      const res = await post(path, await body({ petId: 'abc', visitType: types.shop!.id }), staff.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.petId).toBe('Invalid id');
    },
  );
});

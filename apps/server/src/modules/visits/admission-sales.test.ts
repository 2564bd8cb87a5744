import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardings, payments, subscriptions, visits } from '../../db/schema/index.ts';
import { makePet } from '../../../test/factories.ts';
import { holdSubscription, planOf, useVisitTest } from '../../../test/visit-kit.ts';

/**
 * The admission rule on every boarding sale (issue 11): a dog the rule flags is refused with 409 naming what is
 * missing, unless the request acknowledges it; then the boarding records what was missing, who and when.
 */
const { t, staff, types, db, post } = useVisitTest();

/** A dog with no vaccination records: 'No record of Rabies; No record of DHPP'. */
const flaggedDog = () => makePet(db(), { vaccinations: [] });
const MISSING = ['No record of Rabies', 'No record of DHPP'];
const REFUSAL = {
  success: false,
  message: 'Admission rule: No record of Rabies; No record of DHPP. Confirm to board anyway.',
  missing: MISSING,
  admissionRequired: true,
};

type Purpose = 'hostel' | 'day_care' | 'day_school' | 'play_school' | 'dog_park' | 'dog_park_details';
const URL: Record<Purpose, string> = {
  hostel: '/visit/addhostelvisit',
  day_care: '/visit/adddaycarevisit',
  day_school: '/visit/adddayschoolvisit',
  play_school: '/visit/addplayschoolvisit',
  dog_park: '/visit/adddogparkvisit',
  dog_park_details: '/visit/adddogparkvisit',
};

/** The body of a sale of `purpose` for the pet; `ack`: where the purpose carries admissionAcknowledged. */
async function body(purpose: Purpose, petId: string, ack?: boolean): Promise<object> {
  const flag = ack === undefined ? {} : { admissionAcknowledged: ack };
  if (purpose === 'hostel' || purpose === 'day_care') {
    const price = types[purpose]!.pricePaise / 100;
    return {
      petId,
      visitType: types[purpose]!.id,
      details: { numberOfDays: 1, finalPrice: price, selectedPaymentType: 'advance_payment', selectedPayment: 'cash', ...flag },
    };
  }
  if (purpose === 'dog_park' || purpose === 'dog_park_details') {
    const price = types.dog_park!.pricePaise / 100;
    const details = { price, selectedPayment: 'cash', ...(purpose === 'dog_park_details' ? flag : {}) };
    return { petId, visitType: types.dog_park!.id, details, ...(purpose === 'dog_park' ? flag : {}) };
  }
  const plan = await planOf(db(), purpose);
  // One live subscription per pet and purpose: held once, whatever the number of tries.
  const held = await db()
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.petId, petId), eq(subscriptions.active, true)));
  if (!held.some((h) => h.visitTypeId === plan.visitTypeId)) await holdSubscription(db(), petId, plan);
  return { petId, visitType: types[purpose]!.id, isSubscriptionAvailed: true, planId: plan.id, ...flag };
}

const rowsOf = async (petId: string) => ({
  visits: await db().select().from(visits).where(eq(visits.petId, petId)),
  boardings: await db().select().from(boardings).where(eq(boardings.petId, petId)),
  payments: await db().select().from(payments).where(eq(payments.petId, petId)),
});

describe.each(Object.keys(URL) as Purpose[])('%s sale', (purpose) => {
  it('refuses a flagged dog without the acknowledgement (absent or false) with 409, writing nothing', async () => {
    const pet = await flaggedDog();
    for (const ack of [undefined, false]) {
      const res = await post(URL[purpose], await body(purpose, pet.id, ack), staff.token);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual(REFUSAL);
    }
    expect(await rowsOf(pet.id)).toEqual({ visits: [], boardings: [], payments: [] });
  });

  it('boards it with admissionAcknowledged: true and records what was missing, who and when', async () => {
    const pet = await flaggedDog();
    const res = await post(URL[purpose], await body(purpose, pet.id, true), staff.token);
    expect(res.statusCode, res.body).toBe(201);
    const [b] = (await rowsOf(pet.id)).boardings;
    expect(b).toMatchObject({ admissionMissing: MISSING, admissionAckBy: staff.id, isBoarded: true });
    expect(Math.abs(b!.admissionAckAt!.getTime() - t.clock.now().getTime())).toBeLessThan(60_000);
  });

  it('a dog that meets the rule boards without the flag and records no acknowledgement', async () => {
    const pet = await makePet(db());
    const res = await post(URL[purpose], await body(purpose, pet.id), staff.token);
    expect(res.statusCode, res.body).toBe(201);
    const [b] = (await rowsOf(pet.id)).boardings;
    expect(b).toMatchObject({ admissionMissing: null, admissionAckBy: null, admissionAckAt: null });
  });
});

describe('admission rule on sales', () => {
  it('a puppy is refused for its age; other purposes (grooming) never check', async () => {
    const pup = await makePet(db(), { dob: t.clock.today() });
    const res = await post(URL.hostel, await body('hostel', pup.id), staff.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().missing).toEqual([expect.stringMatching(/^Under 4 months old \(born /)]);
    const grooming = await post(
      '/visit/addgroomingvisit',
      {
        petId: pup.id,
        visitType: types.grooming!.id,
        details: { finalPrice: types.grooming!.pricePaise / 100, selectedPayment: 'cash' },
      },
      staff.token,
    );
    expect(grooming.statusCode, grooming.body).toBe(201);
  });

  it('a cat boards without vaccinations', async () => {
    const cat = await makePet(db(), { species: 'cat', vaccinations: [] });
    expect((await post(URL.hostel, await body('hostel', cat.id), staff.token)).statusCode).toBe(201);
  });

  it('the acknowledgement must be a boolean', async () => {
    const pet = await flaggedDog();
    const res = await post(URL.day_school, await body('day_school', pet.id, 'yes' as never), staff.token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['admissionAcknowledged']);
  });
});

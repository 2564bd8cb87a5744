import { addDays, todayIn } from '@pawdesk/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { followUps, payments, visits, visitTypes } from '../../db/schema/index.ts';
import { makePet } from '../../../test/factories.ts';
import { ledgerOfVisit, useVisitTest } from '../../../test/visit-kit.ts';

/**
 * POST /visit/addvisit as the existing client's /staff/salesSection sends it (issue 17 "Contract details"):
 * `{petId, visitForm: {purpose, nextFollowUp, followUpTime, followUpPurpose, customerType, itemDetails: []}, totalPrice: 0}`.
 */
const { t, staff, db, post } = useVisitTest();
const save = (body: unknown) => post('/visit/addvisit', body, staff.token);
const today = () => todayIn('Asia/Kolkata', t.clock.now());

const form = (petId: string, visitForm: object = {}, extra: object = {}) => ({
  petId,
  visitForm: {
    purpose: 'Veterinary',
    nextFollowUp: '',
    followUpTime: '',
    followUpPurpose: '',
    customerType: 'Customer',
    itemDetails: [],
    ...visitForm,
  },
  totalPrice: 0,
  ...extra,
});

async function written() {
  const [v] = await db().select({ n: count() }).from(visits);
  const [p] = await db().select({ n: count() }).from(payments);
  const [f] = await db().select({ n: count() }).from(followUps);
  return { visits: v!.n, ledger: p!.n, followUps: f!.n };
}

describe('POST /visit/addvisit from /staff/salesSection (visitForm)', () => {
  it('the client’s body: a Veterinary visit at the pvtltd price, nothing paid (the charge is due), its follow-up scheduled', async () => {
    const pet = await makePet(db());
    const date = addDays(today(), 3);
    const res = await save(form(pet.id, { nextFollowUp: date, followUpTime: '11:00', followUpPurpose: 'Check the stitches' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Visit saved successfully',
      visit: { petId: pet.id, purpose: 'Veterinary', price: 500, paid: 0, paymentLeft: 500 },
      payment: null,
    });
    const id = res.json().visit._id as string;
    const [row] = await db().select().from(visits).where(eq(visits.id, id));
    expect(row).toMatchObject({ customerType: 'pvtltd', pricePaise: 50_000, discountPaise: 0 });
    const ledger = await ledgerOfVisit(db(), id);
    expect(ledger.map((e) => [e.kind, e.amountPaise, e.status])).toEqual([['charge', 50_000, 'completed']]);
    const [fu] = await db().select().from(followUps).where(eq(followUps.sourceId, id));
    expect(fu).toMatchObject({ petId: pet.id, date, purpose: 'Check the stitches', source: 'visit' });
  });

  it.each([
    ['NGO', 300],
    ['pvtltd Emergency', 1000],
  ])(
    'customerType %s is priced as the consultation of that type (₹%i); the purpose is matched in any case',
    async (customerType, price) => {
      const pet = await makePet(db());
      const res = await save(form(pet.id, { purpose: 'veterinary', customerType }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().visit).toMatchObject({ price, paid: 0, paymentLeft: price });
    },
  );

  it('a purpose without its own form is charged at its type’s price; totalPrice may be 0, absent or the server’s price', async () => {
    await db().insert(visitTypes).values({ code: 'pet_taxi', purpose: 'Pet Taxi', pricePaise: 45_000, sortOrder: 98 });
    const pet = await makePet(db());
    for (const extra of [{}, { totalPrice: null }, { totalPrice: 450 }]) {
      const res = await save({ ...form(pet.id, { purpose: 'Pet Taxi', customerType: undefined }), ...extra });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().visit).toMatchObject({ purpose: 'Pet Taxi', price: 450, paid: 0, paymentLeft: 450 });
    }
  });

  it('bad input is a 400 with a clear message and writes nothing', async () => {
    const pet = await makePet(db());
    const before = await written();
    const cases: [object, string][] = [
      [{ petId: pet.id }, 'Visit type is missing. Please try again.'],
      [form(pet.id, { purpose: '' }), 'Visit type is missing. Please try again.'],
      [form(pet.id, { purpose: 'Astrology' }), 'There is no visit type for the purpose Astrology'],
      [form(pet.id, { purpose: 'Hostel' }), 'Hostel visits are saved with their own form.'],
      [form(pet.id, { customerType: undefined }), 'Customer Type Not Choosen'],
      [form(pet.id, { customerType: 'Friend' }), 'Customer Type Not Choosen'],
      [
        form(pet.id, { itemDetails: [{ name: 'Collar', price: 200 }] }),
        'Items are sold with the Shop form; this form sends none',
      ],
      [form(pet.id, { nextFollowUp: addDays(today(), 2) }), 'Follow-up time is required when scheduling follow-up'],
      [
        form(pet.id, { nextFollowUp: addDays(today(), -1), followUpTime: '10:00', followUpPurpose: 'x' }),
        'Follow-up date cannot be before today',
      ],
      [form('0123456789abcdef01234567'), 'A pet must be selected. Please select a pet before proceeding.'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const wrongTotal = await save(form(pet.id, {}, { totalPrice: 123 }));
    expect(wrongTotal.statusCode).toBe(400);
    expect(wrongTotal.body).toContain('500');
    expect(await written()).toEqual(before);
  });
});

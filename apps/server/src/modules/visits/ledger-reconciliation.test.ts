/**
 * The ledger reconciles to the paisa: after a mix of visits of every purpose and payment type, prescriptions and
 * subscriptions bought, the charges in the ledger equal what was sold, and the completed (and pending) payments
 * equal what the requests said was paid now (or asked for by card and payment link).
 */
import { toPaise } from '@pawdesk/shared';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { payments, prescriptions, visits } from '../../db/schema/index.ts';
import { makeItem, makeOwner, makePet } from '../../../test/factories.ts';
import { holdSubscription, planOf, useVisitTest } from '../../../test/visit-kit.ts';

const { staff, types, db, post } = useVisitTest();

/** One sale: the request, what it sells (rupees), and what it pays now (completed) or asks for (pending). */
interface Sale {
  url: string;
  body: (petId: string) => object;
  sold: number;
  paidNow: number;
  pending?: number;
  /** A subscription bought: its plan price (also the Buy Subscription visit's price). */
  plan?: number;
}

it('Σ sold == Σ charges and Σ paid now == Σ completed payments, to the paisa', async () => {
  const pets = await Promise.all(
    Array.from({ length: 30 }, async (_, i) =>
      makePet(db(), { ownerId: (await makeOwner(db(), { email: `rec${i}@test.in` })).id }),
    ),
  );
  const petIds = pets.map((p) => p.id);
  const groomingPlan = await planOf(db(), 'grooming');
  const schoolPlan = await planOf(db(), 'day_school');
  const playPlan = await planOf(db(), 'play_school');
  const hostelPlan = await planOf(db(), 'hostel');
  const dayCarePlan = await planOf(db(), 'day_care');
  const tab = await makeItem(db(), { stock: 1000, unitMinRetailNgoPaise: 1234, unitMaxRetailCustomerPaise: 1999 });

  const v = (code: string) => types[code]!.id;
  const stay = (code: string, details: object) => (petId: string) => ({ petId, visitType: v(code), details });
  const sales: Sale[] = [
    { url: '/visit/addinquiryvisit', body: (petId) => ({ petId, visitType: v('inquiry'), note: 'q' }), sold: 0, paidNow: 0 },
    {
      url: '/visit/adddogparkvisit',
      body: stay('dog_park', { discount: 33.33, price: 316.67, selectedPayment: 'cash' }),
      sold: 316.67,
      paidNow: 316.67,
    },
    {
      url: '/visit/adddogparkvisit',
      body: stay('dog_park', { discount: 0, price: 350, selectedPayment: 'payment_link' }),
      sold: 350,
      paidNow: 0,
      pending: 350,
    },
    {
      url: '/visit/addveterinaryvisit',
      body: (petId) => ({
        petId,
        visitType: v('veterinary'),
        customerType: 'NGO Emergency',
        details: { discount: 0.01, finalPrice: 599.99, selectedPayment: 'cash' },
      }),
      sold: 599.99,
      paidNow: 599.99,
    },
    {
      url: '/visit/addveterinaryvisit',
      body: (petId) => ({ petId, visitType: v('veterinary'), customerType: 'pvtltd', details: { discount: 500, finalPrice: 0 } }),
      sold: 0,
      paidNow: 0,
    },
    {
      url: '/visit/addveterinaryvisit',
      body: (petId) => ({
        petId,
        visitType: v('veterinary'),
        customerType: 'pvtltd',
        details: { finalPrice: 500, selectedPayment: 'card' },
      }),
      sold: 500,
      paidNow: 0,
      pending: 500,
    },
    ...(['hostel', 'day_care'] as const).flatMap((code): Sale[] => [
      {
        url: `/visit/add${code.replace('_', '')}visit`,
        body: stay(code, {
          numberOfDays: 3,
          discount: 99.99,
          finalPrice: 2700.03,
          paymentLeft: 0,
          selectedPaymentType: 'advance_payment',
          selectedPayment: 'cash',
        }),
        sold: 2700.03,
        paidNow: 2700.03,
      },
      {
        url: `/visit/add${code.replace('_', '')}visit`,
        body: stay(code, {
          numberOfDays: 2,
          finalPrice: 2000,
          paymentLeft: 1333.33,
          selectedPaymentType: 'partial_payment',
          selectedPayment: 'cash',
        }),
        sold: 2000,
        paidNow: 666.67,
      },
      {
        url: `/visit/add${code.replace('_', '')}visit`,
        body: stay(code, {
          numberOfDays: 5,
          finalPrice: 5000,
          paymentLeft: 5000,
          selectedPaymentType: 'payment_after_service',
          selectedPayment: 'cash',
        }),
        sold: 5000,
        paidNow: 0,
      },
      {
        url: `/visit/add${code.replace('_', '')}visit`,
        body: stay(code, { numberOfDays: 1, finalPrice: 1000, paymentLeft: 250 }),
        sold: 1000,
        paidNow: 750,
      },
      {
        url: `/visit/add${code.replace('_', '')}visit`,
        body: stay(code, {
          numberOfDays: 1,
          finalPrice: 1000,
          paymentLeft: 400,
          selectedPaymentType: 'partial_payment',
          selectedPayment: 'payment_link',
        }),
        sold: 1000,
        paidNow: 0,
        pending: 600,
      },
    ]),
    {
      url: '/visit/addgroomingvisit',
      body: stay('grooming', { discount: 0.5, finalPrice: 699.5, selectedPayment: 'cash' }),
      sold: 699.5,
      paidNow: 699.5,
    },
    {
      url: '/visit/addshopvisit',
      body: (petId) => ({
        petId,
        visitType: v('shop'),
        items: [
          { name: 'a', price: 0.01 },
          { name: 'b', price: 1234.56 },
          { name: 'c', price: 0 },
        ],
        details: { totalCalculatedPrice: 1234.57, selectedPayment: 'cash' },
      }),
      sold: 1234.57,
      paidNow: 1234.57,
    },
    {
      url: '/subscription/buysubscription',
      body: (petId) => ({
        petId,
        visitType: v('buy_subscription'),
        planId: dayCarePlan.id,
        details: { selectedPayment: 'cash', price: dayCarePlan.pricePaise / 100 },
        totalPrice: dayCarePlan.pricePaise / 100,
      }),
      sold: dayCarePlan.pricePaise / 100,
      paidNow: dayCarePlan.pricePaise / 100,
      plan: dayCarePlan.pricePaise / 100,
    },
    {
      url: '/subscription/buysubscription',
      body: (petId) => ({
        petId,
        visitType: v('buy_subscription'),
        planId: groomingPlan.id,
        details: { selectedPayment: 'card', price: groomingPlan.pricePaise / 100 },
        totalPrice: groomingPlan.pricePaise / 100,
      }),
      sold: groomingPlan.pricePaise / 100,
      paidNow: 0,
      pending: groomingPlan.pricePaise / 100,
      plan: groomingPlan.pricePaise / 100,
    },
    {
      url: '/prescription/addprescription',
      body: (petId) => ({
        petId,
        customerType: 'NGO',
        tablets: [{ id: tab.id, quantity: 7 }],
        totalPrice: 86.38,
        selectedPayment: 'cash',
      }),
      sold: 86.38,
      paidNow: 86.38,
    },
  ];
  // Visits that use a subscription the pet holds: sold at 0.
  const held: [string, (petId: string) => object, typeof groomingPlan][] = [
    [
      '/visit/addgroomingvisit',
      stay('grooming', { planId: groomingPlan.id, isSubscriptionAvailed: true, finalPrice: 0 }),
      groomingPlan,
    ],
    [
      '/visit/adddayschoolvisit',
      (petId) => ({ petId, visitType: v('day_school'), isSubscriptionAvailed: true, planId: schoolPlan.id }),
      schoolPlan,
    ],
    [
      '/visit/addplayschoolvisit',
      (petId) => ({ petId, visitType: v('play_school'), isSubscriptionAvailed: true, planId: playPlan.id }),
      playPlan,
    ],
    [
      '/visit/addhostelvisit',
      stay('hostel', { planId: hostelPlan.id, isSubscriptionAvailed: true, numberOfDays: 4, finalPrice: 0 }),
      hostelPlan,
    ],
  ];

  expect(sales.length + held.length).toBeLessThanOrEqual(pets.length);
  let i = 0;
  for (const s of sales) {
    const res = await post(s.url, s.body(pets[i++]!.id), staff.token);
    expect(res.statusCode, `${s.url} ${res.body}`).toBe(201);
  }
  for (const [url, body, plan] of held) {
    const petId = pets[i++]!.id;
    await holdSubscription(db(), petId, plan);
    const res = await post(url, body(petId), staff.token);
    expect(res.statusCode, `${url} ${res.body}`).toBe(201);
  }

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const paise = (rupees: number[]) => sum(rupees.map(toPaise));
  const ledger = await db().select().from(payments).where(inArray(payments.petId, petIds));
  const rows = (kind: string, status: string) =>
    ledger.filter((e) => e.kind === kind && e.status === status).map((e) => e.amountPaise);
  const charges = sum(rows('charge', 'completed'));

  // Both sides from the database: every visit's final price and every prescription's total are charged.
  const visitRows = await db().select().from(visits).where(inArray(visits.petId, petIds));
  const rxRows = await db().select().from(prescriptions).where(inArray(prescriptions.petId, petIds));
  expect(sum(visitRows.map((r) => r.pricePaise)) + sum(rxRows.map((r) => r.totalPaise))).toBe(charges);
  // Σ visits other than Buy Subscription + Σ prescriptions + Σ plan prices of the subscriptions bought == Σ charges.
  const buyId = types.buy_subscription!.id;
  const otherVisits = sum(visitRows.filter((r) => r.visitTypeId !== buyId).map((r) => r.pricePaise));
  expect(otherVisits + sum(rxRows.map((r) => r.totalPaise)) + paise(sales.flatMap((s) => (s.plan ? [s.plan] : [])))).toBe(
    charges,
  );
  // And against what the requests sold and paid.
  expect(charges).toBe(paise(sales.map((s) => s.sold)));
  expect(sum(rows('payment', 'completed'))).toBe(paise(sales.map((s) => s.paidNow)));
  expect(sum(rows('payment', 'pending'))).toBe(paise(sales.map((s) => s.pending ?? 0)));
  // Every completed payment has its own receipt number.
  const receipts = ledger.filter((e) => e.kind === 'payment' && e.status === 'completed').map((e) => e.receiptNo);
  expect(new Set(receipts).size).toBe(receipts.length);
  expect(receipts.every((r) => r !== null)).toBe(true);
});

import { describe, expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { holdSubscription, ledgerOfVisit, planOf, useVisitTest } from '../../../test/visit-kit.ts';
import { completePayment, recordPayment } from '../payments/payments.service.ts';
import { recordVisitItems } from './visit-records.service.ts';

const { staff, customer, types, db, post, get } = useVisitTest();

const save = async (url: string, body: unknown) => {
  const res = await post(url, body, staff.token);
  expect(res.statusCode).toBe(201);
  return res.json();
};
const details = (id: string, token: string | undefined = staff.token) => get(`/visit/getvisitdetails/${id}`, token);

describe('GET /visit/getvisitdetails/{id}', () => {
  it('a veterinary visit: pet and owner, visit type prices, customer type, discount, and the cash payment from the ledger', async () => {
    const owner = await makeOwner(db(), { name: 'Neha Gupta', email: 'neha@test.in' });
    const p = await makePet(db(), { ownerId: owner.id, name: 'Bruno', dob: '2021-03-04' });
    const saved = await save('/visit/addveterinaryvisit', {
      petId: p.id,
      visitType: types.veterinary!.id,
      customerType: 'pvtltd Emergency',
      details: { price: 1000, discount: 150, finalPrice: 850, selectedPayment: 'cash' },
    });
    const res = await details(saved.visit._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        _id: saved.visit._id,
        purpose: 'Veterinary',
        price: 850,
        pet: {
          _id: p.id,
          name: 'Bruno',
          species: 'dog',
          dob: '2021-03-04',
          owner: { name: 'Neha Gupta', email: 'neha@test.in' },
        },
        visitType: { purpose: 'Veterinary', consultationPricePvtEmergency: 1000 },
        details: {
          purpose: 'Veterinary',
          price: 850,
          finalPrice: 850,
          initialPrice: 1000,
          discount: 150,
          customerType: 'pvtltd Emergency',
          isSubscriptionAvailed: false,
          items: [],
          medicines: [],
          vaccines: [],
          paymentLeft: 0,
          payment: {
            amount: 850,
            remainingAmount: 0,
            isRemainingPaid: true,
            isPaid: true,
            method: 'cash',
            status: 'completed',
            receiptNo: saved.payment.receiptNo,
          },
        },
        boardingId: null,
        createdBy: staff.id,
      },
    });
  });

  it('a partly paid hostel stay: days, paymentLeft and payment derived from the ledger, and they follow it', async () => {
    const p = await makePet(db());
    const saved = await save('/visit/addhostelvisit', {
      petId: p.id,
      visitType: types.hostel!.id,
      details: {
        numberOfDays: 3,
        discount: 100,
        finalPrice: 2700,
        paymentLeft: 2000,
        selectedPaymentType: 'partial_payment',
        selectedPayment: 'cash',
      },
    });
    const before = (await details(saved.visit._id)).json().data;
    expect(before).toMatchObject({
      boardingId: saved.visit.boardingId,
      details: {
        numberOfDays: 3,
        initialPrice: 1000,
        discount: 100,
        price: 2700,
        paymentLeft: 2000,
        payment: { amount: 700, remainingAmount: 2000, isRemainingPaid: false, paymentType: 'partial_payment' },
      },
    });
    // The rest is paid later by card: the visit's payment follows the ledger.
    const charge = (await ledgerOfVisit(db(), saved.visit._id)).find((e) => e.kind === 'charge')!;
    const pending = await recordPayment(db(), {
      ownerId: charge.ownerId,
      now: new Date(),
      petId: p.id,
      for: { visitId: saved.visit._id, boardingId: charge.boardingId! },
      amountPaise: 200000,
      method: 'card',
      status: 'pending',
      tz: 'Asia/Kolkata',
    });
    const mid = (await details(saved.visit._id)).json().data.details;
    expect(mid).toMatchObject({
      paymentLeft: 2000,
      payment: { amount: 700, pendingAmount: 2000, method: 'card', status: 'pending' },
    });
    await completePayment(db(), pending!, {
      providerPaymentId: `pay_test${Date.now()}`,
      via: 'webhook',
      tz: 'Asia/Kolkata',
      now: new Date(),
    });
    const after = (await details(saved.visit._id)).json().data.details;
    expect(after).toMatchObject({
      paymentLeft: 0,
      payment: { amount: 2700, remainingAmount: 0, isRemainingPaid: true, method: 'card' },
    });
  });

  it('a shop visit lists its items; an inquiry its note and follow-up', async () => {
    const p = await makePet(db());
    const shop = await save('/visit/addshopvisit', {
      petId: p.id,
      visitType: types.shop!.id,
      items: [
        { name: 'Collar', price: 250, category: 'Accessories' },
        { name: 'Treats', price: 120.25, quantity: 3, unit: 'item' },
      ],
      details: { totalCalculatedPrice: 610.75, selectedPayment: 'cash' },
    });
    expect((await details(shop.visit._id)).json().data.details).toMatchObject({
      totalCalculatedPrice: 610.75,
      items: [
        { name: 'Collar', price: 250, quantity: 1, unit: null, category: 'Accessories' },
        { name: 'Treats', price: 120.25, quantity: 3, unit: 'item', category: null },
      ],
    });
    const inquiry = await save('/visit/addinquiryvisit', {
      petId: p.id,
      visitType: types.inquiry!.id,
      note: 'Asked about grooming',
      nextFollowUp: '2099-05-01',
      followUpTime: '11:00',
      followUpPurpose: 'Call back',
    });
    expect((await details(inquiry.visit._id)).json().data.details).toMatchObject({
      note: 'Asked about grooming',
      nextFollowUp: '2099-05-01',
      followUpTime: '11:00',
      followUpPurpose: 'Call back',
      price: 0,
      payment: { amount: 0, remainingAmount: 0, isPaid: false, method: null },
    });
  });

  it('400 malformed id, 404 unknown visit, 401 anonymous, 403 customer', async () => {
    const p = await makePet(db());
    const saved = await save('/visit/addinquiryvisit', { petId: p.id, visitType: types.inquiry!.id, note: 'x' });
    expect((await details('not-an-id')).statusCode).toBe(400);
    expect((await details('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await get(`/visit/getvisitdetails/${saved.visit._id}`)).statusCode).toBe(401);
    expect((await details(saved.visit._id, customer.token)).statusCode).toBe(403);
  });
});

describe('GET /visit/buyy/{visitId}', () => {
  it('answers the subscription a grooming visit used; 404 for a visit without one or an unknown visit', async () => {
    const p = await makePet(db());
    const plan = await planOf(db(), 'grooming');
    const sub = await holdSubscription(db(), p.id, plan, { groomingsLeft: 3 });
    const used = await save('/visit/addgroomingvisit', {
      petId: p.id,
      visitType: types.grooming!.id,
      details: { planId: plan.id, isSubscriptionAvailed: true, finalPrice: 0 },
    });
    const res = await get(`/visit/buyy/${used.visit._id}`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: sub.id,
      numberOfGroomings: 2,
      planId: { _id: plan.id },
      subscriptionType: { purpose: 'Grooming' },
    });
    const plain = await save('/visit/addinquiryvisit', { petId: p.id, visitType: types.inquiry!.id, note: 'x' });
    expect((await get(`/visit/buyy/${plain.visit._id}`, staff.token)).statusCode).toBe(404);
    expect((await get('/visit/buyy/0123456789abcdef01234567', staff.token)).statusCode).toBe(404);
    expect((await get('/visit/buyy/xyz', staff.token)).statusCode).toBe(400);
    expect((await get(`/visit/buyy/${used.visit._id}`)).statusCode).toBe(401);
    expect((await get(`/visit/buyy/${used.visit._id}`, customer.token)).statusCode).toBe(403);
  });
});

describe('GET /visit/getparticularpetvisit: the payment comes from the ledger', () => {
  it('details.payment.amount is what was paid (0 when nothing, pending not counted), with paymentLeft', async () => {
    const owner = await makeOwner(db(), { email: 'list.owner@test.in' });
    const p = await makePet(db(), { ownerId: owner.id });
    const hostel = await save('/visit/addhostelvisit', {
      petId: p.id,
      visitType: types.hostel!.id,
      details: {
        numberOfDays: 2,
        finalPrice: 2000,
        paymentLeft: 1500,
        selectedPaymentType: 'partial_payment',
        selectedPayment: 'cash',
      },
    });
    const vet = await save('/visit/addveterinaryvisit', {
      petId: p.id,
      visitType: types.veterinary!.id,
      customerType: 'NGO',
      details: { finalPrice: 300, selectedPayment: 'payment_link' },
    });
    const inquiry = await save('/visit/addinquiryvisit', { petId: p.id, visitType: types.inquiry!.id, note: 'x' });
    const res = await get(`/visit/getparticularpetvisit?petId=${p.id}`, staff.token);
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().List.map((v: { _id: string }) => [v._id, v]));
    expect(byId.get(hostel.visit._id)).toMatchObject({ details: { paymentLeft: 1500, payment: { amount: 500 } } });
    expect(byId.get(vet.visit._id)).toMatchObject({
      details: { paymentLeft: 300, payment: { amount: 0, pendingAmount: 300, method: 'payment_link' } },
    });
    expect(byId.get(inquiry.visit._id)).toMatchObject({ details: { paymentLeft: 0, payment: { amount: 0 } } });
    for (const v of res.json().List) expect(typeof v.details.payment.amount).toBe('number');
  });
});

describe('GET /visit/getvisitdetails/{id}: the list-row contract and the ledger', () => {
  it('carries pet breed and color, the owner phone, the visit type prices and the lines with their contract fields', async () => {
    const owner = await makeOwner(db(), { name: 'Ravi Kumar', phone: '9876501234' });
    const p = await makePet(db(), { ownerId: owner.id, name: 'Sheru', breed: 'Indian Pariah', color: 'Fawn' });
    const saved = await save('/visit/addveterinaryvisit', {
      petId: p.id,
      visitType: types.veterinary!.id,
      customerType: 'NGO',
      details: { price: 300, finalPrice: 300, selectedPayment: 'cash' },
    });
    // Medicine and vaccine lines, as a visit records them.
    await recordVisitItems(db(), [
      { visitId: saved.visit._id, kind: 'vaccine', name: 'Rabies', doseNumber: 2, volume: 1.5, quantity: 1 },
      { visitId: saved.visit._id, kind: 'medicine', name: 'Meloxicam', quantity: 2, unit: 'ml', category: 'NSAID' },
    ]);
    const data = (await details(saved.visit._id)).json().data;
    expect(data.pet).toMatchObject({
      name: 'Sheru',
      species: 'dog',
      breed: 'Indian Pariah',
      color: 'Fawn',
      dob: '2022-05-10',
      owner: { name: 'Ravi Kumar', phone: '9876501234' },
    });
    expect(typeof data.createdAt).toBe('string');
    expect(data.visitType).toMatchObject({ purpose: 'Veterinary' });
    expect(typeof data.visitType.price).toBe('number');
    expect(typeof data.visitType.halfdayPrice).toBe('number');
    expect(data.details.vaccines).toEqual([
      { name: 'Rabies', doseNumber: 2, volume: 1.5, type: null, quantity: 1, unit: null, category: null, price: 0 },
    ]);
    expect(data.details.medicines).toEqual([
      { name: 'Meloxicam', quantity: 2, unit: 'ml', category: 'NSAID', doseNumber: null, volume: null, type: null, price: 0 },
    ]);
    expect(data.details).toMatchObject({ customerType: 'NGO', isSubscriptionAvailed: false, purpose: 'Veterinary' });
  });

  it('lists the visit’s ledger rows oldest first: the charge and the cash payment with its receipt', async () => {
    const p = await makePet(db());
    const saved = await save('/visit/addveterinaryvisit', {
      petId: p.id,
      visitType: types.veterinary!.id,
      customerType: 'pvtltd',
      details: { price: 500, finalPrice: 500, selectedPayment: 'cash' },
    });
    const { ledger } = (await details(saved.visit._id)).json().data;
    const rows = await ledgerOfVisit(db(), saved.visit._id);
    expect(ledger).toHaveLength(rows.length);
    expect(ledger.map((r: { kind: string }) => r.kind)).toEqual(['charge', 'payment']);
    expect(ledger[0]).toMatchObject({ kind: 'charge', status: 'completed', method: null, amount: 500, receiptNo: null });
    expect(ledger[1]).toMatchObject({
      kind: 'payment',
      status: 'completed',
      method: 'cash',
      amount: 500,
      receiptNo: saved.payment.receiptNo,
    });
    for (const r of ledger) {
      expect(r._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(r.at))).toBe(false);
    }
  });

  it('a hostel stay’s ledger holds the rows of its stay too, and a later pending payment appears', async () => {
    const p = await makePet(db());
    const saved = await save('/visit/addhostelvisit', {
      petId: p.id,
      visitType: types.hostel!.id,
      details: { numberOfDays: 2, finalPrice: 2000, paymentLeft: 2000, selectedPaymentType: 'payment_after_service' },
    });
    const charge = (await ledgerOfVisit(db(), saved.visit._id)).find((e) => e.kind === 'charge')!;
    await recordPayment(db(), {
      ownerId: charge.ownerId,
      now: new Date(),
      petId: p.id,
      for: { boardingId: charge.boardingId! },
      amountPaise: 50000,
      method: 'card',
      status: 'pending',
      tz: 'Asia/Kolkata',
    });
    const { ledger } = (await details(saved.visit._id)).json().data;
    expect(ledger).toEqual([
      expect.objectContaining({ kind: 'charge', amount: 2000 }),
      expect.objectContaining({ kind: 'payment', status: 'pending', method: 'card', amount: 500, receiptNo: null }),
    ]);
  });

  it('an inquiry has no ledger rows', async () => {
    const p = await makePet(db());
    const saved = await save('/visit/addinquiryvisit', { petId: p.id, visitType: types.inquiry!.id, note: 'x' });
    expect((await details(saved.visit._id)).json().data.ledger).toEqual([]);
  });
});

describe('GET /visit/buyy/{visitId}: the plan fields the existing dialog reads', () => {
  it('subscriptionType {purpose, validityInDays, price}, validityInDays, duration, numberOfGroomings, price', async () => {
    const p = await makePet(db());
    const plan = await planOf(db(), 'grooming');
    const bought = await save('/subscription/buysubscription', {
      petId: p.id,
      visitType: types.buy_subscription!.id,
      planId: plan.id,
      details: { selectedPayment: 'cash', price: plan.pricePaise / 100 },
    });
    const res = await get(`/visit/buyy/${bought.visit._id}`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        subscriptionType: { purpose: 'Grooming', validityInDays: plan.validityDays, price: plan.pricePaise / 100 },
        validityInDays: plan.validityDays,
        duration: plan.durationDays,
        numberOfGroomings: plan.numberOfGroomings,
        price: plan.pricePaise / 100,
        planId: { _id: plan.id, numberOfGroomings: plan.numberOfGroomings },
      },
    });
  });
});

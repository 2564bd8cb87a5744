import { DEBOARD_MESSAGES as M, STAY_BILL_MESSAGES, VISIT_SAVED_MESSAGES, ledgerBalance, toRupees } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { payments, visits } from '../../db/schema/index.ts';
import { boardingRow, useDeboardTest } from '../../../test/deboard-kit.ts';
import { ownerRows } from '../../../test/payments-fixtures.ts';
import { loadStay } from './stay.service.ts';

/**
 * Services during a stay (issue 18): a boarded dog is groomed, treated, sold shop items; each paid at once or added to
 * the stay's bill, then check-out settles the whole bill with one payment (cash, card, or a link with pay later).
 */
const { t, staff, customer, types, db, post, board, subscribed, details, deboard, settle } = useDeboardTest();

afterEach(() => t.clock.set(null));

const groom = (petId: string, selectedPayment: string | null, key?: string) =>
  t.call({
    method: 'POST',
    url: '/api/v1/visit/addgroomingvisit',
    token: staff.token,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
    payload: {
      petId,
      visitType: types.grooming!.id,
      details: {
        discount: 0,
        price: types.grooming!.pricePaise / 100,
        finalPrice: types.grooming!.pricePaise / 100,
        selectedPayment,
      },
    },
  });
const vet = (petId: string, selectedPayment: string) =>
  post(
    '/visit/addveterinaryvisit',
    {
      petId,
      visitType: types.veterinary!.id,
      customerType: 'pvtltd',
      details: { discount: 0, finalPrice: 500, selectedPayment },
    },
    staff.token,
  );
const shop = (petId: string, selectedPayment: string) =>
  post(
    '/visit/addshopvisit',
    {
      petId,
      visitType: types.shop!.id,
      items: [{ name: 'Chew toy', price: 150, quantity: 2 }],
      details: { totalCalculatedPrice: 300, selectedPayment },
    },
    staff.token,
  );
const deboardKeyed = (path: string, body: object, key: string) =>
  t.call({
    method: 'POST',
    url: `/api/v1/boarding/${path}`,
    token: staff.token,
    headers: { 'idempotency-key': key },
    payload: body,
  });

/** Every ledger row of the owner, reconciled: each sale account's balance and the books in total. */
async function reconcile(ownerId: string) {
  const rows = await ownerRows(db(), ownerId);
  const bySale = new Map<string, typeof rows>();
  for (const r of rows.filter((r) => r.account === 'sale')) {
    const key = r.visitId ?? r.boardingId!;
    bySale.set(key, [...(bySale.get(key) ?? []), r]);
  }
  // Sum over every completed row of the owner: charges = money received + allocations net (which cancel out).
  let charged = 0;
  let received = 0;
  let allocated = 0;
  for (const r of rows) {
    if (r.status !== 'completed') continue;
    if (r.kind === 'charge') charged += r.amountPaise;
    if (r.kind === 'payment') received += r.amountPaise;
    if (r.kind === 'allocation') allocated += r.direction === 'in' ? r.amountPaise : -r.amountPaise;
  }
  return { rows, bySale, charged, received, allocated };
}

const groomingPaise = () => types.grooming!.pricePaise;

describe('services during a stay', () => {
  it('a boarded dog is groomed with the charge added to the stay: owed on its own account, listed by the quote', async () => {
    const s = await board('hostel', { days: 2 });
    const res = await groom(s.petId, 'stay_bill');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: VISIT_SAVED_MESSAGES.saved, payment: null });
    const visitId = res.json().visit._id as string;
    const [row] = await db().select().from(visits).where(eq(visits.id, visitId));
    expect(row!.stayBoardingId).toBe(s.boardingId);
    const ledger = await db().select().from(payments).where(eq(payments.visitId, visitId));
    expect(ledger.map((r) => [r.kind, r.amountPaise, r.boardingId])).toEqual([['charge', groomingPaise(), null]]);
    expect(ledgerBalance(ledger).duePaise).toBe(groomingPaise());

    const q = (await details(s.boardingId)).json().deboard;
    const g = groomingPaise() / 100;
    expect(q).toMatchObject({ stayDue: 0, due: g, canDeboard: false, charged: 2000 + g, paid: 2000 });
    expect(q.services).toEqual([{ visitId, purpose: 'Grooming', createdAt: expect.any(String), charged: g, paid: 0, due: g }]);
    // The stay cannot be left without settling the service on its bill.
    const refused = await deboard('hosteldeboarding', { boardingid: s.boardingId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ due: g });
  });

  it('paid at once during a stay, a service is not on the bill; vet and shop may go on the bill too', async () => {
    const s = await board('day_care', { days: 1 });
    expect((await groom(s.petId, 'cash')).statusCode).toBe(201);
    expect((await vet(s.petId, 'stay_bill')).statusCode).toBe(201);
    expect((await shop(s.petId, 'stay_bill')).statusCode).toBe(201);
    const q = (await details(s.boardingId)).json().deboard;
    expect(q.services.map((x: { purpose: string; due: number }) => [x.purpose, x.due])).toEqual([
      ['Veterinary', 500],
      ['Shop', 300],
    ]);
    expect(q).toMatchObject({ stayDue: 0, due: 800 });
  });

  it('refused: a pet not boarded (409), a boarding purpose on a bill (400), a customer (403); nothing written', async () => {
    const s = await board('hostel', { days: 1 });
    // Paid in advance: the pet leaves with nothing due; a service now cannot go on a bill.
    expect((await deboard('hosteldeboarding', { boardingid: s.boardingId })).statusCode).toBe(200);
    const { petId } = await board('hostel', { days: 1 });
    const before = (await db().select().from(visits)).length;
    const notBoarded = await groom(s.petId, 'stay_bill');
    expect(notBoarded.statusCode).toBe(409);
    expect(notBoarded.json().message).toBe(STAY_BILL_MESSAGES.notBoarded('Bruno'));
    const dogPark = await post(
      '/visit/adddogparkvisit',
      {
        petId,
        visitType: types.dog_park!.id,
        details: { discount: 0, price: types.dog_park!.pricePaise / 100, selectedPayment: 'stay_bill' },
      },
      staff.token,
    );
    expect(dogPark.statusCode).toBe(400);
    expect(dogPark.json().message).toBe(STAY_BILL_MESSAGES.boardingPurpose);
    const asCustomer = await post(
      '/visit/addgroomingvisit',
      {
        petId,
        visitType: types.grooming!.id,
        details: { discount: 0, finalPrice: groomingPaise() / 100, selectedPayment: 'stay_bill' },
      },
      customer.token,
    );
    expect(asCustomer.statusCode).toBe(403);
    expect((await db().select().from(visits)).length).toBe(before);
  });
});

describe('settling the bill at check-out', () => {
  it('cash: one payment, one receipt, settles the stay, its extra days and the grooming, and deboards; reconciles', async () => {
    const s = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
    const g = await groom(s.petId, 'stay_bill');
    const groomingId = g.json().visit._id as string;
    t.clock.advanceDays(1); // one extra day: ₹1,000
    const q = (await details(s.boardingId)).json().deboard;
    const gr = groomingPaise() / 100;
    expect(q).toMatchObject({ stayDue: 2000, due: 2000 + gr, extraDays: 1 });
    // Not the bill: refused with the bill's amount.
    const short = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 2000 } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ due: 2000 + gr });

    const res = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 2000 + gr } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.deboarded,
      payment: { method: 'cash', amount: 2000 + gr, status: 'completed' },
      due: 0,
    });
    expect(res.json().payment.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    expect(await boardingRow(db(), s.boardingId)).toMatchObject({ isBoarded: false });

    const ownerId = (await db().select().from(payments).where(eq(payments.visitId, groomingId)))[0]!.ownerId;
    const r = await reconcile(ownerId);
    // One money movement (one receipt) for the bill; the grooming's share moved to its account by an allocation.
    expect(r.rows.filter((x) => x.kind === 'payment' && x.status === 'completed').map((x) => x.amountPaise)).toEqual([
      200000 + groomingPaise(),
    ]);
    const alloc = r.rows.filter((x) => x.kind === 'allocation');
    expect(alloc.map((x) => [x.direction, x.amountPaise, x.visitId === groomingId])).toEqual(
      expect.arrayContaining([
        ['out', groomingPaise(), false],
        ['in', groomingPaise(), true],
      ]),
    );
    // To the paisa: every sale's balance is 0; charges (stay ₹1,000 + extra ₹1,000 + grooming) = money received.
    for (const [, rows] of r.bySale) expect(ledgerBalance(rows)).toMatchObject({ duePaise: 0, creditPaise: 0 });
    expect(r.charged).toBe(200000 + groomingPaise());
    expect(r.received).toBe(r.charged);
    expect(r.allocated).toBe(0);
    // The closed stay's quote: nothing due on the stay nor the grooming.
    const after = (await details(s.boardingId)).json().deboard;
    expect(after).toMatchObject({ due: 0, stayDue: 0 });
    expect(after.services[0]).toMatchObject({ visitId: groomingId, paid: gr, due: 0 });
  });

  it('the settle is idempotent: the same Idempotency-Key sent twice takes the money once', async () => {
    const s = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
    await groom(s.petId, 'stay_bill');
    const amount = 1000 + groomingPaise() / 100;
    const body = { boardingid: s.boardingId, payment: { method: 'cash', amount } };
    const first = await deboardKeyed('hosteldeboarding', body, 'checkout-1');
    const second = await deboardKeyed('hosteldeboarding', body, 'checkout-1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().payment.receiptNo).toBe(first.json().payment.receiptNo);
    const cash = (await db().select().from(payments).where(eq(payments.boardingId, s.boardingId))).filter(
      (r) => r.kind === 'payment',
    );
    expect(cash).toHaveLength(1);
    // Without the key, a second deboard is refused: the stay is closed.
    expect((await deboard('hosteldeboarding', body)).statusCode).toBe(409);
  });

  it('card: the order asks for the whole bill; once paid, the grooming is paid and the pet deboards with nothing due', async () => {
    const s = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
    const groomingId = (await groom(s.petId, 'stay_bill')).json().visit._id as string;
    const settled = await settle({ boardingid: s.boardingId, method: 'card' });
    expect(settled.json().deboard).toMatchObject({ due: 1000 + groomingPaise() / 100 });
    const order = await post('/payments/create-order', { notes: { boardingId: s.boardingId } }, staff.token);
    expect(order.json()).toMatchObject({ order: { amount: 100000 + groomingPaise() } });
    const paid = await post(`/payments/offline/checkout/${order.json().order.id}/pay`, { outcome: 'success' }, staff.token);
    expect(paid.statusCode).toBe(200);
    const verified = await post('/payments/verify-payment', paid.json(), staff.token);
    expect(verified.json().payment).toMatchObject({ status: 'completed', amount: 1000 + groomingPaise() / 100 });
    const g = ledgerBalance(await db().select().from(payments).where(eq(payments.visitId, groomingId)));
    expect(g).toMatchObject({ duePaise: 0, creditPaise: 0, paidPaise: groomingPaise() });
    expect((await details(s.boardingId)).json().deboard).toMatchObject({ due: 0, canDeboard: true });
    expect((await deboard('hosteldeboarding', { boardingid: s.boardingId })).statusCode).toBe(200);
  });

  it('payment link: only with pay later does the pet leave; the bill stays owed until the link is paid', async () => {
    const s = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
    const groomingId = (await groom(s.petId, 'stay_bill')).json().visit._id as string;
    const bill = 1000 + groomingPaise() / 100;
    // A link sent without pay later: the pet stays until it is paid.
    const sent = await settle({ boardingid: s.boardingId, method: 'payment_link' });
    expect(sent.json().payment).toMatchObject({ method: 'payment_link', amount: bill, status: 'pending' });
    expect((await deboard('hosteldeboarding', { boardingid: s.boardingId })).statusCode).toBe(409);
    // Cash together with pay later is refused.
    const both = await deboard('hosteldeboarding', {
      boardingid: s.boardingId,
      payLater: true,
      payment: { method: 'cash', amount: bill },
    });
    expect(both.statusCode).toBe(400);
    // Pay later: the pet leaves, the link already sent asks for the bill (no second link), the bill is owed.
    const later = await deboard('hosteldeboarding', { boardingid: s.boardingId, payLater: true });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ due: bill, payment: null });
    expect(await boardingRow(db(), s.boardingId)).toMatchObject({ isBoarded: false });
    const links = (await db().select().from(payments).where(eq(payments.boardingId, s.boardingId))).filter(
      (r) => r.method === 'payment_link',
    );
    expect(links.map((l) => [l.status, l.amountPaise])).toEqual([['pending', bill * 100]]);
    const ownerId = links[0]!.ownerId;
    // The owner's statement (Pet Records' Account panel) shows the bill owed: the stay and the grooming.
    const statement = await t.call({ method: 'GET', url: `/api/v1/payments/statement?ownerId=${ownerId}`, token: staff.token });
    expect(statement.json().totals.due).toBe(bill);
    // The owner pays the link later: the stay and the grooming are both paid.
    const pay = await t.call({ method: 'POST', url: `/api/v1/payments/offline/link/${links[0]!.providerLinkId}/pay` });
    expect(pay.statusCode).toBe(200);
    const r = await reconcile(ownerId);
    for (const [, rows] of r.bySale) expect(ledgerBalance(rows)).toMatchObject({ duePaise: 0, creditPaise: 0 });
    expect(r.received).toBe(r.charged);
    expect(ledgerBalance(await db().select().from(payments).where(eq(payments.visitId, groomingId))).paidPaise).toBe(
      groomingPaise(),
    );
  });

  it('pay later with no link pending sends one for the bill; the answer names the amount owed', async () => {
    const s = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
    await groom(s.petId, 'stay_bill');
    const bill = 1000 + groomingPaise() / 100;
    const res = await deboard('hosteldeboarding', { boardingid: s.boardingId, payLater: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ due: bill, payment: { method: 'payment_link', status: 'pending', amount: bill } });
    expect(res.json().payment.linkUrl).toEqual(expect.any(String));
    expect(res.json().message).toContain("stays due on the owner's statement");
  });
});

describe('the Deboard lists', () => {
  it('paged rows carry what each bill is due; the in-house counts per category', async () => {
    const s = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
    await groom(s.petId, 'stay_bill');
    const list = await t.call({
      method: 'GET',
      url: `/api/v1/pet/getboardedpetslist?type=${types.hostel!.id}&limit=20`,
      token: staff.token,
    });
    const row = list.json().boardedPetList.find((r: { _id: string }) => r._id === s.boardingId);
    expect(row.due).toBe(1000 + groomingPaise() / 100);
    const unpaged = await t.call({
      method: 'GET',
      url: `/api/v1/pet/getboardedpetslist?type=${types.hostel!.id}`,
      token: staff.token,
    });
    expect(unpaged.json().boardedPetList[0].due).toBeUndefined();
    const counts = await t.call({ method: 'GET', url: '/api/v1/boarding/inhousecounts', token: staff.token });
    const hostel = counts.json().counts.find((c: { _id: string }) => c._id === types.hostel!.id);
    expect(hostel.inHouse).toBeGreaterThanOrEqual(1);
    const before = hostel.inHouse;
    await deboard('hosteldeboarding', { boardingid: s.boardingId, payLater: true });
    // A finished stay left owing (pay later): its row still shows the whole bill due, read from the ledger.
    const finished = await t.call({
      method: 'GET',
      url: `/api/v1/pet/getboardedpetslist?type=${types.hostel!.id}&limit=20`,
      token: staff.token,
    });
    const left = finished.json().boardedPetList.find((r: { _id: string }) => r._id === s.boardingId);
    expect(left).toMatchObject({ isBoarded: false, due: 1000 + groomingPaise() / 100 });
    const after = await t.call({ method: 'GET', url: '/api/v1/boarding/inhousecounts', token: staff.token });
    expect(after.json().counts.find((c: { _id: string }) => c._id === types.hostel!.id)?.inHouse ?? 0).toBe(before - 1);
  });

  it("every in-house row's due is its stay's whole bill as loadStay quotes it, read in batches whatever the stay", async () => {
    const owing = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
    await groom(owing.petId, 'stay_bill');
    const paid = await board('hostel', { days: 3 });
    const part = await board('hostel', { days: 2, paymentType: 'partial_payment', paymentLeft: 700 });
    const sub = await subscribed('hostel', { daysLeft: 1 });
    const onPlan = await board('hostel', { days: 3, planId: sub.plan.id }, sub.petId);
    const care = await board('day_care', { days: 1 });
    await vet(care.petId, 'stay_bill');
    // Two days on: extra days (and a subscription's days run out) are in the quotes, not posted yet.
    t.clock.advanceDays(2);
    const ours = new Set([owing, paid, part, onPlan, care].map((s) => s.boardingId));
    const seen: number[] = [];
    for (const type of [types.hostel!, types.day_care!]) {
      const list = await t.call({
        method: 'GET',
        url: `/api/v1/pet/getboardedpetslist?type=${type.id}&limit=50`,
        token: staff.token,
      });
      expect(list.statusCode).toBe(200);
      for (const row of list.json().boardedPetList.filter((r: { isBoarded: boolean }) => r.isBoarded)) {
        const stay = await loadStay(t.app.appContext, db(), row._id);
        expect(row.due, row._id).toBe(toRupees(stay.billDuePaise));
        if (ours.has(row._id)) seen.push(row.due);
      }
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBeGreaterThan(2);
  });
});

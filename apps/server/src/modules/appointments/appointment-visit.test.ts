/**
 * Issue 19: a New Visit that fulfils an online appointment (`appointmentId` on the save). The money held for the
 * appointment is applied to the sale (deposit → sale) and only the rest is collected; what is beyond the sale's
 * charge moves to the owner's unapplied balance; the appointment records the visit. The owner's statement
 * reconciles to the paisa.
 */
import { APPOINTMENT_MESSAGES as AM, APPOINTMENT_VISIT_MESSAGES as AV, type StatementResponse } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appointments, payments, visitTypes } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { walletKit } from '../../../test/wallet-kit.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const kit = walletKit(t);
const db = () => t.database.db;

const NOW = new Date('2026-11-20T06:30:00Z'); // 12:00 in Gurugram, 20 Nov
const V = '/api/v1';
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => t.call({ method, url: `${V}${url}`, token, payload: payload as object, headers });

beforeEach(() => t.clock.set(NOW));
afterEach(() => t.clock.set(null));

async function groomingType() {
  const [row] = await db().select().from(visitTypes).where(eq(visitTypes.code, 'grooming'));
  return row!;
}
const setGroomingPrice = async (pricePaise: number) =>
  db().update(visitTypes).set({ pricePaise }).where(eq(visitTypes.code, 'grooming'));

async function customer(petName = 'Bruno') {
  const user = await t.user('customer');
  const owner = await makeOwner(db(), { userId: user.id, email: user.email, name: 'Asha Verma' });
  const pet = await makePet(db(), { ownerId: owner.id, name: petName });
  return { user, owner, pet };
}
type Customer = Awaited<ReturnType<typeof customer>>;

/** A grooming appointment for tomorrow, paid online (or at the desk), then `status` by staff. */
async function booked(
  c: Customer,
  o: { online?: boolean; pickupKm?: number; status?: 'pending' | 'confirmed' | 'completed' } = {},
) {
  const type = await groomingType();
  // One place per slot: the first free time of tomorrow (with the vehicle free for a pickup).
  const slots = (await call('GET', `/customerappointment/slots?serviceId=${type.id}&date=2026-11-21`, c.user.token)).json();
  const free = slots.slots.find(
    (x: { available: boolean; pickupAvailable: boolean }) => x.available && (!o.pickupKm || x.pickupAvailable),
  );
  const res = await call('POST', '/customerappointment/createappoint', c.user.token, {
    serviceId: type.id,
    appointmentDate: '2026-11-21',
    appointmentTime: free.time,
    petId: c.pet.id,
    payOnline: o.online ?? true,
    ...(o.pickupKm ? { pickup: { address: 'Sector 57', km: o.pickupKm } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  if (o.online ?? true) {
    const verified = await kit.verify(await kit.pay(res.json().checkout.id, c.user.token), c.user.token);
    expect(verified.statusCode, verified.body).toBe(200);
  }
  const patch = (status: string) => call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, { status });
  const status = o.status ?? 'completed';
  if (status !== 'pending') expect((await patch('confirmed')).statusCode).toBe(200);
  if (status === 'completed') expect((await patch('completed')).statusCode).toBe(200);
  return id;
}

/** Staff save a grooming visit for the pet, paid in cash, naming the appointment. */
async function saveGrooming(petId: string, appointmentId: string | undefined, key?: string) {
  const type = await groomingType();
  const price = type.pricePaise / 100;
  return call(
    'POST',
    '/visit/addgroomingvisit',
    staff.token,
    {
      petId,
      visitType: type.id,
      details: { discount: 0, price, finalPrice: price, selectedPayment: 'cash' },
      ...(appointmentId ? { appointmentId } : {}),
    },
    key ? { 'idempotency-key': key } : undefined,
  );
}

const ledgerOf = (ownerId: string) => db().select().from(payments).where(eq(payments.ownerId, ownerId));
const appointmentRow = async (id: string) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0]!;

async function statementOf(ownerId: string): Promise<StatementResponse> {
  const res = await call('GET', `/payments/statement?ownerId=${ownerId}`, staff.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The statement's identities, to the paisa (as statement.test.ts checks them). */
function expectReconciled(s: StatementResponse) {
  const p = (r: number) => Math.round(r * 100);
  let running = 0;
  for (const e of s.entries) {
    running += p(e.effect);
    expect(p(e.balance), `running balance after ${e.description}`).toBe(running);
  }
  const x = s.totals;
  expect(p(x.balance)).toBe(running);
  expect(p(x.balance)).toBe(p(x.charged) - p(x.credited) - p(x.paid) + p(x.refunded));
  expect(p(x.balance)).toBe(p(x.due) - p(x.unapplied) - p(x.wallet) - p(x.deposit) - p(x.overpaid));
  expect(p(x.due)).toBe(s.openSales.reduce((n, o) => n + p(o.due), 0));
}

describe('New Visit fulfilling an online appointment', () => {
  it('₹700 held for a ₹700 grooming: applied in full, nothing collected, no cash payment, the statement reconciles', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const id = await booked(c);
    const res = await saveGrooming(c.pet.id, id);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.payment).toBeNull();
    expect(body.appointment).toEqual({ _id: id, applied: 700, toUnapplied: 0 });
    expect(body.visit).toMatchObject({ price: 700, paid: 700, paymentLeft: 0 });
    expect(body.message).toBe('Payment successful and visit saved!');

    const rows = await ledgerOf(c.owner.id);
    expect(rows.filter((r) => r.kind === 'payment').map((r) => [r.account, r.method, r.amountPaise])).toEqual([
      ['deposit', 'card', 70000],
    ]);
    const moves = rows.filter((r) => r.kind === 'allocation');
    expect(moves.map((r) => [r.account, r.direction, r.amountPaise, r.appointmentId, r.visitId])).toEqual(
      expect.arrayContaining([
        ['deposit', 'out', 70000, id, null],
        ['sale', 'in', 70000, null, body.visit._id],
      ]),
    );
    expect(await appointmentRow(id)).toMatchObject({ status: 'completed', visitId: body.visit._id });

    const s = await statementOf(c.owner.id);
    expectReconciled(s);
    expect(s.totals).toMatchObject({ charged: 700, paid: 700, due: 0, deposit: 0, unapplied: 0, balance: 0 });
  });

  it('₹500 held for a ₹700 grooming: ₹500 applied, ₹200 collected in cash', async () => {
    await setGroomingPrice(50000);
    const c = await customer();
    const id = await booked(c);
    await setGroomingPrice(70000);
    const res = await saveGrooming(c.pet.id, id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({ method: 'cash', status: 'completed', amount: 200 });
    expect(res.json().appointment).toEqual({ _id: id, applied: 500, toUnapplied: 0 });
    expect(res.json().visit).toMatchObject({ price: 700, paid: 700, paymentLeft: 0 });
    const cash = (await ledgerOf(c.owner.id)).filter((r) => r.kind === 'payment' && r.method === 'cash');
    expect(cash.map((r) => r.amountPaise)).toEqual([20000]);
    const s = await statementOf(c.owner.id);
    expectReconciled(s);
    expect(s.totals).toMatchObject({ charged: 700, paid: 700, due: 0, deposit: 0 });
  });

  it('held beyond the charge (the pickup fare): the rest moves to the owner’s unapplied balance', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const id = await booked(c, { pickupKm: 3 }); // ₹700 + ₹500 fare held
    const res = await saveGrooming(c.pet.id, id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toBeNull();
    expect(res.json().appointment).toEqual({ _id: id, applied: 700, toUnapplied: 500 });
    const s = await statementOf(c.owner.id);
    expectReconciled(s);
    expect(s.totals).toMatchObject({ charged: 700, due: 0, deposit: 0, unapplied: 500 });
  });

  it('nothing held (booked to pay at the desk, confirmed): the full price is collected and the appointment completed', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const id = await booked(c, { online: false, status: 'confirmed' });
    const res = await saveGrooming(c.pet.id, id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({ method: 'cash', amount: 700 });
    expect(res.json().appointment).toEqual({ _id: id, applied: 0, toUnapplied: 0 });
    expect(await appointmentRow(id)).toMatchObject({ status: 'completed', visitId: res.json().visit._id });
    expect((await ledgerOf(c.owner.id)).filter((r) => r.kind === 'allocation')).toEqual([]);
  });

  it('a confirmed appointment paid online becomes completed, and its cancel afterwards refunds nothing', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const id = await booked(c, { status: 'confirmed' });
    const res = await saveGrooming(c.pet.id, id);
    expect(res.statusCode, res.body).toBe(201);
    expect(await appointmentRow(id)).toMatchObject({ status: 'completed', visitId: res.json().visit._id });
    const cancel = await call('DELETE', `/customerappointment/cancelappoint/${id}`, c.user.token);
    expect(cancel.statusCode).toBe(409);
    const staffCancel = await call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, {
      status: 'cancelled',
      reason: 'Did not come',
    });
    expect(staffCancel.statusCode).toBe(409);
    expect((await ledgerOf(c.owner.id)).filter((r) => r.kind === 'refund')).toEqual([]);
    const view = (await call('GET', '/customerappointment/getcustomerappoint/x', c.user.token)).json().data[0];
    expect(view.payment).toMatchObject({ state: 'paid', paid: 700, refunded: 0 });
    const quote = (await call('GET', `/customerappointment/cancelquote/${id}`, c.user.token)).json();
    expect(quote).toMatchObject({ paid: 0, refund: 0 });
  });

  it('refuses another pet’s appointment (409, nothing written)', async () => {
    await setGroomingPrice(70000);
    const a = await customer('Bruno');
    const b = await customer('Coco');
    const id = await booked(a);
    const res = await saveGrooming(b.pet.id, id);
    expect([res.statusCode, res.json().message]).toEqual([409, AV.otherPet('Bruno')]);
    expect(await ledgerOf(b.owner.id)).toEqual([]);
    expect((await appointmentRow(id)).visitId).toBeNull();
  });

  it('refuses a booking imported from the original system without a pet or a visit type (409, nothing written)', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const base = {
      customerId: c.user.id,
      ownerId: c.owner.id,
      visitTypeId: null,
      serviceId: null,
      serviceName: 'Spa Bath',
      servicePricePaise: 70000,
      totalAmountPaise: 70000,
      appointmentDate: '2026-11-19',
      appointmentTime: '11:00',
      status: 'completed' as const,
    };
    const [noPet] = await db()
      .insert(appointments)
      .values({ ...base, petId: null, petName: 'Sheru' })
      .returning();
    const [noType] = await db()
      .insert(appointments)
      .values({ ...base, petId: c.pet.id, petName: c.pet.name })
      .returning();
    const a = await saveGrooming(c.pet.id, noPet!.id);
    expect([a.statusCode, a.json().message]).toEqual([409, AM.importedNoPet]);
    const b = await saveGrooming(c.pet.id, noType!.id);
    expect([b.statusCode, b.json().message]).toEqual([409, AM.importedNoService('Spa Bath')]);
    expect(await ledgerOf(c.owner.id)).toEqual([]);
    expect((await appointmentRow(noPet!.id)).visitId).toBeNull();
    expect((await appointmentRow(noType!.id)).visitId).toBeNull();
  });

  it('refuses the same appointment twice (409) and a pending one; a retry with the same key replays', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const id = await booked(c);
    const first = await saveGrooming(c.pet.id, id, 'apply-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const replay = await saveGrooming(c.pet.id, id, 'apply-key-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.json().visit._id).toBe(first.json().visit._id);
    const again = await saveGrooming(c.pet.id, id, 'apply-key-2');
    expect([again.statusCode, again.json().message]).toEqual([409, AV.linked]);
    const allocations = (await ledgerOf(c.owner.id)).filter((r) => r.kind === 'allocation');
    expect(allocations).toHaveLength(2);

    const pending = await booked(c, { status: 'pending' });
    const res = await saveGrooming(c.pet.id, pending);
    expect([res.statusCode, res.json().message]).toEqual([409, AV.notReady('pending')]);
    const unknown = await saveGrooming(c.pet.id, '0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    const bad = await saveGrooming(c.pet.id, 'nope');
    expect([bad.statusCode, bad.json().message]).toEqual([400, AV.invalid]);
  });

  it('saves racing for the same appointment (PostgreSQL runs them at once): one links it, the others get 409', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const id = await booked(c);
    const results = await Promise.all([1, 2, 3].map((i) => saveGrooming(c.pet.id, id, `race-${id}-${i}`)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await ledgerOf(c.owner.id);
    expect(rows.filter((r) => r.kind === 'allocation')).toHaveLength(2);
    expect(rows.filter((r) => r.kind === 'charge')).toHaveLength(1);
    expectReconciled(await statementOf(c.owner.id));
  });

  it('without appointmentId a save is unchanged (the existing client)', async () => {
    await setGroomingPrice(70000);
    const c = await customer();
    const id = await booked(c);
    const res = await saveGrooming(c.pet.id, undefined);
    expect(res.json().payment).toMatchObject({ amount: 700 });
    expect(res.json().appointment).toBeUndefined();
    const held = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.appointmentId, id), eq(payments.kind, 'allocation')));
    expect(held).toEqual([]);
  });
});

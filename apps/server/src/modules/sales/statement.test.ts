import { STATEMENT_MESSAGES as M, type StatementResponse } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visits, visitTypes } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { ownerRows, payCash, rowCount, staffNoticesAbout } from '../../../test/payments-fixtures.ts';
import { postCharge, recordPayment } from '../payments/payments.service.ts';

/** The owner's statement and applying held money to a sale: GET /payments/statement, POST /payments/allocate. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');
const db = () => t.database.db;

const post = (url: string, payload: object, token = staff.token) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload, token });
const statement = async (query: Record<string, string>, token = staff.token) => {
  const res = await t.call({ method: 'GET', url: '/api/v1/payments/statement', query, token });
  return Object.assign(res, { statement: () => res.json() as StatementResponse });
};

/** An owner with a dog, and sales of that dog (a Dog Park visit charged through the ledger, as a save leaves it). */
async function ownerWithDog(name = 'Asha') {
  const owner = await makeOwner(db(), { name, email: `${name.toLowerCase()}${Date.now()}@example.com` });
  const pet = await makePet(db(), { ownerId: owner.id, name: 'Rocky' });
  const [type] = await db().select().from(visitTypes).where(eq(visitTypes.code, 'dog_park')).limit(1);
  const now = () => t.clock.now();
  return {
    owner,
    pet,
    /** A visit charged `pricePaise`; `pending`: the card or link payment its save asked for. */
    async sale(pricePaise: number, pending?: 'card' | 'payment_link') {
      const [visit] = await db()
        .insert(visits)
        .values({ petId: pet.id, visitTypeId: type!.id, purpose: type!.purpose, pricePaise })
        .returning();
      const base = { ownerId: owner.id, petId: pet.id, for: { visitId: visit!.id }, tz: 'Asia/Kolkata', now: now() };
      await postCharge(db(), { ...base, amountPaise: pricePaise });
      if (pending) await recordPayment(db(), { ...base, amountPaise: pricePaise, method: pending, status: 'pending' });
      return visit!.id;
    },
    /** Money on the owner's unapplied balance (as a capture that paid nothing leaves it). */
    hold: (amountPaise: number) =>
      recordPayment(db(), {
        ownerId: owner.id,
        petId: pet.id,
        account: 'unapplied',
        for: {},
        amountPaise,
        method: 'card',
        tz: 'Asia/Kolkata',
        now: now(),
      }),
  };
}

const apply = (body: Record<string, unknown>, token?: string) => post('/payments/allocate', body, token);
const createOrder = (visitId: string) => post('/payments/create-order', { notes: { visitId } });
const payOffline = async (orderId: string) =>
  (await post(`/payments/offline/checkout/${orderId}/pay`, { outcome: 'success' })).json();

/** Every identity the statement must hold, to the paisa (paise, to avoid float sums). */
function expectReconciled(s: StatementResponse) {
  const p = (r: number) => Math.round(r * 100);
  let running = 0;
  for (const e of s.entries) {
    running += p(e.effect);
    expect(p(e.balance), `running balance after ${e.description}`).toBe(running);
    if (e.status !== 'completed' || e.kind === 'allocation') expect(e.effect).toBe(0);
  }
  const t = s.totals;
  expect(p(t.balance)).toBe(running);
  expect(p(t.balance)).toBe(p(t.charged) - p(t.credited) - p(t.paid) + p(t.refunded));
  expect(p(t.balance)).toBe(p(t.due) - p(t.unapplied) - p(t.wallet) - p(t.deposit) - p(t.overpaid));
  expect(p(t.due)).toBe(s.openSales.reduce((n, o) => n + p(o.due), 0));
}

describe('GET /payments/statement', () => {
  it('a mixed run: charges, a partial payment, an overpayment swept to unapplied, a capture that paid nothing, and an allocation to a later visit reconcile to the paisa', async () => {
    const o = await ownerWithDog('Meera');
    // 1. A visit of ₹1,000.50 paid ₹400.25 in cash: ₹600.25 still due.
    const first = await o.sale(100050);
    await payCash(db(), o.pet.id, first, 40025);
    // 2. A visit of ₹400 with a card order; cash settles it meanwhile, then the card money arrives: it pays the
    //    visit again, and the excess is swept to the owner's unapplied balance.
    const second = await o.sale(40000, 'card');
    const order = (await createOrder(second)).json().order;
    const paid = await payOffline(order.id);
    await payCash(db(), o.pet.id, second, 40000);
    const verified = await post('/payments/verify-pending-payment', {
      razorpay_payment_id: paid.razorpay_payment_id,
      visitId: second,
    });
    expect(verified.statusCode).toBe(200);
    // 3. A card order replaced before its stale order is paid: the capture pays nothing and is held, staff told.
    const third = await o.sale(30000, 'card');
    const stale = (await createOrder(third)).json().order;
    await payCash(db(), o.pet.id, third, 10000);
    await createOrder(third);
    const captured = await post('/payments/verify-payment', await payOffline(stale.id));
    expect(captured.json().payment).toMatchObject({ amount: 300, status: 'completed' });
    expect(await staffNoticesAbout(db(), captured.json().payment._id)).toHaveLength(1);

    const before = (await statement({ ownerId: o.owner.id })).statement();
    expectReconciled(before);
    expect(before.totals).toMatchObject({
      unapplied: 700,
      due: 600.25 + 200,
      charged: 1700.5,
      paid: 400.25 + 400 + 400 + 100 + 300,
    });

    // 4. A later visit of ₹700, paid by applying what the owner holds.
    const later = await o.sale(70000);
    const res = await apply({ ownerId: o.owner.id, from: 'unapplied', visitId: later, amount: 700 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Applied to the sale',
      out: { amount: 700, status: 'completed', method: null, receiptNo: null },
      in: { amount: 700, status: 'completed' },
    });

    const s = (await statement({ petId: o.pet.id })).statement();
    expectReconciled(s);
    expect(s.owner).toMatchObject({ _id: o.owner.id, name: 'Meera' });
    expect(s.totals).toEqual({
      charged: 2400.5,
      credited: 0,
      paid: 1600.25,
      refunded: 0,
      due: 800.25,
      unapplied: 0,
      wallet: 0,
      deposit: 0,
      overpaid: 0,
      balance: 800.25,
    });
    expect(s.openSales.map((x) => [x.visitId, x.purpose, x.due, x.petName])).toEqual([
      [first, 'Dog Park', 600.25, 'Rocky'],
      [third, 'Dog Park', 200, 'Rocky'],
    ]);
    // The rows as the ledger holds them, each once, oldest first, with words a person reads.
    expect(s.entries).toHaveLength((await ownerRows(db(), o.owner.id)).length);
    expect(
      s.entries.filter((e) => e.kind === 'allocation').map((e) => [e.account, e.direction, e.amount, e.description]),
    ).toEqual([
      ['sale', 'out', 400, 'Overpayment on Dog Park moved to the unapplied balance'],
      ['unapplied', 'in', 400, 'Overpayment on Dog Park moved to the unapplied balance'],
      ['unapplied', 'out', 700, 'Applied to Dog Park from the unapplied balance'],
      ['sale', 'in', 700, 'Applied to Dog Park from the unapplied balance'],
    ]);
    const voided = s.entries.find((e) => e.status === 'void');
    expect(voided).toMatchObject({ kind: 'payment', method: 'card', effect: 0, amount: 300 });
    expect(s.entries.at(-1)).toMatchObject({ kind: 'allocation', effect: 0, balance: 800.25 });
    const held = s.entries.find((e) => e.kind === 'payment' && e.account === 'unapplied');
    expect(held).toMatchObject({ description: 'Payment held on the unapplied balance', effect: -300, visitId: null });
    expect(held!.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
  });

  it('an owner with no entries: an empty statement with zero totals', async () => {
    const o = await ownerWithDog('Zoya');
    const res = await statement({ ownerId: o.owner.id });
    expect(res.statusCode).toBe(200);
    expect(res.statement()).toMatchObject({ entries: [], openSales: [], totals: { balance: 0, due: 0, unapplied: 0 } });
  });

  it('400 without an owner or pet, 404 for unknown ones, 400 for malformed ids; staff only', async () => {
    const none = await statement({});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.ownerOrPet);
    expect((await statement({ ownerId: '0123456789abcdef01234567' })).json()).toMatchObject({ message: 'Owner not found' });
    expect((await statement({ petId: '0123456789abcdef01234567' })).json()).toMatchObject({ message: 'Pet not found' });
    expect((await statement({ ownerId: 'nope' })).statusCode).toBe(400);
    const o = await ownerWithDog();
    expect((await statement({ ownerId: o.owner.id }, customer.token)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/v1/payments/statement?ownerId=${o.owner.id}` })).statusCode).toBe(401);
  });
});

describe('POST /payments/allocate', () => {
  it('applies part of the unapplied balance to a sale: the sale’s due and the held money drop by the amount', async () => {
    const o = await ownerWithDog();
    const visitId = await o.sale(50000);
    await o.hold(30000);
    const res = await apply({ ownerId: o.owner.id, from: 'unapplied', visitId, amount: 120.5 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await ownerRows(db(), o.owner.id)).filter((r) => r.kind === 'allocation');
    expect(rows.map((r) => [r.account, r.direction, r.amountPaise, r.visitId, r.createdBy])).toEqual([
      ['unapplied', 'out', 12050, null, staff.id],
      ['sale', 'in', 12050, visitId, staff.id],
    ]);
    expect(rows[1]!.allocationOf).toBe(rows[0]!.id);
    const s = (await statement({ ownerId: o.owner.id })).statement();
    expect(s.totals).toMatchObject({ unapplied: 179.5, due: 379.5, balance: 200 });
    expectReconciled(s);
  });

  it('a pending link that would now collect more than is due is voided', async () => {
    const o = await ownerWithDog();
    const visitId = await o.sale(20000, 'payment_link');
    await o.hold(20000);
    expect((await apply({ ownerId: o.owner.id, from: 'unapplied', visitId, amount: 200 })).statusCode).toBe(200);
    const link = (await ownerRows(db(), o.owner.id)).find((r) => r.method === 'payment_link');
    expect(link).toMatchObject({ status: 'void', completedBy: staff.id });
  });

  it('refuses, writing nothing: an empty account, more than is held, more than is due, nothing due', async () => {
    const o = await ownerWithDog();
    const visitId = await o.sale(30000);
    const body = { ownerId: o.owner.id, from: 'unapplied', visitId };
    const refused = async (amount: number, from = 'unapplied') => {
      const before = await rowCount(db(), 'payments');
      const res = await apply({ ...body, from, amount });
      expect(res.statusCode, res.body).toBe(400);
      expect(await rowCount(db(), 'payments')).toBe(before);
      return res.json();
    };
    expect(await refused(10)).toMatchObject({ message: "Nothing to apply: the owner's unapplied balance is ₹0.00" });
    expect((await refused(10, 'wallet')).message).toBe("Nothing to apply: the owner's wallet balance is ₹0.00");
    await o.hold(50000);
    expect(await refused(500.01)).toMatchObject({
      message: "The amount is more than the owner's unapplied balance (₹500.00)",
      errors: { amount: "The amount is more than the owner's unapplied balance (₹500.00)" },
      held: 500,
    });
    expect(await refused(300.01)).toMatchObject({
      message: 'The amount is more than what is due on this sale (₹300.00)',
      due: 300,
    });
    expect((await apply({ ...body, amount: 300 })).statusCode).toBe(200);
    expect((await refused(1)).message).toBe(M.nothingDue);
  });

  it('refuses a sale of another owner (400) and unknown owners and sales (404)', async () => {
    const a = await ownerWithDog('Anil');
    const b = await ownerWithDog('Bina');
    await a.hold(10000);
    const theirs = await b.sale(10000);
    const other = await apply({ ownerId: a.owner.id, from: 'unapplied', visitId: theirs, amount: 50 });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: M.otherOwner, errors: { visitId: M.otherOwner } });
    const unknown = '0123456789abcdef01234567';
    expect((await apply({ ownerId: unknown, from: 'unapplied', visitId: theirs, amount: 50 })).json()).toMatchObject({
      message: 'Owner not found',
    });
    expect((await apply({ ownerId: a.owner.id, from: 'unapplied', visitId: unknown, amount: 50 })).json()).toMatchObject({
      message: 'Visit not found',
    });
    expect((await apply({ ownerId: a.owner.id, from: 'unapplied', prescriptionId: unknown, amount: 50 })).json()).toMatchObject({
      message: 'Prescription not found',
    });
    expect((await statement({ ownerId: a.owner.id })).statement().totals.unapplied).toBe(100);
  });

  it('bad input is a 400 naming the field', async () => {
    const o = await ownerWithDog();
    const visitId = await o.sale(10000);
    const base = { ownerId: o.owner.id, from: 'unapplied', visitId, amount: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, visitId: undefined }, M.saleMissing],
      [{ ...base, amount: 0 }, M.amountZero],
      [{ ...base, amount: -5 }, 'Amount cannot be negative'],
      [{ ...base, amount: 1.005 }, 'Amount can have at most two decimals'],
      [{ ...base, from: 'cash' }, M.source],
      [{ ...base, ownerId: 'x' }, 'Invalid id'],
    ];
    for (const [body, message] of cases) {
      const res = await apply(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('is for staff: 401 without a token, 403 for a customer', async () => {
    const o = await ownerWithDog();
    const visitId = await o.sale(10000);
    await o.hold(10000);
    const body = { ownerId: o.owner.id, from: 'unapplied', visitId, amount: 10 };
    expect((await t.call({ method: 'POST', url: '/api/v1/payments/allocate', payload: body })).statusCode).toBe(401);
    expect((await apply(body, customer.token)).statusCode).toBe(403);
    expect((await ownerRows(db(), o.owner.id)).filter((r) => r.kind === 'allocation')).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('concurrent allocations (PostgreSQL)', () => {
  it('two allocations of the same held money at once: one applies, the other is refused; never more than is held', async () => {
    for (let round = 0; round < 5; round++) {
      const o = await ownerWithDog();
      const [x, y] = [await o.sale(40000), await o.sale(40000)];
      await o.hold(40000);
      const res = await Promise.all(
        [x, y].map((visitId) => apply({ ownerId: o.owner.id, from: 'unapplied', visitId, amount: 400 })),
      );
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([200, 400]);
      const s = (await statement({ ownerId: o.owner.id })).statement();
      expect(s.totals).toMatchObject({ unapplied: 0, due: 400 });
    }
  });
});

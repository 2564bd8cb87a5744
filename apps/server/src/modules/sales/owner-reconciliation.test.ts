/**
 * The ledger reconciles per owner, to the paisa, after a mixed run through the API: sales, partial payments, a card
 * balance, a cancellation with a refund, a void whose money is applied to a later visit, a capture that paid nothing
 * (booked to unapplied) and part of it refunded through the provider. For every owner:
 *   Σ charges − Σ credits = Σ money allocated to sales (payments − refunds ± allocations) + Σ due, and no sale is
 *   overpaid (an overpayment moves to unapplied);
 *   Σ completed payments − Σ completed refunds = money held (sales' paid + unapplied + wallet + deposit);
 * and for the business, by method, Σ payments − Σ refunds = what this test handed over and gave back.
 */
import { type LedgerMethod, ledgerBalance, toPaise } from '@pawdesk/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { payments, pets } from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';
import type { TestUser } from '../../../test/harness.ts';

const { t, staff, types, db, post, get, board, pet, settle, deboard } = useDeboardTest();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});

type Row = typeof payments.$inferSelect;
/** What this test handed over (+) and was given back (−), by method, in paise. */
const tally: Record<LedgerMethod, number> = { cash: 0, card: 0, payment_link: 0, not_recorded: 0 };
const ok = async (res: Promise<{ statusCode: number; body: string; json: () => any }>, status = 200) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
};
const payCardOrder = async (notes: object) => {
  const order = (await ok(post('/payments/create-order', { notes }, staff.token))).order;
  const paid = await ok(post(`/payments/offline/checkout/${order.id}/pay`, { outcome: 'success' }, staff.token));
  return { order, paid };
};

async function ownerOf(petId: string): Promise<string> {
  const [row] = await db().select({ ownerId: pets.ownerId }).from(pets).where(eq(pets.id, petId));
  return row!.ownerId;
}

it('every owner’s ledger reconciles to the paisa after a mixed run', async () => {
  const owners: string[] = [];

  // A: a hostel stay, part paid in cash, the rest by card through the provider, then deboarded.
  const a = await board('hostel', { days: 2, paymentType: 'partial_payment', paymentLeft: 500 });
  tally.cash += toPaise((types.hostel!.pricePaise / 100) * 2 - 500);
  const aCard = await payCardOrder({ boardingId: a.boardingId });
  await ok(post('/payments/verify-payment', aCard.paid, staff.token));
  tally.card += 50000;
  await ok(deboard('hosteldeboarding', { boardingid: a.boardingId }));
  owners.push(await ownerOf(a.petId));

  // B: a dog park visit paid in cash, deboarded, then cancelled by an admin with the policy amount overridden.
  const b = await board('dog_park');
  tally.cash += types.dog_park!.pricePaise;
  await ok(deboard('/deboard/dogparkdeboarding', { boardingid: b.boardingId }));
  const cancelled = await ok(
    post(
      '/payments/cancel-sale',
      { visitId: b.visitId, reason: 'Owner cancelled', refundAmount: 200, overrideReason: 'Goodwill' },
      admin.token,
    ),
  );
  expect(cancelled.refunds.map((r: any) => [r.method, r.status, r.amount])).toEqual([['cash', 'completed', 200]]);
  tally.cash -= 20000;
  owners.push(await ownerOf(b.petId));

  // C: a grooming visit paid in cash, voided (its money moves to unapplied), applied to a later stay.
  const c = await pet('Coco');
  const groomingPrice = types.grooming!.pricePaise / 100;
  const first = await ok(
    post(
      '/visit/addgroomingvisit',
      {
        petId: c.id,
        visitType: types.grooming!.id,
        details: { discount: 0, finalPrice: groomingPrice, selectedPayment: 'cash' },
      },
      staff.token,
    ),
    201,
  );
  tally.cash += types.grooming!.pricePaise;
  const voided = await ok(post('/visit/voidvisit', { visitId: first.visit._id, reason: 'Booked twice' }, admin.token));
  expect(voided.unapplied).toBe(groomingPrice);
  // A later stay, paid after service: the unapplied money pays it (all of it, or as much as is held).
  const later = await board('day_care', { days: 1, paymentType: 'payment_after_service' }, c.id);
  const cOwner = await ownerOf(c.id);
  const apply = Math.min(groomingPrice, types.day_care!.pricePaise / 100);
  await ok(
    post('/payments/allocate', { ownerId: cOwner, from: 'unapplied', boardingId: later.boardingId, amount: apply }, staff.token),
  );
  owners.push(cOwner);

  // D: a day care stay paid by card through the provider and deboarded; then a second stay whose card order is left
  // open while cash settles it: the order is paid anyway (booked to unapplied) and half of that money is refunded
  // through the provider, confirmed by its webhook.
  const d = await board('day_care', { days: 1, paymentType: 'payment_after_service', method: 'card' });
  const dCard = await payCardOrder({ boardingId: d.boardingId });
  const dDone = await ok(post('/payments/verify-payment', dCard.paid, staff.token));
  tally.card += toPaise(dDone.payment.amount);
  await ok(deboard('daycaredeboarding', { boardingid: d.boardingId }));
  const d2 = await board('day_care', { days: 1, paymentType: 'payment_after_service', method: 'card' }, d.petId);
  const d2Order = (await ok(post('/payments/create-order', { notes: { boardingId: d2.boardingId } }, staff.token))).order;
  const due = (await ok(post('/boarding/getboardingdetails', { _id: d2.boardingId }, staff.token))).deboard.due;
  await ok(settle({ boardingid: d2.boardingId, method: 'cash', amount: due }));
  tally.cash += toPaise(due);
  const late = await ok(post(`/payments/offline/checkout/${d2Order.id}/pay`, { outcome: 'success' }, staff.token));
  const booked = await ok(post('/payments/verify-payment', late, staff.token));
  tally.card += toPaise(booked.payment.amount);
  const half = Math.floor((booked.payment.amount * 100) / 2) / 100;
  const refund = await ok(
    post('/payments/refund', { paymentId: booked.payment._id, amount: half, reason: 'Paid twice' }, admin.token),
  );
  expect(refund.refund.status).toBe('pending');
  await ok(post(`/payments/offline/refunds/${refund.refund._id}/process`, {}, staff.token));
  tally.card -= toPaise(half);
  owners.push(await ownerOf(d.petId));

  const rows = await db().select().from(payments).where(inArray(payments.ownerId, owners));
  const done = rows.filter((r) => r.status === 'completed');
  for (const owner of owners) {
    const mine = done.filter((r) => r.ownerId === owner);
    const sum = (f: (r: Row) => boolean) => mine.filter(f).reduce((n, r) => n + r.amountPaise, 0);
    const sales = new Map<string, Row[]>();
    for (const r of rows.filter((x) => x.ownerId === owner && x.account === 'sale')) {
      const key = r.visitId ?? r.boardingId ?? r.prescriptionId ?? r.subscriptionId ?? r.appointmentId!;
      sales.set(key, [...(sales.get(key) ?? []), r]);
    }
    let due = 0;
    for (const [, entries] of sales) {
      const bal = ledgerBalance(entries);
      expect(bal.creditPaise, 'no sale is left overpaid').toBe(0);
      due += bal.duePaise;
    }
    const onSales =
      sum((r) => r.account === 'sale' && r.kind === 'payment') -
      sum((r) => r.account === 'sale' && r.kind === 'refund') +
      sum((r) => r.account === 'sale' && r.kind === 'allocation' && r.direction === 'in') -
      sum((r) => r.account === 'sale' && r.kind === 'allocation' && r.direction === 'out');
    expect(sum((r) => r.kind === 'charge') - sum((r) => r.kind === 'credit')).toBe(onSales + due);
    const held = (account: Row['account']) =>
      sum((r) => r.account === account && r.kind === 'payment') -
      sum((r) => r.account === account && r.kind === 'refund') +
      sum((r) => r.account === account && r.kind === 'allocation' && r.direction === 'in') -
      sum((r) => r.account === account && r.kind === 'allocation' && r.direction === 'out');
    expect(sum((r) => r.kind === 'payment') - sum((r) => r.kind === 'refund')).toBe(
      onSales + held('unapplied') + held('wallet') + held('deposit'),
    );
    // Every allocation is a pair of one owner: what leaves one account arrives in another.
    expect(sum((r) => r.kind === 'allocation' && r.direction === 'out')).toBe(
      sum((r) => r.kind === 'allocation' && r.direction === 'in'),
    );
    // The statement the desk reads says the same.
    const statement = await ok(get(`/payments/statement?ownerId=${owner}`, staff.token));
    expect(toPaise(statement.totals.due)).toBe(due);
    expect(toPaise(statement.totals.unapplied)).toBe(held('unapplied'));
  }
  const byMethod = (m: LedgerMethod) =>
    done.filter((r) => r.method === m && r.kind === 'payment').reduce((n, r) => n + r.amountPaise, 0) -
    done.filter((r) => r.method === m && r.kind === 'refund').reduce((n, r) => n + r.amountPaise, 0);
  expect({ cash: byMethod('cash'), card: byMethod('card'), payment_link: byMethod('payment_link') }).toEqual({
    cash: tally.cash,
    card: tally.card,
    payment_link: tally.payment_link,
  });
  // The refunded owner is owed nothing and owes nothing.
  expect(rows.some((r) => r.kind === 'refund' && r.status === 'pending')).toBe(false);
});

import { describe, expect, it } from 'vitest';
import { boardingPackages, boardingPackageSubscriptions } from '../../db/schema/index.ts';
import { makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { visitToPay } from '../../../test/payments-fixtures.ts';
import { typeByCode } from '../../../test/visit-kit.ts';
import { walletKit, walletRowsSum } from '../../../test/wallet-kit.ts';
import { allocate, lockLedger, postCharge } from '../payments/payments.service.ts';

/**
 * The wallet reconciles with the ledger (issue 16 "Must show"): after a run of top-ups (cash, link, card online),
 * wallet payments at the desk, allocations, package days (written as the packages module writes them: a
 * package_day charge per pet, then one allocation wallet → the package's account) and refunds, the balance the
 * wallet answers equals the sum of the wallet account's rows, to the paisa, at every step; and the movements'
 * newest balance and their signed amounts agree with it.
 */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const k = walletKit(t);
const db = () => t.database.db;

interface Movement {
  kind: string;
  description: string;
  amount: number;
  balanceAfter: number;
}

async function check(ownerId: string, token: string, expectedPaise: number, step: string) {
  const staffView = (await k.get(`/wallet/owner/${ownerId}?limit=100`, staff.token)).json().wallet;
  const own = (await k.get('/customer/wallet?limit=100', token)).json().wallet;
  expect(own, step).toEqual(staffView);
  const rows = await walletRowsSum(db(), ownerId);
  expect(rows, `${step}: rows`).toBe(expectedPaise);
  expect(Math.round(staffView.balance * 100), `${step}: answered`).toBe(rows);
  const movements = staffView.movements as Movement[];
  if (movements.length) expect(Math.round(movements[0]!.balanceAfter * 100), `${step}: newest balanceAfter`).toBe(rows);
  const signed = movements.filter((m) => m.kind !== 'top_up_pending').reduce((n, m) => n + Math.round(m.amount * 100), 0);
  expect(signed, `${step}: movements`).toBe(rows);
  return movements;
}

/** One package day as the packages module writes it: a charge per pet, then the day's total from the wallet. */
async function packageDay(ownerId: string, packageId: string, petIds: string[], sharePaise: number) {
  const ctx = t.app.appContext;
  await db().transaction(async (tx) => {
    await lockLedger(tx, [ownerId]);
    const now = ctx.clock.now();
    for (const petId of petIds) {
      await postCharge(tx, {
        ownerId,
        petId,
        for: { packageId },
        chargeFor: 'package_day',
        amountPaise: sharePaise,
        tz: ctx.config.tz,
        now,
      });
    }
    await allocate(tx, {
      ownerId,
      from: { account: 'wallet' },
      to: { account: 'sale', for: { packageId } },
      amountPaise: sharePaise * petIds.length,
      by: null,
      now,
    });
  });
}

describe('wallet reconciliation', () => {
  it('top-ups, wallet payments, allocations, package days and refunds: the balance is the wallet account’s rows, to the paisa', async () => {
    const c = await k.customer();
    const admin = await t.user('staff', { isAdmin: true });
    const [rex, bella] = [await makePet(db(), { ownerId: c.ownerId }), await makePet(db(), { ownerId: c.ownerId })];
    const hostel = await typeByCode(db(), 'hostel');
    const [offer] = await db()
      .insert(boardingPackages)
      .values({ name: '15 Days Boarding Plan', visitTypeId: hostel.id, days: 15, pricePaise: 1150000 })
      .returning();
    const [pkg] = await db()
      .insert(boardingPackageSubscriptions)
      .values({
        packageId: offer!.id,
        ownerId: c.ownerId,
        name: offer!.name,
        visitTypeId: hostel.id,
        days: 15,
        pricePaise: 1150000,
        status: 'active',
        activatedVia: 'desk',
      })
      .returning();
    let expected = 0;
    const topUp = async (amount: number, selectedPayment: string) =>
      (await k.post('/wallet/topup', { ownerId: c.ownerId, amount, selectedPayment }, staff.token)).json();

    await topUp(10000, 'cash');
    expected += 1000000;
    await check(c.ownerId, c.user.token, expected, 'cash top-up');

    const order = (await k.post('/customer/wallet/create-order', { amount: 5000.5 }, c.user.token)).json();
    await k.verify(await k.pay(order.id, c.user.token), c.user.token);
    expected += 500050;
    await check(c.ownerId, c.user.token, expected, 'online top-up');

    const link = await topUp(2000, 'payment_link');
    await check(c.ownerId, c.user.token, expected, 'link sent, not paid');
    await t.call({ method: 'POST', url: `/api/v1/payments/offline/link/${link.payment.linkUrl.split('/').at(-1)}/pay` });
    expected += 200000;
    await topUp(700, 'payment_link'); // never paid
    await check(c.ownerId, c.user.token, expected, 'link paid');

    const shop = await typeByCode(db(), 'shop');
    const sale = await k.post(
      '/visit/addshopvisit',
      {
        petId: rex.id,
        visitType: shop.id,
        items: [{ name: 'Harness', price: 1234.56 }],
        details: { totalCalculatedPrice: 1234.56, selectedPayment: 'wallet' },
      },
      staff.token,
    );
    expect(sale.statusCode).toBe(201);
    expected -= 123456;
    await check(c.ownerId, c.user.token, expected, 'wallet payment');

    const other = await visitToPay(db(), { pricePaise: 30000 });
    expect(
      (
        await k.post(
          '/payments/allocate',
          { ownerId: other.owner.id, from: 'wallet', visitId: other.visit.id, amount: 1 },
          staff.token,
        )
      ).statusCode,
    ).toBe(400); // another owner's wallet holds nothing
    const owed = await k.post(
      '/visit/addshopvisit',
      {
        petId: bella.id,
        visitType: shop.id,
        items: [{ name: 'Lead', price: 300 }],
        details: { totalCalculatedPrice: 300, selectedPayment: 'payment_link' },
      },
      staff.token,
    );
    const applied = await k.post(
      '/payments/allocate',
      { ownerId: c.ownerId, from: 'wallet', visitId: owed.json().visit._id, amount: 300 },
      staff.token,
    );
    expect(applied.statusCode).toBe(200);
    expected -= 30000;
    await check(c.ownerId, c.user.token, expected, 'allocation to a sale');

    for (let day = 1; day <= 3; day++) {
      await packageDay(c.ownerId, pkg!.id, [rex.id, bella.id], 76666 + (day === 3 ? 1 : 0));
      expected -= 2 * (76666 + (day === 3 ? 1 : 0));
      t.clock.advanceDays(1);
    }
    const afterDays = await check(c.ownerId, c.user.token, expected, 'package days');
    expect(afterDays.slice(0, 3).map((m) => [m.kind, m.description])).toEqual([
      ['package_day', 'Daily Boarding Charge (2 pets)'],
      ['package_day', 'Daily Boarding Charge (2 pets)'],
      ['package_day', 'Daily Boarding Charge (2 pets)'],
    ]);

    const refund = await k.post('/wallet/refund', { ownerId: c.ownerId, reason: 'Closing the account' }, admin.token);
    expect(refund.statusCode).toBe(200);
    expect(Math.round(refund.json().refunded * 100)).toBe(expected);
    expected = 0;
    await check(c.ownerId, c.user.token, expected, 'refunded');
    // The provider fails the card refund: its money is back in the wallet.
    const card = refund.json().refunds.find((r: { method: string }) => r.method === 'card');
    await k.post(`/payments/offline/refunds/${card._id}/process`, { outcome: 'failure' }, staff.token);
    expected += Math.round(card.amount * 100);
    await check(c.ownerId, c.user.token, expected, 'card refund failed');

    await topUp(999.99, 'cash');
    expected += 99999;
    await packageDay(c.ownerId, pkg!.id, [rex.id], 76667);
    expected -= 76667;
    const last = await check(c.ownerId, c.user.token, expected, 'after the refund');
    expect(last[0]).toMatchObject({ kind: 'package_day', description: 'Daily Boarding Charge (1 pet)', amount: -766.67 });

    const second = await k.post('/wallet/refund', { ownerId: c.ownerId, reason: 'Again' }, admin.token);
    expect(Math.round(second.json().refunded * 100)).toBe(expected);
    await check(c.ownerId, c.user.token, 0, 'refunded again');
  });
});

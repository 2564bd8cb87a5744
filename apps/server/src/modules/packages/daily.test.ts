/**
 * The daily charge of a boarding package (issue 16), run day by day with the moved clock: each pet's day n costs
 * floor(P·n/D) − floor(P·(n−1)/D), so 15 days add up to exactly ₹11,500; days missed while the server was down are
 * caught up; a run repeated on the same day charges nothing; too little in the wallet stops the package ('Boarding
 * Stopped' to the owner and staff) after 'Low Wallet Balance' warnings on the days before.
 */
import { ownerNotificationsOf } from '../notifications/owner-inbox.service.ts';
import { PACKAGE_MESSAGES as M } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import {
  chargeRows,
  DEFAULT_PACKAGE_ID,
  emailsOf,
  NOON,
  packageLedger,
  packageRow,
  petRows,
  share,
  shares,
  staffNoticesOf,
  topUp,
  usePackageTest,
  walletPaise,
} from '../../../test/package-kit.ts';

const { t, staff, db, get, post, family, customerFamily, activated, runJob } = usePackageTest();

const DAY_MS = 86_400_000;
/** Pet-days charged on a package so far (its claims). */
const daysChargedOf = async (id: string) => (await chargeRows(db(), id)).length;
const dateAfter = (days: number) => new Date(NOON.getTime() + days * DAY_MS).toISOString().slice(0, 10);

describe('a 15-day package run day by day', () => {
  it('charges each pet once a day for 15 days, exactly ₹11,500 each, then ends as completed', async () => {
    t.clock.set(NOON);
    const f = await family(2);
    await topUp(t, f.owner.id, 3_000_000);
    const pkg = await activated(f);
    const perDay: number[] = [];
    for (let day = 1; day <= 20; day++) {
      t.clock.advanceDays(1);
      const before = await daysChargedOf(pkg._id);
      await runJob();
      const after = await daysChargedOf(pkg._id);
      perDay.push(after - before);
      // A second run on the same day (a restart, the next minute's run) charges nothing.
      await runJob();
      expect(await daysChargedOf(pkg._id)).toBe(after);
    }
    // Days 2..15 of both pets, one business day at a time, then nothing.
    expect(perDay).toEqual([...Array(14).fill(2), 0, 0, 0, 0, 0, 0]);

    const rows = await packageLedger(db(), pkg._id);
    const charges = rows.filter((r) => r.kind === 'charge');
    expect(charges.every((c) => c.chargeFor === 'package_day' && c.account === 'sale')).toBe(true);
    for (const petId of f.petIds) {
      const mine = charges.filter((c) => c.petId === petId);
      expect(mine).toHaveLength(15);
      expect(mine.reduce((n, c) => n + c.amountPaise, 0)).toBe(1_150_000);
    }
    const moved = rows.filter((r) => r.kind === 'allocation').reduce((n, r) => n + r.amountPaise, 0);
    expect(moved).toBe(2_300_000);
    expect(await walletPaise(db(), f.owner.id)).toBe(3_000_000 - 2_300_000);

    const claims = await chargeRows(db(), pkg._id);
    expect(claims).toHaveLength(30);
    for (const p of await petRows(db(), pkg._id)) {
      expect(p).toMatchObject({ status: 'done', daysCharged: 15, startDate: dateAfter(0) });
      const days = claims.filter((c) => c.packagePetId === p.id);
      expect(days.map((c) => c.dayNumber)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      expect(days.map((c) => c.businessDate)).toEqual(Array.from({ length: 15 }, (_, i) => dateAfter(i)));
    }
    expect(await packageRow(db(), pkg._id)).toMatchObject({ status: 'ended', endReason: 'completed' });
    const view = (await get(`/packages/owner/${f.owner.id}`, staff.token)).json().packages[0];
    expect(view).toMatchObject({ status: 'ended', charged: 23000, dailyCharge: 0, estimatedDaysLeft: null, lowBalance: false });
    expect(await emailsOf(db(), f.owner.id, 'package_low_balance')).toEqual([]);
  });

  it('catches up the days missed while the server was down (3 days: 3 charges on the next run)', async () => {
    t.clock.set(NOON);
    const f = await family(1);
    await topUp(t, f.owner.id, 1_000_000);
    const pkg = await activated(f);
    t.clock.advanceDays(3);
    await runJob();
    const claims = await chargeRows(db(), pkg._id);
    expect(claims.map((c) => [c.dayNumber, c.businessDate, c.amountPaise])).toEqual([
      [1, dateAfter(0), share(1)],
      [2, dateAfter(1), share(2)],
      [3, dateAfter(2), share(3)],
      [4, dateAfter(3), share(4)],
    ]);
    await runJob();
    expect(await daysChargedOf(pkg._id)).toBe(4);
    expect(await walletPaise(db(), f.owner.id)).toBe(1_000_000 - shares(1, 4));
    expect((await petRows(db(), pkg._id))[0]!.daysCharged).toBe(4);
  });

  it('charges nothing for a request waiting for check-in, nor for a removed pet or an ended package', async () => {
    t.clock.set(NOON);
    const c = await customerFamily(1);
    await topUp(t, c.owner.id, 500_000);
    const req = (
      await post('/customer/packages/activate', { packageId: DEFAULT_PACKAGE_ID, petIds: c.petIds }, c.user.token)
    ).json().package;
    const f = await family(2);
    await topUp(t, f.owner.id, 500_000);
    const pkg = await activated(f);
    await post(`/packages/${pkg._id}/pets`, { remove: [f.petIds[0]] }, staff.token);
    const g = await family(1);
    await topUp(t, g.owner.id, 500_000);
    const ended = await activated(g);
    await post(`/packages/${ended._id}/end`, {}, staff.token);
    t.clock.advanceDays(2);
    await runJob();
    expect(await packageLedger(db(), req._id)).toEqual([]);
    const claims = await chargeRows(db(), pkg._id);
    const [removed, kept] = [f.petIds[0], f.petIds[1]].map((id) => pkg.pets.find((p) => p.petId === id)!._id);
    expect(claims.filter((x) => x.packagePetId === removed).map((x) => x.dayNumber)).toEqual([1]);
    expect(claims.filter((x) => x.packagePetId === kept).map((x) => x.dayNumber)).toEqual([1, 2, 3]);
    expect((await chargeRows(db(), ended._id)).map((x) => x.dayNumber)).toEqual([1]);
  });
});

describe('too little in the wallet', () => {
  it('warns the owner (Low Wallet Balance, once a day) on the days before, then stops the package and tells owner and staff', async () => {
    t.clock.set(NOON);
    const f = await family(1);
    // Days 1 to 3 exactly: ₹766.66 + ₹766.67 + ₹766.67 = ₹2,300.00.
    await topUp(t, f.owner.id, shares(1, 3));
    const pkg = await activated(f);
    // After day 1: ₹1,533.34 left, exactly days 2 and 3: not low yet.
    expect(pkg).toMatchObject({ lowBalance: false, estimatedDaysLeft: 2, dailyCharge: 766.67 });
    expect(await emailsOf(db(), f.owner.id, 'package_low_balance')).toEqual([]);

    t.clock.advanceDays(1);
    await runJob();
    await runJob();
    expect(await daysChargedOf(pkg._id)).toBe(2);
    const low = await emailsOf(db(), f.owner.id, 'package_low_balance');
    expect(low).toHaveLength(1);
    expect(low[0]!.subject).toContain(M.lowBalance);
    expect(low[0]!.body).toContain('your wallet holds ₹766.67');
    expect(low[0]!.refDate).toBe(dateAfter(1));
    // The owner's inbox has the warning too; the email is the one above, not a second one.
    const inboxLow = (await ownerNotificationsOf(db(), f.owner.id)).filter((n) => n.kind === 'package_low_balance');
    expect(inboxLow).toMatchObject([{ title: M.lowBalance, link: '/customer/dashboard', readAt: null }]);
    let view = (await get(`/packages/owner/${f.owner.id}`, staff.token)).json().packages[0];
    expect(view).toMatchObject({ status: 'active', lowBalance: true, estimatedDaysLeft: 1 });
    // The wallet reads the package's daily charge for its own low-balance flag.
    const wallet = (await get(`/wallet/owner/${f.owner.id}`, staff.token)).json().wallet;
    expect(wallet).toMatchObject({ balance: 766.67, lowBalance: true });

    // Day 3: the last day the wallet pays, and a warning the day before the stop.
    t.clock.advanceDays(1);
    await runJob();
    expect(await daysChargedOf(pkg._id)).toBe(3);
    expect((await emailsOf(db(), f.owner.id, 'package_low_balance')).map((e) => e.refDate)).toEqual([dateAfter(1), dateAfter(2)]);
    expect(await walletPaise(db(), f.owner.id)).toBe(0);

    // Day 4: ₹0.00 in the wallet, the day costs ₹766.66: stopped.
    t.clock.advanceDays(1);
    await runJob();
    expect(await daysChargedOf(pkg._id)).toBe(3);
    expect(await packageRow(db(), pkg._id)).toMatchObject({ status: 'stopped', endReason: 'low_balance' });
    expect((await petRows(db(), pkg._id))[0]!.status).toBe('removed');
    const stopped = await emailsOf(db(), f.owner.id, 'package_stopped');
    expect(stopped).toHaveLength(1);
    expect(stopped[0]!.subject).toContain(M.stopped);
    expect(stopped[0]!.body).toContain('your wallet holds ₹0.00 and the boarding charge for');
    expect((await ownerNotificationsOf(db(), f.owner.id)).filter((n) => n.kind === 'package_stopped')).toHaveLength(1);
    const notices = await staffNoticesOf(db(), f.owner.id, 'package_stopped');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`${M.stopped}: ${f.pets[0]!.name}`);
    expect(notices[0]!.link).toBe(`/staff/history?pet=${f.petIds[0]}&statement=1`);
    // Nothing more: the package is no longer active.
    t.clock.advanceDays(1);
    await runJob();
    expect(await staffNoticesOf(db(), f.owner.id, 'package_stopped')).toHaveLength(1);
    expect((await chargeRows(db(), pkg._id)).map((c) => c.dayNumber)).toEqual([1, 2, 3]);
    view = (await get(`/packages/owner/${f.owner.id}`, staff.token)).json().packages[0];
    expect(view).toMatchObject({ status: 'stopped', endReason: 'low_balance', charged: 2300, lowBalance: false });
  });

  it('stops on the first day the wallet cannot pay for every pet, after catching up the days it could', async () => {
    t.clock.set(NOON);
    const f = await family(2);
    await topUp(t, f.owner.id, 2 * shares(1, 2) + 1);
    const pkg = await activated(f);
    t.clock.advanceDays(3);
    await runJob();
    expect(await packageRow(db(), pkg._id)).toMatchObject({ status: 'stopped', endReason: 'low_balance' });
    expect((await chargeRows(db(), pkg._id)).map((c) => c.dayNumber)).toEqual([1, 1, 2, 2]);
    expect(await walletPaise(db(), f.owner.id)).toBe(1);
    const stopped = await emailsOf(db(), f.owner.id, 'package_stopped');
    expect(stopped[0]!.refDate).toBe(dateAfter(2));
  });
});

/**
 * Activating a boarding package (issue 16): at the desk the pets are boarded then and there (any boarding sale's
 * rules) and day 1 is charged from the wallet in the same transaction; online the customer's request waits for
 * check-in. The activation rules: one day's charge in the wallet, the owner's own pets, a package on offer.
 */
import { PACKAGE_MESSAGES as M } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visits, visitTypes } from '../../db/schema/index.ts';
import {
  chargeRows,
  DEFAULT_PACKAGE_ID,
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
import { activeBoardings } from '../../../test/visit-kit.ts';
import { makePet } from '../../../test/factories.ts';
import { chargePackageDays } from '../sales/package-daily.service.ts';

const { t, staff, types, db, post, get, family, customerFamily, offer, activate, activated } = usePackageTest();

/** Boards the pet in an ordinary Hostel stay of 2 days, paid in cash (the New Visit save). */
async function boardInHostel(petId: string) {
  const hostel = types.hostel!;
  const price = (hostel.pricePaise / 100) * 2;
  const res = await post(
    '/visit/addhostelvisit',
    {
      petId,
      visitType: hostel.id,
      admissionAcknowledged: true,
      details: {
        numberOfDays: 2,
        discount: 0,
        finalPrice: price,
        paymentLeft: 0,
        selectedPaymentType: 'advance_payment',
        selectedPayment: 'cash',
      },
    },
    staff.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().visit.boardingId as string;
}

describe('activating a package at the desk', () => {
  it('boards each pet now at price 0 for the package days, and charges day 1 from the wallet in one transaction', async () => {
    t.clock.set(NOON);
    const f = await family(2);
    await topUp(t, f.owner.id, 500_000);
    const res = await activate({ ownerId: f.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: f.petIds });
    expect(res.statusCode, res.body).toBe(201);
    const pkg = res.json().package;
    expect(res.json().message).toBe(M.activated);
    expect(pkg).toMatchObject({
      packageId: DEFAULT_PACKAGE_ID,
      name: '15 Days Boarding Plan',
      days: 15,
      price: 11500,
      status: 'active',
      activatedVia: 'desk',
      endReason: null,
      charged: 1533.32,
      // the next day's charge of both pets: day 2 of each
      dailyCharge: 1533.34,
      lowBalance: false,
    });
    // ₹5,000 − ₹1,533.32 = ₹3,466.68; floor(3466.68 / 1533.34) = 2
    expect(pkg.estimatedDaysLeft).toBe(2);
    expect(pkg.pets.map((p: any) => [p.petId, p.status, p.daysCharged, p.startDate]).sort()).toEqual(
      f.petIds.map((id) => [id, 'boarded', 1, '2026-12-01']).sort(),
    );

    // Each pet's stay is an ordinary Hostel stay sold at ₹0 for 15 days, its visit naming the package.
    for (const p of pkg.pets) {
      const [stay] = await activeBoardings(db(), p.petId);
      expect(stay).toMatchObject({ id: p.boardingId, numberOfDays: 15, isBoarded: true, subscriptionId: null });
      const [visit] = await db().select().from(visits).where(eq(visits.id, stay!.visitId!));
      expect(visit).toMatchObject({ purpose: 'Hostel', pricePaise: 0, numberOfDays: 15 });
      expect(visit!.details).toMatchObject({ boardingPackage: { _id: pkg._id, name: '15 Days Boarding Plan' } });
    }

    // The ledger: a package_day charge per pet and one allocation wallet → the package for the day's total.
    const rows = await packageLedger(db(), pkg._id);
    const charges = rows.filter((r) => r.kind === 'charge');
    expect(charges.map((c) => [c.petId, c.chargeFor, c.account, c.amountPaise]).sort()).toEqual(
      f.petIds.map((id) => [id, 'package_day', 'sale', share(1)]).sort(),
    );
    const allocations = rows.filter((r) => r.kind === 'allocation');
    expect(allocations).toHaveLength(1);
    expect(allocations[0]).toMatchObject({ account: 'sale', direction: 'in', amountPaise: 2 * share(1) });
    expect(await walletPaise(db(), f.owner.id)).toBe(500_000 - 2 * share(1));
    const claims = await chargeRows(db(), pkg._id);
    expect(claims.map((c) => [c.dayNumber, c.businessDate, c.amountPaise])).toEqual([
      [1, '2026-12-01', share(1)],
      [1, '2026-12-01', share(1)],
    ]);
  });

  it('refuses without one day of all the pets in the wallet: 400 with the message, nothing written', async () => {
    const f = await family(2);
    await topUp(t, f.owner.id, 2 * share(1) - 1);
    const res = await activate({ ownerId: f.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: f.petIds });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The wallet holds ₹1,533.31; one day of this package costs ₹1,533.32. Top up the wallet first.',
    );
    for (const id of f.petIds) expect(await activeBoardings(db(), id)).toEqual([]);
    expect(await walletPaise(db(), f.owner.id)).toBe(2 * share(1) - 1);

    const empty = await family(1);
    const none = await activate({ ownerId: empty.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: empty.petIds });
    expect(none.json().message).toBe('The wallet holds ₹0.00; one day of this package costs ₹766.66. Top up the wallet first.');
  });

  it('refuses another owner’s pet (400), an unknown pet or package (404), a retired package (400)', async () => {
    const f = await family(1);
    const other = await family(1);
    await topUp(t, f.owner.id, 200_000);
    const foreign = await activate({
      ownerId: f.owner.id,
      packageId: DEFAULT_PACKAGE_ID,
      petIds: [...f.petIds, ...other.petIds],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(M.notOwnersPet(other.pets[0]!.name));
    const unknownPet = await activate({
      ownerId: f.owner.id,
      packageId: DEFAULT_PACKAGE_ID,
      petIds: ['0123456789abcdef01234567'],
    });
    expect(unknownPet.statusCode).toBe(404);
    const unknown = await activate({ ownerId: f.owner.id, packageId: '0123456789abcdef01234567', petIds: f.petIds });
    expect(unknown.statusCode).toBe(404);
    const retired = await offer({ active: false });
    const res = await activate({ ownerId: f.owner.id, packageId: retired.id, petIds: f.petIds });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.retired);
    const noPets = await activate({ ownerId: f.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: [] });
    expect(noPets.statusCode).toBe(400);
    expect(noPets.json().message).toBe(M.petRequired);
    expect(await walletPaise(db(), f.owner.id)).toBe(200_000);
  });

  it('follows the boarding rules: a pet already boarded or on a package is refused (409), admission needs acknowledging', async () => {
    const f = await family(2);
    await topUp(t, f.owner.id, 500_000);
    await activated({ owner: f.owner, petIds: [f.petIds[0]!] });
    const again = await activate({ ownerId: f.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: f.petIds });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyOnPackage(f.pets[0]!.name));

    // Boarded in an ordinary Hostel stay: the boarding rule refuses it.
    const g = await family(1);
    await topUp(t, g.owner.id, 500_000);
    await boardInHostel(g.petIds[0]!);
    const boarded = await activate({ ownerId: g.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: g.petIds });
    expect(boarded.statusCode).toBe(409);
    expect(boarded.json().message).toBe('The pet is already boarded in Hostel');
    expect(await walletPaise(db(), g.owner.id)).toBe(500_000);

    // A dog without its core vaccinations: 409 naming what is missing, unless acknowledged.
    const h = await family(0);
    const puppy = await makePet(db(), { ownerId: h.owner.id, name: 'Unvaccinated', vaccinations: [] });
    await topUp(t, h.owner.id, 500_000);
    const refused = await activate({ ownerId: h.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: [puppy.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().admissionRequired).toBe(true);
    expect(await walletPaise(db(), h.owner.id)).toBe(500_000);
    const ok = await activate({
      ownerId: h.owner.id,
      packageId: DEFAULT_PACKAGE_ID,
      petIds: [puppy.id],
      admissionAcknowledged: true,
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a full boarding type (capacity), naming the pet when several board, and writes nothing', async () => {
    const f = await family(2);
    await topUp(t, f.owner.id, 500_000);
    const hostel = types.hostel!;
    // Issue 18: a stay is checked on each of its days, so one place more than the busiest of the coming days (the
    // earlier tests' stays, some entered at other clock times) lets exactly one of the two pets in.
    const grid = await get('/boarding/occupancy?days=31', staff.token);
    const n = Math.max(...grid.json().types.find((x: { _id: string }) => x._id === hostel.id).booked);
    await db()
      .update(visitTypes)
      .set({ capacity: n + 1 })
      .where(eq(visitTypes.id, hostel.id));
    try {
      const res = await activate({ ownerId: f.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: f.petIds });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(new RegExp(`^${f.pets[1]!.name}: `));
      for (const id of f.petIds) expect(await activeBoardings(db(), id)).toEqual([]);
      expect(await walletPaise(db(), f.owner.id)).toBe(500_000);
    } finally {
      await db().update(visitTypes).set({ capacity: null }).where(eq(visitTypes.id, hostel.id));
    }
  });
});

describe('a customer activates online: a request that waits for check-in', () => {
  it('creates the request for their own pets with one day in the wallet; staff check the pets in and charge day 1', async () => {
    t.clock.set(NOON);
    const c = await customerFamily(2);
    await topUp(t, c.owner.id, 300_000);
    const res = await post('/customer/packages/activate', { packageId: DEFAULT_PACKAGE_ID, petIds: c.petIds }, c.user.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(M.requested);
    const pkg = res.json().package;
    expect(pkg).toMatchObject({
      status: 'awaiting_checkin',
      activatedVia: 'customer',
      startedAt: null,
      charged: 0,
      dailyCharge: 1533.32,
    });
    expect(pkg.pets.map((p: any) => [p.status, p.boardingId, p.startDate])).toEqual([
      ['waiting', null, null],
      ['waiting', null, null],
    ]);
    for (const id of c.petIds) expect(await activeBoardings(db(), id)).toEqual([]);
    expect(await packageLedger(db(), pkg._id)).toEqual([]);

    // The next day staff check one pet in, then the other.
    t.clock.advanceDays(1);
    const one = await post(`/packages/${pkg._id}/checkin`, { petIds: [c.petIds[1]] }, staff.token);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe(M.checkedIn);
    expect(one.json().package.status).toBe('active');
    expect(Date.parse(one.json().package.startedAt)).toBeGreaterThanOrEqual(NOON.getTime() + 86_400_000);
    const rest = await post(`/packages/${pkg._id}/checkin`, {}, staff.token);
    expect(rest.statusCode, rest.body).toBe(200);
    const pets = await petRows(db(), pkg._id);
    expect(pets.map((p) => [p.status, p.startDate, p.daysCharged])).toEqual([
      ['boarded', '2026-12-02', 1],
      ['boarded', '2026-12-02', 1],
    ]);
    expect(await walletPaise(db(), c.owner.id)).toBe(300_000 - 2 * share(1));
    const again = await post(`/packages/${pkg._id}/checkin`, {}, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.nothingToCheckIn);
  });

  it('refuses without a day in the wallet, another customer’s pet (403), an unknown pet (404), a retired package (400)', async () => {
    const c = await customerFamily(1);
    const other = await customerFamily(1);
    await topUp(t, c.owner.id, share(1) - 1);
    const poor = await post('/customer/packages/activate', { packageId: DEFAULT_PACKAGE_ID, petIds: c.petIds }, c.user.token);
    expect(poor.statusCode).toBe(400);
    expect(poor.json().message).toBe('The wallet holds ₹766.65; one day of this package costs ₹766.66. Top up the wallet first.');
    await topUp(t, c.owner.id, 1);
    const foreign = await post(
      '/customer/packages/activate',
      { packageId: DEFAULT_PACKAGE_ID, petIds: other.petIds },
      c.user.token,
    );
    expect(foreign.statusCode).toBe(403);
    const mixed = await post(
      '/customer/packages/activate',
      { packageId: DEFAULT_PACKAGE_ID, petIds: [...c.petIds, ...other.petIds] },
      c.user.token,
    );
    expect(mixed.statusCode).toBe(403);
    const unknown = await post(
      '/customer/packages/activate',
      { packageId: DEFAULT_PACKAGE_ID, petIds: ['0123456789abcdef01234567'] },
      c.user.token,
    );
    expect(unknown.statusCode).toBe(404);
    const retired = await offer({ active: false });
    const old = await post('/customer/packages/activate', { packageId: retired.id, petIds: c.petIds }, c.user.token);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(M.retired);
    const missing = await post('/customer/packages/activate', { petIds: c.petIds }, c.user.token);
    expect(missing.json().message).toBe(M.packageRequired);
    // No account of its own pets: nothing is theirs.
    const stranger = await t.user('customer');
    const none = await post('/customer/packages/activate', { packageId: DEFAULT_PACKAGE_ID, petIds: c.petIds }, stranger.token);
    expect(none.statusCode).toBe(403);
    expect((await get('/customer/packages/mine', c.user.token)).json().packages).toEqual([]);
  });

  it('shows each customer only their own packages; ending another’s is a 404; staff and customers keep to their routes', async () => {
    const a = await customerFamily(1);
    const b = await customerFamily(1);
    await topUp(t, a.owner.id, 200_000);
    await topUp(t, b.owner.id, 100_000);
    const pa = (
      await post('/customer/packages/activate', { packageId: DEFAULT_PACKAGE_ID, petIds: a.petIds }, a.user.token)
    ).json().package;
    await post('/customer/packages/activate', { packageId: DEFAULT_PACKAGE_ID, petIds: b.petIds }, b.user.token);

    const mineA = (await get('/customer/packages/mine', a.user.token)).json();
    expect(mineA.packages.map((p: any) => p._id)).toEqual([pa._id]);
    expect(mineA.wallet).toEqual({ balance: 2000 });
    const mineB = await get('/customer/packages/mine', b.user.token);
    expect(mineB.body).not.toContain(pa._id);
    expect(mineB.body).not.toContain(a.petIds[0]);
    expect(mineB.json().wallet).toEqual({ balance: 1000 });

    const stolen = await post(`/customer/packages/${pa._id}/end`, {}, b.user.token);
    expect(stolen.statusCode).toBe(404);
    expect((await packageRow(db(), pa._id)).status).toBe('awaiting_checkin');

    const staffView = (await get(`/packages/owner/${a.owner.id}`, staff.token)).json();
    expect(staffView.packages.map((p: any) => p._id)).toEqual([pa._id]);
    expect((await get(`/packages/owner/${a.owner.id}`, a.user.token)).statusCode).toBe(403);
    expect(
      (await post('/packages/activate', { ownerId: a.owner.id, packageId: DEFAULT_PACKAGE_ID, petIds: a.petIds }, a.user.token))
        .statusCode,
    ).toBe(403);
    expect((await post(`/packages/${pa._id}/checkin`, {}, a.user.token)).statusCode).toBe(403);
    expect((await post(`/packages/${pa._id}/end`, {}, a.user.token)).statusCode).toBe(403);
    expect((await get('/customer/packages/mine', staff.token)).statusCode).toBe(403);
    expect((await post(`/customer/packages/${pa._id}/end`, {}, staff.token)).statusCode).toBe(403);

    const ended = await post(`/customer/packages/${pa._id}/end`, {}, a.user.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().package).toMatchObject({
      status: 'ended',
      endReason: 'customer',
      dailyCharge: 0,
      estimatedDaysLeft: null,
    });
    expect(ended.json().package.pets[0].status).toBe('removed');
    const twice = await post(`/customer/packages/${pa._id}/end`, {}, a.user.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.notLive);
  });
});

describe('changing the pets, ending, deboarding', () => {
  it('adds a pet (boarded now, its own day 1) and removes one (its share stops); no pet left ends the package', async () => {
    t.clock.set(NOON);
    const f = await family(3);
    await topUp(t, f.owner.id, 1_000_000);
    const pkg = await activated({ owner: f.owner, petIds: [f.petIds[0]!] });
    t.clock.advanceDays(1);
    const added = await post(`/packages/${pkg._id}/pets`, { add: [f.petIds[1]] }, staff.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(M.petsChanged);
    const newPet = added.json().package.pets.find((p: any) => p.petId === f.petIds[1]);
    expect(newPet).toMatchObject({ status: 'boarded', daysCharged: 1, startDate: '2026-12-02' });
    expect((await activeBoardings(db(), f.petIds[1]!))[0]!.id).toBe(newPet.boardingId);
    const other = await family(1);
    const foreign = await post(`/packages/${pkg._id}/pets`, { add: other.petIds }, staff.token);
    expect(foreign.statusCode).toBe(400);
    const notOn = await post(`/packages/${pkg._id}/pets`, { remove: [f.petIds[2]] }, staff.token);
    expect(notOn.statusCode).toBe(400);
    expect(notOn.json().message).toBe(M.notOnPackage(f.pets[2]!.name));
    const nothing = await post(`/packages/${pkg._id}/pets`, {}, staff.token);
    expect(nothing.json().message).toBe(M.changeWhat);

    const removed = await post(`/packages/${pkg._id}/pets`, { remove: [f.petIds[0]] }, staff.token);
    expect(removed.statusCode).toBe(200);
    const p = removed.json().package;
    expect(p.pets.find((x: any) => x.petId === f.petIds[0]).status).toBe('removed');
    // Only the added pet's day 2 is charged next.
    expect(p.dailyCharge).toBe(766.67);
    expect(p.status).toBe('active');
    const last = await post(`/packages/${pkg._id}/pets`, { remove: [f.petIds[1]] }, staff.token);
    expect(last.json().package).toMatchObject({ status: 'ended', endReason: 'staff' });
  });

  it('a customer ending a package whose pets are boarded tells the desk; the pets stay until deboarded', async () => {
    t.clock.set(NOON);
    const c = await customerFamily(1);
    await topUp(t, c.owner.id, 500_000);
    const req = (
      await post('/customer/packages/activate', { packageId: DEFAULT_PACKAGE_ID, petIds: c.petIds }, c.user.token)
    ).json().package;
    expect((await post(`/packages/${req._id}/checkin`, {}, staff.token)).statusCode).toBe(200);
    const ended = await post(`/customer/packages/${req._id}/end`, {}, c.user.token);
    expect(ended.json().package).toMatchObject({ status: 'ended', endReason: 'customer', charged: 766.66 });
    const notices = await staffNoticesOf(db(), c.owner.id, 'package_ended');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe(`Boarding package ended by the customer: ${c.pets[0]!.name}`);
    expect(await activeBoardings(db(), c.petIds[0]!)).toHaveLength(1);
  });

  it('staff end a package: nothing more is charged, nothing refunded; the pets stay boarded until deboarded', async () => {
    t.clock.set(NOON);
    const f = await family(1);
    await topUp(t, f.owner.id, 500_000);
    const pkg = await activated(f);
    const res = await post(`/packages/${pkg._id}/end`, {}, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().package).toMatchObject({ status: 'ended', endReason: 'staff', charged: 766.66 });
    expect(await activeBoardings(db(), f.petIds[0]!)).toHaveLength(1);
    expect(await walletPaise(db(), f.owner.id)).toBe(500_000 - share(1));
  });

  it('deboarding a package pet within its days charges nothing and takes it off the package; the last pet out ends it', async () => {
    t.clock.set(NOON);
    const f = await family(2);
    await topUp(t, f.owner.id, 2_300_000);
    const pkg = await activated(f);
    t.clock.advanceDays(4);
    await chargePackageDays(t.app.appContext);
    const [p1, p2] = pkg.pets;
    const quote = await post('/boarding/getboardingdetails', { _id: p1!.boardingId }, staff.token);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().deboard).toMatchObject({ actualDays: 5, extraDays: 0, extraCharge: 0, due: 0, canDeboard: true });
    const first = await post('/boarding/hosteldeboarding', { boardingid: p1!.boardingId }, staff.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().boarding.extraCharge).toBe(0);
    let row = await packageRow(db(), pkg._id);
    expect(row.status).toBe('active');
    expect((await petRows(db(), pkg._id)).find((p) => p.petId === p1!.petId)!.status).toBe('removed');
    const second = await post('/boarding/hosteldeboarding', { boardingid: p2!.boardingId }, staff.token);
    expect(second.statusCode, second.body).toBe(200);
    row = await packageRow(db(), pkg._id);
    expect(row).toMatchObject({ status: 'ended', endReason: 'deboarded' });
    // No refund of the days charged: the wallet paid days 1–5 of each pet, nothing came back.
    expect(await walletPaise(db(), f.owner.id)).toBe(2_300_000 - 2 * shares(1, 5));
  });

  it('days the package did not pay (it stopped for low balance) are charged at the boarding type’s day price when the pet leaves', async () => {
    t.clock.set(NOON);
    const f = await family(1);
    await topUp(t, f.owner.id, share(1) + share(2));
    const pkg = await activated(f);
    t.clock.advanceDays(4); // day 2 is paid, day 3 is not: the package stops
    await chargePackageDays(t.app.appContext);
    expect(await packageRow(db(), pkg._id)).toMatchObject({ status: 'stopped', endReason: 'low_balance' });
    const dayPrice = types.hostel!.pricePaise / 100;
    const quote = await post('/boarding/getboardingdetails', { _id: pkg.pets[0]!.boardingId }, staff.token);
    expect(quote.json().deboard).toMatchObject({
      actualDays: 5,
      extraDays: 3,
      extraDayRate: dayPrice,
      extraCharge: 3 * dayPrice,
      due: 3 * dayPrice,
    });
    expect(await walletPaise(db(), f.owner.id)).toBe(0);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { walletBalance } from '@pawdesk/shared';
import { EJSON, ObjectId } from 'bson';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fixtureCounts,
  fixtureDocuments,
  fixtureHashes,
  fixtureHazards,
  fixtureId,
  SMALL_FIXTURE,
  writeFixtureExport,
} from '../../../../../test/import-fixture.ts';
import { standInVisitTypes } from '../../../../../test/import-standins.ts';
import { createTestApp, type TestApp } from '../../../../../test/harness.ts';
import { type RunResult, runImport } from '../engine.ts';
import { ownerMadeForUser } from './customer-owner.ts';
import { PICKUP_ADDRESS_UNKNOWN } from './appointments.ts';

/**
 * Boarding packages, wallets and appointments from the fixture export (issue 21), then a small export written here
 * for what the fixture does not hold (a wallet whose daily charges fall in a package, a balance that disagrees with
 * its transactions, a booking whose pet name matches exactly one pet), then a changed wallet.
 */

const BASE = ['users', 'owners', 'pets'];
const MINE = ['boardingsubscriptions', 'wallets', 'appointments'];
const counts = fixtureCounts(SMALL_FIXTURE);
const hazards = fixtureHazards(SMALL_FIXTURE);
/** The fixture's "now" (import-fixture.ts T0) and its days. */
const T0 = Date.UTC(2026, 3, 16, 6, 30);
const DAY = 86_400_000;
const at = (daysAgo: number, minutes = 0) => new Date(T0 - daysAgo * DAY + minutes * 60_000);
const midnight = (daysAgo: number) => new Date(Math.floor((T0 - daysAgo * DAY) / DAY) * DAY);
/** Ids of the documents written here: another prefix than the fixture's. */
const extraId = (code: string, i: number) => `6601${code}${i.toString(16).padStart(18, '0')}`;
const oid = (hex: string) => new ObjectId(hex);

let t: TestApp;
let root: string;
let first: RunResult;
let extras: RunResult;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const byName = (r: RunResult) => Object.fromEntries(r.collections.map((c) => [c.collection, c]));
const problemsOf = (r: RunResult, collection: string, id?: string) =>
  r.collections
    .find((c) => c.collection === collection)!
    .problems.filter((p) => !id || p.originalId === id)
    .map((p) => p.message);

async function writeJsonLines(dir: string, collection: string, docs: Record<string, unknown>[]) {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${collection}.json`), docs.map((d) => EJSON.stringify(d, { relaxed: false })).join('\n'));
}

/** What the fixture's wallet docs say, by id. */
async function fixtureWallets() {
  const docs = [...fixtureDocuments(SMALL_FIXTURE, await fixtureHashes()).wallets!()];
  return docs as { _id: ObjectId; userId: ObjectId; balance: number; transactions: Record<string, unknown>[] }[];
}

const paise = (rupees: number) => Math.round(rupees * 100);

/** The owner the import gave a customer account. */
async function ownerOf(userId: string): Promise<string> {
  const [row] = await q<{ id: string }>(sql`select id from owners where user_id = ${userId}`);
  return row!.id;
}

/** The wallet balance as Pawdesk computes it from the ledger (paise). */
async function ledgerWallet(ownerId: string): Promise<number> {
  const rows = await q<{ kind: 'payment'; status: 'completed'; direction: 'out' | null; amountPaise: string }>(
    sql`select kind, status, direction, amount_paise::text as "amountPaise" from payments where owner_id = ${ownerId} and account = 'wallet'`,
  );
  return walletBalance(rows.map((r) => ({ ...r, amountPaise: Number(r.amountPaise) })));
}

beforeAll(async () => {
  t = await createTestApp();
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-money-'));
  await writeFixtureExport(path.join(root, 'fixture'), 'bson', SMALL_FIXTURE, { only: [...BASE, ...MINE] });
  await standInVisitTypes(t.database.db);
  first = await runImport(t.database.db, { from: path.join(root, 'fixture'), dryRun: false, via: 'cli' });

  // A package of customer 5 (user 8, owner 10: pets 10 'Bruno 1' and 22 'Milo 2') running for 10 days with 3 charged,
  // the wallet that paid them (one balanceAfter wrong, the balance ₹1 more than its transactions), and two bookings.
  const user = oid(fixtureId('users', 8));
  const pets = [oid(fixtureId('pets', 10)), oid(fixtureId('pets', 22))];
  const start = at(10);
  const dir = path.join(root, 'extras');
  await writeJsonLines(dir, 'boardingsubscriptions', [
    {
      _id: oid(extraId('09', 0)),
      userId: user,
      petIds: pets,
      planName: '15 Days Boarding Plan',
      totalPrice: 11500,
      durationDays: 15,
      pricePerDay: 766.67,
      numberOfPets: 2,
      dailyCharge: 1533.34,
      status: 'active',
      startDate: start,
      endDate: new Date(start.getTime() + 15 * DAY),
      daysRemaining: 12,
      adminNote: '',
      lastDeductionDate: new Date(Date.UTC(2026, 3, 8, 18, 35)),
      razorpayOrderId: '',
      razorpayPaymentId: '',
      createdAt: start,
      updatedAt: at(7),
    },
  ]);
  // 00:05 in India on the days after the start (6 Apr): 7, 8 and 9 Apr.
  const debit = (i: number, balanceAfter: number) => ({
    _id: oid(extraId('18', i)),
    type: 'debit',
    amount: 1533.34,
    description: 'Daily Boarding Charge (2 pets)',
    balanceAfter,
    createdAt: new Date(Date.UTC(2026, 3, 5 + i, 18, 35)),
  });
  await writeJsonLines(dir, 'wallets', [
    {
      _id: oid(extraId('0a', 0)),
      userId: user,
      balance: 6900.98,
      transactions: [
        {
          _id: oid(extraId('18', 0)),
          type: 'credit',
          amount: 11500,
          description: 'Wallet Recharge',
          balanceAfter: 11500,
          createdAt: at(11),
        },
        debit(1, 9966.66),
        debit(2, 8433.32),
        debit(3, 6800), // wrong: 6899.98
      ],
      createdAt: at(11),
      updatedAt: at(7),
    },
  ]);
  const booking = (i: number, status: string, extra: Record<string, unknown> = {}) => ({
    _id: oid(extraId('0b', i)),
    customerId: user,
    serviceId: null,
    serviceName: 'Grooming',
    appointmentDate: midnight(-3),
    appointmentTime: '9:30',
    status,
    petName: 'bruno 1', // pet 10 'Bruno 1', in another case
    petBreed: 'Labrador Retriever',
    petAge: '3 years',
    notes: 'Nail trim too',
    totalAmount: 944,
    gstAmount: 144,
    ambulanceRequired: false,
    ambulanceKm: 0,
    ambulanceFare: 0,
    bookedAt: at(2),
    createdAt: at(2),
    updatedAt: at(2),
    ...extra,
  });
  await writeJsonLines(dir, 'appointments', [
    booking(0, 'confirmed', {
      paymentStatus: 'paid',
      paymentMode: 'online',
      razorpayOrderId: 'order_EXTRA0',
      razorpayPaymentId: 'pay_EXTRA0',
      acceptedBy: oid(fixtureId('users', 1)),
      confirmedAt: at(1),
    }),
    // Customer 3 (user 6, owner 6: pet 6 'Leo') books Leo twice at one time: the second is kept without the pet.
    ...[1, 2].map((i) =>
      booking(i, 'pending', {
        customerId: oid(fixtureId('users', 6)),
        petName: i === 1 ? 'Leo' : ' leo ',
        appointmentDate: midnight(-4),
        appointmentTime: '11:00',
        paymentStatus: 'pending',
        paymentMode: null,
      }),
    ),
  ]);
  extras = await runImport(t.database.db, { from: dir, dryRun: false, via: 'cli' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

describe('boarding packages, wallets and appointments from the fixture', () => {
  it('counts every document and keeps the ids', async () => {
    const r = byName(first);
    expect(r.boardingsubscriptions!.counts).toMatchObject({
      read: counts.boardingsubscriptions,
      imported: counts.boardingsubscriptions,
      skipped: 0,
    });
    expect(r.wallets!.counts).toMatchObject({ read: counts.wallets, imported: counts.wallets, skipped: 0 });
    // Every booking is imported: the two legacy ones as follow-ups.
    expect(r.appointments!.counts).toMatchObject({ read: counts.appointments, imported: counts.appointments, skipped: 0 });
    const pkgs = await q<{ id: string }>(sql`select id from package_subscriptions where id like '660009%' order by id`);
    expect(pkgs.map((p) => p.id)).toEqual(
      Array.from({ length: counts.boardingsubscriptions }, (_, k) => fixtureId('boardingsubscriptions', k)),
    );
    const appts = await q<{ id: string }>(sql`select id from appointments where id like '66000b%' order by id`);
    const legacy = [1, 5].map((a) => fixtureId('appointments', a));
    expect(appts.map((a) => a.id)).toEqual(
      Array.from({ length: counts.appointments }, (_, a) => fixtureId('appointments', a)).filter((id) => !legacy.includes(id)),
    );
    const follow = await q<{ id: string; purpose: string; date: string }>(
      sql`select id, purpose, date::text from follow_ups where id in (${legacy[0]}, ${legacy[1]}) order by id`,
    );
    expect(follow).toEqual(legacy.map((id) => ({ id, purpose: 'Vaccination', date: midnight(-30).toISOString().slice(0, 10) })));
  });

  it('lists the hazards: owners made for accounts, pets named by no pet, legacy bookings, the card path', () => {
    const made = problemsOf(first, 'boardingsubscriptions', fixtureId('boardingsubscriptions', 1));
    expect(made.join('\n')).toMatch(/had no owner record: one was made from the account/);
    const wallet = problemsOf(first, 'wallets', hazards.walletWithoutOwner);
    expect(wallet.join('\n')).toMatch(/had no owner record/);
    expect(problemsOf(first, 'appointments', hazards.legacyAppointment).join('\n')).toMatch(
      /legacy-shaped appointment .* kept as a follow-up of .* medicines it says were given \(Rabies Vaccine × 1\)/,
    );
    expect(problemsOf(first, 'appointments', fixtureId('appointments', 0)).join('\n')).toMatch(
      /petName "Bruno" is none of the customer's pets/,
    );
    expect(problemsOf(first, 'appointments', fixtureId('appointments', 0)).join('\n')).toMatch(
      /Razorpay payment pay_APPT0 on a booking not marked paid/,
    );
    expect(problemsOf(first, 'boardingsubscriptions', fixtureId('boardingsubscriptions', 2)).join('\n')).toMatch(
      /paid ₹23000.00 by Razorpay \(pay_FIX2\).*unapplied balance/,
    );
    // The request naming the pets of the running package keeps them off and ends.
    expect(problemsOf(first, 'boardingsubscriptions', fixtureId('boardingsubscriptions', 2)).join('\n')).toMatch(
      /already on the live package/,
    );
    expect(problemsOf(first, 'wallets', fixtureId('wallets', 0)).join('\n')).toMatch(
      /fall in no boarding package .* made for the wallet's history/,
    );
  });

  it('a customer account without an owner record gets one made from it, linked, with its name and phone', async () => {
    const user = fixtureId('users', 9);
    const [owner] = await q<{ id: string; name: string; address: string; email: string; user_id: string }>(
      sql`select id, name, address, email, user_id from owners where user_id = ${user}`,
    );
    expect(owner).toMatchObject({ id: ownerMadeForUser(user), name: 'Asha Rao', address: '', email: 'customer6@example.com' });
    // Made once, though wallets and appointments both name the account.
    const [made] = await q<{ n: number }>(sql`select count(*)::int as n from owners where user_id = ${user}`);
    expect(made!.n).toBe(1);
  });

  it('maps the packages: running, a request whose pets are taken, ended; days charged from daysRemaining', async () => {
    const rows = await q<{
      id: string;
      status: string;
      end_reason: string | null;
      owner_id: string;
      days: number;
      price_paise: string;
    }>(
      sql`select id, status, end_reason, owner_id, days, price_paise::text from package_subscriptions where id like '660009%' order by id`,
    );
    expect(rows.map((r) => [r.status, r.end_reason])).toEqual([
      ['active', null],
      ['ended', null],
      ['ended', 'staff'],
    ]);
    expect(rows[0]!.owner_id).toBe(await ownerOf(fixtureId('users', 3)));
    expect(Number(rows[0]!.price_paise)).toBe(1_150_000);
    const pets = await q<{ status: string; days_charged: number; start_date: string | null; package_subscription_id: string }>(
      sql`select status, days_charged, start_date::text, package_subscription_id from package_pets
          where package_subscription_id = ${fixtureId('boardingsubscriptions', 0)} order by pet_id`,
    );
    expect(pets).toEqual([
      {
        status: 'boarded',
        days_charged: 5,
        start_date: '2026-03-27',
        package_subscription_id: fixtureId('boardingsubscriptions', 0),
      },
      {
        status: 'boarded',
        days_charged: 5,
        start_date: '2026-03-27',
        package_subscription_id: fixtureId('boardingsubscriptions', 0),
      },
    ]);
  });

  it('money: before equals after per collection, and the ledger holds what the original says', async () => {
    for (const c of [...first.collections, ...extras.collections]) {
      expect(c.money.after, c.collection).toEqual(c.money.before);
    }
    const wallets = await fixtureWallets();
    const debits = wallets.flatMap((w) => w.transactions.filter((x) => x.type === 'debit').map((x) => paise(x.amount as number)));
    const credits = wallets.flatMap((w) =>
      w.transactions.filter((x) => x.type === 'credit').map((x) => paise(x.amount as number)),
    );
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(byName(first).wallets!.money.before).toEqual({ charged: sum(debits), paid: sum(credits) });
    const walletOwners = await Promise.all(wallets.map((w) => ownerOf(w.userId.toHexString())));
    const [ledger] = await q<{ charged: string; paid: string }>(sql`
      select coalesce(sum(amount_paise) filter (where kind = 'charge' and charge_for = 'package_day'), 0) as charged,
             coalesce(sum(amount_paise) filter (where kind = 'payment' and account = 'wallet'), 0) as paid
        from payments where completed_via = 'import' and owner_id in (${sql.join(
          walletOwners.map((o) => sql`${o}`),
          sql`, `,
        )})`);
    expect({ charged: Number(ledger!.charged), paid: Number(ledger!.paid) }).toEqual({
      charged: sum(debits),
      paid: sum(credits),
    });
    // The wallet pays each day out of itself (allocations out), and the fixture's consistent wallets need no adjustment.
    const [out] = await q<{ out: string; adjusted: number }>(sql`
      select coalesce(sum(amount_paise) filter (where kind = 'allocation' and direction = 'out'), 0)::text as out,
             count(*) filter (where method = 'not_recorded')::int as adjusted
        from payments where account = 'wallet' and owner_id in (${sql.join(
          walletOwners.map((o) => sql`${o}`),
          sql`, `,
        )})`);
    expect(out).toEqual({ out: String(sum(debits)), adjusted: 0 });
    expect(problemsOf(first, 'wallets').join('\n')).not.toMatch(/balance adjustment|balanceAfter/);
    // Every wallet holds the original's balance, to the paisa.
    for (const [i, w] of wallets.entries()) expect(await ledgerWallet(walletOwners[i]!)).toBe(paise(w.balance));
    // Appointments: one paid at the desk by UPI (card), one paid in cash and refunded; held on the deposit account.
    const held = await q<{ id: string; kind: string; method: string; amount: string; account: string }>(sql`
      select appointment_id as id, kind, method, amount_paise::text as amount, account from payments
       where appointment_id is not null order by appointment_id, kind`);
    expect(held).toEqual([
      { id: fixtureId('appointments', 2), kind: 'payment', method: 'cash', amount: '106200', account: 'deposit' },
      { id: fixtureId('appointments', 2), kind: 'refund', method: 'cash', amount: '106200', account: 'deposit' },
      { id: fixtureId('appointments', 4), kind: 'payment', method: 'card', amount: '106200', account: 'deposit' },
      { id: extraId('0b', 0), kind: 'payment', method: 'card', amount: '94400', account: 'deposit' },
    ]);
    expect(byName(first).appointments!.money.before.paid).toBe(106_200);
    // The card path's money: on the owner's unapplied balance, with its Razorpay ids.
    const unapplied = await q<{ amount: string; provider_payment_id: string; owner_id: string }>(
      sql`select amount_paise::text as amount, provider_payment_id, owner_id from payments where account = 'unapplied' order by provider_payment_id`,
    );
    expect(unapplied).toEqual([
      { amount: '2300000', provider_payment_id: 'pay_FIX0', owner_id: await ownerOf(fixtureId('users', 3)) },
      { amount: '2300000', provider_payment_id: 'pay_FIX2', owner_id: await ownerOf(fixtureId('users', 5)) },
    ]);
    // Every imported row is marked imported and has no receipt number.
    const [odd] = await q<{ n: number }>(
      sql`select count(*)::int as n from payments where completed_via is distinct from 'import' or receipt_no is not null`,
    );
    expect(odd!.n).toBe(0);
  });

  it('keeps booking times and dates as the original has them, and the money parts of the total', async () => {
    const rows = await q<{
      id: string;
      appointment_date: string;
      appointment_time: string;
      visit_type_id: string | null;
      pet_id: string | null;
      total_amount_paise: string;
      service_price_paise: string;
      pickup_fare_paise: string;
      pickup_address: string | null;
      payment_mode: string;
      status: string;
    }>(sql`select id, appointment_date::text, appointment_time, visit_type_id, pet_id, total_amount_paise::text,
        service_price_paise::text, pickup_fare_paise::text, pickup_address, payment_mode, status
        from appointments where id like '66000b%' order by id`);
    const a = Object.fromEntries(rows.map((r) => [r.id, r]));
    const a0 = a[fixtureId('appointments', 0)]!;
    expect(a0).toMatchObject({
      appointment_date: midnight(30).toISOString().slice(0, 10),
      appointment_time: '10:00',
      visit_type_id: fixtureId('visittypes', 2), // its serviceId
      pet_id: null,
      total_amount_paise: '90467',
      pickup_fare_paise: '60000',
      service_price_paise: '30467',
      pickup_address: PICKUP_ADDRESS_UNKNOWN,
      payment_mode: 'online',
      status: 'pending',
    });
    expect(a[fixtureId('appointments', 2)]!.appointment_time).toBe('21:00'); // past the slot table, kept
    expect(a[fixtureId('appointments', 3)]!.appointment_time).toBe('09:00'); // '9:00'
    const [grooming] = await q<{ id: string }>(sql`select id from visit_types where code = 'grooming'`);
    expect(a[fixtureId('appointments', 3)]!.visit_type_id).toBe(grooming!.id); // no serviceId: found by name
    expect(a[fixtureId('appointments', 4)]!.payment_mode).toBe('desk'); // UPI at the desk
  });
});

describe('what the fixture does not hold', () => {
  const user8 = fixtureId('users', 8);

  it("a wallet's daily charges fall in the customer's package: a day per pet, shared, claimed, as Pawdesk's job posts them", async () => {
    const pkg = extraId('09', 0);
    const charges = await q<{ pet_id: string; amount: string; charge_for: string }>(
      sql`select pet_id, amount_paise::text as amount, charge_for from payments where package_id = ${pkg} and kind = 'charge' order by created_at, pet_id`,
    );
    expect(charges).toHaveLength(6);
    expect(new Set(charges.map((c) => c.amount))).toEqual(new Set(['76667']));
    const allocations = await q<{ account: string; direction: string; amount: string }>(
      sql`select account, direction, amount_paise::text as amount from payments where kind = 'allocation' and owner_id = ${await ownerOf(user8)} order by created_at, direction desc`,
    );
    expect(allocations.slice(0, 2)).toEqual([
      { account: 'wallet', direction: 'out', amount: '153334' },
      { account: 'sale', direction: 'in', amount: '153334' },
    ]);
    const days = await q<{ day_number: number; business_date: string }>(
      sql`select day_number, business_date::text from package_charges where package_subscription_id = ${pkg} order by business_date, day_number`,
    );
    expect(days.map((d) => [d.day_number, d.business_date])).toEqual([
      [1, '2026-04-07'],
      [1, '2026-04-07'],
      [2, '2026-04-08'],
      [2, '2026-04-08'],
      [3, '2026-04-09'],
      [3, '2026-04-09'],
    ]);
    const pets = await q<{ days_charged: number; status: string }>(
      sql`select days_charged, status from package_pets where package_subscription_id = ${pkg}`,
    );
    expect(pets).toEqual([
      { days_charged: 3, status: 'boarded' },
      { days_charged: 3, status: 'boarded' },
    ]);
    expect(problemsOf(extras, 'wallets').join('\n')).toMatch(
      /balanceAfter ₹6800.00 but the transactions so far add up to ₹6899.98/,
    );
    expect(problemsOf(extras, 'wallets').join('\n')).toMatch(/balance adjustment of \+₹1.00/);
  });

  it('the customer and the desk read the imported wallet, package and bookings', async () => {
    const customer = await t.app.signToken({ id: user8, role: 'customer', isAdmin: false });
    const staff = await t.user('staff');
    const wallet = (await t.call({ method: 'GET', url: '/api/v1/customer/wallet', token: customer })).json();
    expect(wallet.wallet.balance).toBe(6900.98);
    expect(wallet.wallet.movements.filter((m: { kind: string }) => m.kind === 'package_day')).toHaveLength(3);
    expect(wallet.wallet.movements.find((m: { kind: string }) => m.kind === 'package_day').description).toMatch(/2 pets/);
    const desk = (
      await t.call({ method: 'GET', url: `/api/v1/wallet/owner/${await ownerOf(user8)}`, token: staff.token })
    ).json();
    expect(desk.wallet.balance).toBe(6900.98);
    // Each fixture wallet reads its original balance through the desk's endpoint too.
    for (const w of await fixtureWallets()) {
      const res = (
        await t.call({ method: 'GET', url: `/api/v1/wallet/owner/${await ownerOf(w.userId.toHexString())}`, token: staff.token })
      ).json();
      expect(res.wallet.balance).toBe(w.balance);
    }
    const pkgs = (await t.call({ method: 'GET', url: '/api/v1/customer/packages/mine', token: customer })).json();
    expect(pkgs.packages[0]).toMatchObject({ _id: extraId('09', 0), status: 'active', charged: 4600.02 });
    expect(pkgs.packages[0].pets.map((p: { daysCharged: number }) => p.daysCharged)).toEqual([3, 3]);

    const res = await t.call({ method: 'GET', url: `/api/v1/customerappointment/getcustomerappoint/${user8}`, token: customer });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json();
    const paid = mine.data.find((a: { _id: string }) => a._id === extraId('0b', 0));
    expect(paid).toMatchObject({
      appointmentTime: '09:30',
      petId: fixtureId('pets', 10),
      petName: 'bruno 1',
      status: 'confirmed',
      totalAmount: 944,
      payment: { mode: 'online', state: 'paid', paid: 944, refunded: 0 },
    });
    const day = midnight(-3).toISOString().slice(0, 10);
    const list = (
      await t.call({ method: 'GET', url: `/api/v1/appointment/onlineappointments?date=${day}`, token: staff.token })
    ).json();
    expect(list.appointments.map((a: { _id: string }) => a._id)).toEqual([extraId('0b', 0)]);
  });

  it('the same pet at the same time twice: the second booking is kept without the pet, listed', async () => {
    const rows = await q<{ id: string; pet_id: string | null }>(
      sql`select id, pet_id from appointments where id in (${extraId('0b', 1)}, ${extraId('0b', 2)}) order by id`,
    );
    expect(rows).toEqual([
      { id: extraId('0b', 1), pet_id: fixtureId('pets', 6) },
      { id: extraId('0b', 2), pet_id: null },
    ]);
    expect(problemsOf(extras, 'appointments', extraId('0b', 2)).join('\n')).toMatch(/leo already has the appointment 6601/);
  });

  // Enable when the appointments module answers bookings without a pet or visit type (the branch `nullable`, made
  // beside this one): until then its response schema refuses them (500).
  it.skip('the desk and the customer read bookings kept without a pet', async () => {
    const staff = await t.user('staff');
    const customer = await t.app.signToken({ id: fixtureId('users', 6), role: 'customer', isAdmin: false });
    const mine = await t.call({ method: 'GET', url: `/api/v1/customerappointment/getcustomerappoint/x`, token: customer });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.find((a: { _id: string }) => a._id === extraId('0b', 2)).petId).toBeNull();
    const day = midnight(-4).toISOString().slice(0, 10);
    const list = await t.call({ method: 'GET', url: `/api/v1/appointment/onlineappointments?date=${day}`, token: staff.token });
    expect(list.json().appointments.map((a: { _id: string }) => a._id)).toEqual([extraId('0b', 1), extraId('0b', 2)]);
    // A fixture booking past today's slot table, paid in cash and refunded.
    const late = midnight(28).toISOString().slice(0, 10);
    const old = (
      await t.call({ method: 'GET', url: `/api/v1/appointment/onlineappointments?date=${late}`, token: staff.token })
    ).json();
    expect(old.appointments[0]).toMatchObject({
      _id: fixtureId('appointments', 2),
      appointmentTime: '21:00',
      status: 'completed',
    });
  });
});

describe('running it again', () => {
  it('the same export changes nothing', async () => {
    const before = await q<{ n: number }>(sql`select count(*)::int as n from payments`);
    const again = await runImport(t.database.db, { from: path.join(root, 'fixture'), dryRun: false, via: 'cli' });
    expect(again.unchanged).toBe(true);
    expect(await q<{ n: number }>(sql`select count(*)::int as n from payments`)).toEqual(before);
  });

  it('a wallet with a new transaction posts only that day, and still holds the original balance', async () => {
    const ledgerBefore = await q<Record<string, unknown>>(sql`select * from payments order by id`);
    const wallets = await fixtureWallets();
    const w0 = wallets[0]!;
    const last = w0.balance;
    const balance = Math.round((last - 766.67) * 100) / 100;
    w0.transactions.push({
      _id: oid(extraId('18', 100)),
      type: 'debit',
      amount: 766.67,
      description: 'Daily Boarding Charge (1 pet)',
      balanceAfter: balance,
      createdAt: at(2),
    });
    w0.balance = balance;
    const dir = path.join(root, 'changed');
    await writeJsonLines(dir, 'wallets', wallets as unknown as Record<string, unknown>[]);
    const r = await runImport(t.database.db, { from: dir, dryRun: false, via: 'cli' });
    const w = byName(r).wallets!;
    expect(w.counts).toMatchObject({ read: counts.wallets, updated: 1, unchanged: counts.wallets - 1, imported: 0 });
    expect(w.money.before).toEqual({ charged: 76_667, paid: 0 });
    expect(w.money.after).toEqual(w.money.before);
    const ledgerAfter = await q<Record<string, unknown>>(sql`select * from payments order by id`);
    // Nothing posted before was changed; the new day is one charge and its allocation (out and in).
    const beforeIds = new Set(ledgerBefore.map((x) => x.id));
    expect(ledgerAfter.filter((x) => beforeIds.has(x.id))).toEqual(ledgerBefore);
    const added = ledgerAfter.filter((x) => !beforeIds.has(x.id));
    expect(added.map((x) => [x.kind, x.account, x.direction ?? null]).sort()).toEqual([
      ['allocation', 'sale', 'in'],
      ['allocation', 'wallet', 'out'],
      ['charge', 'sale', null],
    ]);
    expect(await ledgerWallet(await ownerOf(w0.userId.toHexString()))).toBe(paise(balance));
  });
});

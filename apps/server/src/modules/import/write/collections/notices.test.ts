import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EJSON, ObjectId } from 'bson';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCounts, fixtureId, SMALL_FIXTURE, writeFixtureExport } from '../../../../../test/import-fixture.ts';
import { standInVisits, standInVisitTypes } from '../../../../../test/import-standins.ts';
import { createTestApp, type TestApp } from '../../../../../test/harness.ts';
import { type RunResult, runImport } from '../engine.ts';
import { liftedPetFlagId } from './blacklistrequests.ts';
import { petFlagId } from './pets.ts';

/**
 * Unblock requests, scheduled visits and attendance, customers' notices and staff alerts from the fixture export
 * (issue 21), then a small export written here for what the fixture does not hold (a request for a pet no longer
 * blacklisted, a sheet that marks a scheduled visit).
 */

const COLLECTIONS = [
  'users',
  'owners',
  'pets',
  'appointments',
  'blacklistrequests',
  'scheduledvisits',
  'attendances',
  'visitnotifications',
  'alerts',
];
const counts = fixtureCounts(SMALL_FIXTURE);
const T0 = Date.UTC(2026, 3, 16, 6, 30);
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(T0 - daysAgo * DAY);
const midnight = (daysAgo: number) => new Date(Math.floor((T0 - daysAgo * DAY) / DAY) * DAY);
const day = (daysAgo: number) => midnight(daysAgo).toISOString().slice(0, 10);
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
    .map((p) => p.message)
    .join('\n');

async function writeJsonLines(dir: string, collection: string, docs: Record<string, unknown>[]) {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${collection}.json`), docs.map((d) => EJSON.stringify(d, { relaxed: false })).join('\n'));
}

beforeAll(async () => {
  t = await createTestApp();
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-notices-'));
  await writeFixtureExport(path.join(root, 'fixture'), 'jsonl-relaxed', SMALL_FIXTURE, { only: COLLECTIONS });
  await standInVisitTypes(t.database.db);
  // The pets first: the stand-in visits name them.
  await runImport(t.database.db, {
    from: path.join(root, 'fixture'),
    dryRun: false,
    via: 'cli',
    only: ['users', 'owners', 'pets'],
  });
  await standInVisits(t.database.db, [0, 2, 4, 6], counts.pets);
  first = await runImport(t.database.db, { from: path.join(root, 'fixture'), dryRun: false, via: 'cli' });

  const dir = path.join(root, 'extras');
  const request = (i: number, status: string, more: Record<string, unknown>) => ({
    _id: oid(extraId('12', i)),
    pet: oid(fixtureId('pets', 5)), // never blacklisted in the fixture
    owner: oid(fixtureId('owners', 5)),
    customerUserId: null,
    reason: 'He is fine now',
    status,
    adminNote: '',
    resolvedAt: null,
    resolvedBy: '',
    ...more,
  });
  await writeJsonLines(dir, 'blacklistrequests', [
    request(0, 'approved', {
      adminNote: 'Behaved well',
      resolvedAt: at(30),
      resolvedBy: 'Admin Kaur',
      createdAt: at(40),
      updatedAt: at(30),
    }),
    request(1, 'pending', { createdAt: at(5), updatedAt: at(5) }),
    request(2, 'pending', { pet: oid(fixtureId('deleted', 9)), createdAt: at(5), updatedAt: at(5) }),
  ]);
  // Pet 7 expected five days ago at '7:05' (present false: not marked), and that day's sheet: pet 7 absent, pet 9 present.
  await writeJsonLines(dir, 'scheduledvisits', [
    {
      _id: oid(extraId('15', 0)),
      date: midnight(5),
      time: '7:05',
      petId: oid(fixtureId('pets', 7)),
      purpose: 'Vaccination',
      present: false,
      createdAt: at(9),
      updatedAt: at(9),
    },
  ]);
  await writeJsonLines(dir, 'attendances', [
    {
      _id: oid(extraId('16', 0)),
      date: midnight(5),
      List: [
        { _id: oid(extraId('dd', 0)), petId: oid(fixtureId('pets', 7)), purpose: 'vaccination', present: false },
        { _id: oid(extraId('dd', 1)), petId: oid(fixtureId('pets', 9)), purpose: 'Follow-up', present: true },
      ],
      createdAt: at(5),
      updatedAt: at(5),
    },
  ]);
  await writeJsonLines(dir, 'visitnotifications', [
    {
      _id: oid(extraId('13', 0)),
      userId: oid(fixtureId('users', 6)),
      title: 'Pet blacklisted',
      body: 'Leo has been blacklisted: bit a groomer',
      purpose: 'blacklist',
      createdAt: at(4),
      updatedAt: at(4),
    }, // an old notice: no petName, visitId, appointmentId, amount or read
  ]);
  extras = await runImport(t.database.db, { from: dir, dryRun: false, via: 'cli' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

describe('unblock requests', () => {
  it('the fixture requests are on the pet’s flag, with their ids; admins see the pending one', async () => {
    expect(byName(first).blacklistrequests!.counts).toMatchObject({ read: 2, imported: 2, skipped: 0 });
    const rows = await q<{
      id: string;
      flag_id: string;
      status: string;
      resolved_by_name: string | null;
      admin_note: string | null;
    }>(
      sql`select id, flag_id, status, resolved_by_name, admin_note from service_flag_lift_requests where id like '660012%' order by id`,
    );
    expect(rows).toEqual([
      {
        id: fixtureId('blacklistrequests', 0),
        flag_id: petFlagId(fixtureId('pets', 3)),
        status: 'pending',
        resolved_by_name: null,
        admin_note: null,
      },
      {
        id: fixtureId('blacklistrequests', 1),
        flag_id: petFlagId(fixtureId('pets', 3)),
        status: 'rejected',
        resolved_by_name: 'Admin Kaur',
        admin_note: 'Not yet',
      },
    ]);
    const admin = await t.user('staff', { isAdmin: true });
    const res = await t.call({ method: 'GET', url: '/api/v1/donotserve/reviews', token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviews.map((r: { _id: string }) => r._id)).toContain(fixtureId('blacklistrequests', 0));
  });

  it('requests for a pet no longer blacklisted belong to a lifted flag kept for the history; a deleted pet’s is skipped', async () => {
    const pet = fixtureId('pets', 5);
    const [flag] = await q<{ id: string; status: string; lifted_by_name: string; lift_note: string; lifted_at: Date }>(
      sql`select id, status, lifted_by_name, lift_note, lifted_at from service_flags where pet_id = ${pet}`,
    );
    expect(flag).toMatchObject({
      id: liftedPetFlagId(pet),
      status: 'lifted',
      lifted_by_name: 'Admin Kaur',
      lift_note: 'Behaved well',
    });
    expect(new Date(flag!.lifted_at).toISOString()).toBe(at(30).toISOString());
    const rows = await q<{ id: string; flag_id: string; status: string }>(
      sql`select id, flag_id, status from service_flag_lift_requests where id like '660112%' order by id`,
    );
    expect(rows).toEqual([
      { id: extraId('12', 0), flag_id: liftedPetFlagId(pet), status: 'approved' },
      { id: extraId('12', 1), flag_id: liftedPetFlagId(pet), status: 'pending' },
    ]);
    expect(problemsOf(extras, 'blacklistrequests', extraId('12', 1))).toMatch(/no longer blacklisted/);
    expect(byName(extras).blacklistrequests!.counts).toMatchObject({ imported: 2, skipped: 1 });
    expect(problemsOf(extras, 'blacklistrequests', extraId('12', 2))).toMatch(/does not exist \(deleted in the original\)/);
    // The pet may be served: no live flag.
    const staff = await t.user('staff');
    const subject = (await t.call({ method: 'GET', url: `/api/v1/donotserve/subject?petId=${pet}`, token: staff.token })).json();
    expect(subject.flags).toEqual([]);
  });
});

describe('scheduled visits and attendance', () => {
  it('scheduled visits become follow-ups with their ids, times padded; a deleted pet’s is skipped and listed', async () => {
    expect(byName(first).scheduledvisits!.counts).toMatchObject({
      read: counts.scheduledvisits,
      imported: counts.scheduledvisits - 1,
      skipped: 1,
    });
    expect(problemsOf(first, 'scheduledvisits', fixtureId('scheduledvisits', 0))).toMatch(
      /does not exist \(deleted in the original\)/,
    );
    const rows = await q<{ id: string; date: string; time: string; present: boolean | null }>(
      sql`select id, date::text, time, present from follow_ups where id like '660015%' order by id`,
    );
    expect(rows).toEqual(
      [1, 2, 3].map((s) => ({
        id: fixtureId('scheduledvisits', s),
        date: day(-s),
        time: s % 2 === 0 ? '10:30' : '07:05',
        present: s % 3 === 0 ? true : null,
      })),
    );
  });

  it('an attendance sheet marks the day’s follow-ups; an entry with none becomes one, already marked', async () => {
    // Fixture sheets: three days, each three pets, no follow-up scheduled on those days: each entry is a follow-up.
    expect(byName(first).attendances!.counts).toMatchObject({ read: counts.attendances, imported: counts.attendances });
    const [made] = await q<{ n: number; present: number }>(
      sql`select count(*)::int as n, count(*) filter (where present)::int as present from follow_ups where date in (${day(0)}, ${day(1)}, ${day(2)})`,
    );
    expect(made).toEqual({ n: 9, present: 6 });
    // The sheet written here: the scheduled visit of pet 7 is marked absent (not doubled), pet 9 gets a follow-up.
    const rows = await q<{ id: string; pet_id: string; time: string | null; present: boolean }>(
      sql`select id, pet_id, time, present from follow_ups where date = ${day(5)} order by pet_id`,
    );
    expect(rows).toEqual([
      { id: extraId('15', 0), pet_id: fixtureId('pets', 7), time: '07:05', present: false },
      { id: extraId('dd', 1), pet_id: fixtureId('pets', 9), time: null, present: true },
    ]);
    const staff = await t.user('staff');
    const res = await t.call({ method: 'GET', url: `/api/v1/attendance/getattendancelist/${day(5)}`, token: staff.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .List.map((e: { _id: string; present: boolean; marked: boolean; time: string | null }) => [
          e._id,
          e.present,
          e.marked,
          e.time,
        ]),
    ).toEqual([
      [extraId('15', 0), false, true, '07:05'],
      [extraId('dd', 1), true, true, null],
    ]);
  });
});

describe('notices', () => {
  it("customers' notices reach their inbox, with the visit's link and the amount; old ones take the defaults", async () => {
    expect(byName(first).visitnotifications!.counts).toMatchObject({
      read: counts.visitnotifications,
      imported: counts.visitnotifications,
    });
    // Notice 0 is user 3's (owner 2 holds the account), about visit 0 of pet 0, ₹766.67, read.
    const customer = await t.app.signToken({ id: fixtureId('users', 3), role: 'customer', isAdmin: false });
    const inbox = (await t.call({ method: 'GET', url: '/api/v1/customer/notifications', token: customer })).json();
    const n0 = inbox.notifications.find((n: { _id: string }) => n._id === fixtureId('visitnotifications', 0));
    expect(n0).toMatchObject({
      kind: 'visit_recorded',
      title: 'Visit recorded',
      body: 'Your pet visited (0) Amount: ₹766.67.',
      link: `/customer/viewpetvisit/${fixtureId('pets', 0)}`,
    });
    expect(n0.readAt).not.toBeNull();
    // The customer without an owner record (user 4) reads theirs through the owner made for the account.
    const other = await t.app.signToken({ id: fixtureId('users', 4), role: 'customer', isAdmin: false });
    const theirs = (await t.call({ method: 'GET', url: '/api/v1/customer/notifications', token: other })).json();
    expect(theirs.notifications.map((n: { _id: string }) => n._id)).toEqual([fixtureId('visitnotifications', 1)]);
    expect(theirs.unreadCount).toBe(1);
    expect(problemsOf(first, 'visitnotifications')).toMatch(/had no owner record/);
    // An old blacklist notice: Pawdesk's do-not-serve kind, unread.
    const [old] = await q<{ kind: string; read_at: Date | null; link: string; body: string }>(
      sql`select kind, read_at, link, body from owner_notifications where id = ${extraId('13', 0)}`,
    );
    expect(old).toEqual({
      kind: 'service_paused',
      read_at: null,
      link: '/customer/dashboard',
      body: 'Leo has been blacklisted: bit a groomer',
    });
  });

  it('staff alerts keep their ids and dates; forRole decides who sees them (missing: admins)', async () => {
    expect(byName(first).alerts!.counts).toMatchObject({ read: counts.alerts, imported: counts.alerts });
    const rows = await q<{ id: string; kind: string; audience: string; read: boolean; title: string }>(
      sql`select id, kind, audience, read_at is not null as read, title from staff_notifications where id like '660014%' order by id`,
    );
    expect(rows.map((r) => [r.kind, r.audience, r.read])).toEqual([
      ['new_pet', 'admin', false],
      ['appointment_booked', 'staff', true],
      ['low_stock', 'admin', false],
      ['service_action', 'staff', false],
      ['new_visit', 'admin', false],
    ]);
    expect(rows[0]!.title).toBe('New pet: Coco');
    expect(rows[4]!.title).toBe('Visit recorded: Bruno');
    const staff = await t.user('staff');
    const admin = await t.user('staff', { isAdmin: true });
    const seen = async (token: string) =>
      (await t.call({ method: 'GET', url: '/api/v1/staff/notifications?limit=50', token }))
        .json()
        .notifications.map((n: { _id: string }) => n._id);
    expect((await seen(staff.token)).sort()).toEqual([fixtureId('alerts', 1), fixtureId('alerts', 3)]);
    expect((await seen(admin.token)).sort()).toEqual([0, 1, 2, 3, 4].map((i) => fixtureId('alerts', i)));
    const booking = (await t.call({ method: 'GET', url: '/api/v1/staff/notifications?limit=50', token: staff.token }))
      .json()
      .notifications.find((n: { _id: string }) => n._id === fixtureId('alerts', 1));
    expect(booking.body).toBe('Vaccination (ARV) for Bruno on 17 Mar 2026 at 10:00.');
  });

  it('a rerun changes nothing', async () => {
    const again = await runImport(t.database.db, { from: path.join(root, 'fixture'), dryRun: false, via: 'cli' });
    expect(again.unchanged).toBe(true);
  });
});

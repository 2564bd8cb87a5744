import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import {
  FIXTURE_PASSWORDS,
  fixtureCounts,
  fixtureHazards,
  fixtureId,
  SMALL_FIXTURE,
  writeFixtureExport,
} from '../../../../test/import-fixture.ts';
import { IMPORT_ORDER, type RunResult, runImport } from './engine.ts';

/**
 * Issue 21, "Must show": the whole fixture export (every hazard of the reference's §4) imported into a fresh
 * Pawdesk: the report's counts are the fixture's, money reconciles to the paisa (per collection, and in the ledger),
 * imported staff and customers sign in with their original passwords and then hold scrypt hashes, the existing web
 * client's calls answer the imported records by their original ids, and a second run changes nothing.
 */
let t: TestApp;
let root: string;
let from: string;
let result: RunResult;
const counts = fixtureCounts(SMALL_FIXTURE);
const hazards = fixtureHazards(SMALL_FIXTURE);
const V = '/api/v1';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-moving-in-'));
  from = path.join(root, 'export');
  await writeFixtureExport(from, 'jsonl-relaxed', SMALL_FIXTURE);
  t = await createTestApp({ loginRateLimit: 1000 });
  result = await runImport(t.database.db, { from, dryRun: false, via: 'cli' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('moving in: the fixture export imported whole', () => {
  it('imports every collection the original used, and the counts are the fixture’s', () => {
    expect(IMPORT_ORDER).toEqual(
      expect.arrayContaining(Object.keys(counts).filter((c) => c !== 'prices' || IMPORT_ORDER.includes('prices'))),
    );
    for (const c of result.collections) {
      expect(c.counts.read, c.collection).toBe(counts[c.collection as keyof typeof counts]);
      expect(c.counts.imported + c.counts.merged + c.counts.skipped, c.collection).toBe(c.counts.read);
      expect(c.complete, c.collection).toBe(true);
    }
  });

  it('money agrees to the paisa per collection, and the ledger holds exactly what the report says', async () => {
    let charged = 0;
    let paid = 0;
    for (const c of result.collections) {
      expect(c.money.after, c.collection).toEqual(c.money.before);
      charged += c.money.after.charged;
      paid += c.money.after.paid;
    }
    const [ledger] = await rows<{ charged: string; paid: string }>(sql`
      select coalesce(sum(case kind when 'charge' then amount_paise when 'credit' then -amount_paise end), 0)::bigint as charged,
             coalesce(sum(case kind when 'payment' then amount_paise when 'refund' then -amount_paise end), 0)::bigint as paid
        from payments where status = 'completed'`);
    expect(Number(ledger!.charged)).toBe(charged);
    expect(Number(ledger!.paid)).toBe(paid);
    const [stray] = await rows<{ n: number }>(
      sql`select count(*)::int as n from payments where completed_via is distinct from 'import' or receipt_no is not null`,
    );
    expect(stray!.n).toBe(0);
  });

  it('an imported staff member (cost-12 bcrypt) and customer sign in with their original passwords, then hold scrypt hashes', async () => {
    const hashOf = async (id: string) =>
      (await rows<{ h: string }>(sql`select password_hash as h from users where id = ${id}`))[0]!.h;
    expect(await hashOf(hazards.cost12User.id)).toMatch(/^\$2[aby]\$12\$/);
    const staff = await t.call({
      method: 'POST',
      url: `${V}/auth/login`,
      payload: { email: hazards.cost12User.email, password: FIXTURE_PASSWORDS.admin, role: 'staff' },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().user.id).toBe(hazards.cost12User.id);
    expect(await hashOf(hazards.cost12User.id)).not.toMatch(/^\$2/);
    const customer = await t.call({
      method: 'POST',
      url: `${V}/auth/login`,
      payload: { email: hazards.customerUser.email, password: FIXTURE_PASSWORDS.customer, role: 'customer' },
    });
    expect(customer.statusCode).toBe(200);
    expect(await hashOf(hazards.customerUser.id)).not.toMatch(/^\$2/);
    const wrong = await t.call({
      method: 'POST',
      url: `${V}/auth/login`,
      payload: { email: hazards.customerUser.email, password: 'not-the-password', role: 'customer' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('the existing web client’s calls answer imported records by their original ids', async () => {
    const login = await t.call({
      method: 'POST',
      url: `${V}/auth/login`,
      payload: { email: 'ravi@pawshub.example', password: FIXTURE_PASSWORDS.staff, role: 'staff' },
    });
    const token = login.json().token as string;
    const petId = fixtureId('pets', 1);
    const pet = await t.call({ method: 'GET', url: `${V}/pet/getpetdetails/${petId}`, token });
    expect(pet.statusCode, `pet: ${pet.body}`).toBe(200);
    expect(JSON.stringify(pet.json())).toContain(petId);
    const visits = await t.call({ method: 'GET', url: `${V}/visit/getparticularpetvisit?petId=${petId}`, token });
    expect(visits.statusCode, `visits: ${visits.body}`).toBe(200);
    const list = visits.json().List as { _id?: string; id?: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((v) => v._id ?? v.id)).toContain(fixtureId('visits', 1));
    const visit = await t.call({ method: 'GET', url: `${V}/visit/getvisitdetails/${fixtureId('visits', 1)}`, token });
    expect(visit.statusCode, `visit: ${visit.body}`).toBe(200);
    const subs = await t.call({ method: 'GET', url: `${V}/subscription/petssubscription/${fixtureId('pets', 0)}`, token });
    expect(subs.statusCode, `subs: ${subs.body}`).toBe(200);
    expect(JSON.stringify(subs.json())).toContain(fixtureId('subscriptions', 0));
    const history = await t.call({ method: 'GET', url: `${V}/pet/getpethistory/${petId}`, token });
    expect(history.statusCode, `history: ${history.body}`).toBe(200);
    // The customer's own bookings, as the customer app asks for them.
    const customer = await t.call({
      method: 'POST',
      url: `${V}/auth/login`,
      payload: { email: hazards.customerUser.email, password: FIXTURE_PASSWORDS.customer, role: 'customer' },
    });
    expect(customer.statusCode, customer.body).toBe(200);
    const appts = await t.call({
      method: 'GET',
      url: `${V}/customerappointment/getcustomerappoint/${hazards.customerUser.id}`,
      token: customer.json().token as string,
    });
    expect(appts.statusCode, `appts: ${appts.body}`).toBe(200);
    expect(JSON.stringify(appts.json())).toContain(fixtureId('appointments', 0));
  });

  it('a second run with the same export changes nothing and says so', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from payments`);
    const again = await runImport(t.database.db, { from, dryRun: false, via: 'cli' });
    expect(again.unchanged).toBe(true);
    for (const c of again.collections) expect(c.counts.unchanged + c.counts.skipped, c.collection).toBe(c.counts.read);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from payments`)).toEqual(before);
  });
});

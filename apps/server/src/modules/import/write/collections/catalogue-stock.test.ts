import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PLANS, DEFAULT_VISIT_TYPES, SERVICE_CATALOG } from '@pawdesk/shared';
import { rupeesToPaise } from '@pawdesk/shared/import/normalise';
import { BSON } from 'bson';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_DB,
  fixtureCounts,
  fixtureDocuments,
  fixtureHashes,
  fixtureHazards,
  fixtureId,
  SMALL_FIXTURE,
  writeFixtureExport,
} from '../../../../../test/import-fixture.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../../../test/harness.ts';
import { DEFAULT_PACKAGE_ID } from '../../../../db/seed/reference.ts';
import { type RunResult, runImport } from '../engine.ts';
import { PLACEHOLDER } from '../placeholders.repo.ts';
import { COUNT_PLAN_DAYS } from './subscriptionplans.ts';

/**
 * The catalogue and stock importers (issue 21) on the fixture: inventories, visit types and prices, subscription
 * plans, catalogue services, prescriptions, usage logs and stock history, with the collections they refer to.
 */
const ONLY = [
  'users',
  'owners',
  'inventories',
  'pets',
  'visittypes',
  'prices',
  'subscriptionplans',
  'services',
  'prescriptions',
  'usagelogs',
  'stockhistories',
];
const counts = fixtureCounts(SMALL_FIXTURE);
const hazards = fixtureHazards(SMALL_FIXTURE);

let t: TestApp;
let staff: TestUser;
let root: string;
let from: string;
let first: RunResult;
/** The installed reference rows before the import (ids, codes, names). */
let installedTypes: { id: string; code: string; purpose: string }[];
let installedPlans: { id: string; name: string; visitTypeId: string }[];

type Doc = Record<string, unknown>;
let docs: Record<string, Doc[]>;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const paise = (v: unknown) => {
  const r = rupeesToPaise(v);
  if (!r.ok || !r.value) throw new Error(`not money: ${String(v)}`);
  return r.value.paise;
};
const collection = (r: RunResult, name: string) => {
  const c = r.collections.find((x) => x.collection === name);
  if (!c) throw new Error(`${name} was not imported`);
  return c;
};
const problems = (r: RunResult, name: string, id?: string) =>
  collection(r, name)
    .problems.filter((p) => !id || p.originalId === id)
    .map((p) => p.message);

/** The ledger's sale money of the rows an import wrote for a collection's subjects. */
async function ledgerOf(subject: 'prescription_id' | 'visit_id', ids: string[]) {
  const [row] = await q<{ charged: string; paid: string }>(sql`
    select coalesce(sum(case when kind = 'charge' then amount_paise when kind = 'credit' then -amount_paise end), 0)::bigint as charged,
           coalesce(sum(case when kind = 'payment' then amount_paise when kind = 'refund' then -amount_paise end), 0)::bigint as paid
      from payments
     where completed_via = 'import' and status = 'completed' and ${sql.identifier(subject)} in (${sql.join(
       ids.map((i) => sql`${i}`),
       sql`, `,
     )})`);
  return { charged: Number(row!.charged), paid: Number(row!.paid) };
}

/** Items whose stock is not the sum of their movements, or whose last movement's stock_after is not the stock. */
const unbalanced = () =>
  q<{ id: string }>(sql`
    select i.id from inventory_items i
      left join lateral (select coalesce(sum(delta), 0)::int as total from stock_movements m where m.item_id = i.id) s on true
      left join lateral (select stock_after from stock_movements m where m.item_id = i.id
                          order by (m.reason <> 'imported') desc, m.created_at desc, m.id desc limit 1) l on true
     where i.stock <> s.total or (l.stock_after is not null and l.stock_after <> i.stock and
           exists (select 1 from stock_movements x where x.item_id = i.id and x.reason <> 'imported'))`);

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.user('staff');
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-catalogue-'));
  from = path.join(root, 'bson');
  await writeFixtureExport(from, 'bson', SMALL_FIXTURE);
  const made = fixtureDocuments(SMALL_FIXTURE, await fixtureHashes());
  docs = Object.fromEntries(Object.entries(made).map(([k, make]) => [k, [...make()]]));
  installedTypes = await q(sql`select id, code, purpose from visit_types`);
  installedPlans = await q(sql`select id, name, visit_type_id as "visitTypeId" from subscription_plans`);
  first = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: ONLY });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

describe('inventories', () => {
  it('imports every item under its own id, with the shapes of the original normalised and listed', async () => {
    const c = collection(first, 'inventories');
    expect(c.counts).toMatchObject({ read: counts.inventories, imported: counts.inventories, skipped: 0 });
    const rows = await q<{
      id: string;
      item_name: string;
      stock: number;
      stock_unit: string;
      item_type: string;
      item_code: string | null;
      unit_max_retail_customer_paise: string;
      unit_min_retail_ngo_paise: string;
      volume_ml: string | null;
      details: Record<string, unknown> | null;
    }>(sql`select * from inventory_items where id like '6600' || '0d' || '%' order by id`);
    expect(rows.map((r) => r.id)).toEqual(docs.inventories!.map((d) => String(d._id)));
    const byIndex = (i: number) => rows.find((r) => r.id === fixtureId('inventories', i))!;
    // 'injection' is Pawdesk's syringe; the old shape (stockUnit the count, 'syringe') is a count of items.
    expect(byIndex(4)).toMatchObject({ item_type: 'syringe', stock_unit: 'ml', stock: 20, item_code: 'R-05' });
    expect(byIndex(5)).toMatchObject({ item_type: 'syringe', stock_unit: 'item', stock: 200, item_code: null });
    expect(Number(byIndex(5).volume_ml)).toBe(5);
    expect(problems(first, 'inventories', fixtureId('inventories', 5)).join('\n')).toMatch(/old shape.*stock 200/);
    // 33.333 rupees: rounded half up to ₹33.33 and listed.
    expect(Number(byIndex(3).unit_max_retail_customer_paise)).toBe(3333);
    expect(problems(first, 'inventories', fixtureId('inventories', 3)).join('\n')).toMatch(/33\.333.*rounded to ₹33\.33/);
    // What Pawdesk keeps without using goes to details.
    expect(byIndex(0).details).toMatchObject({
      medicineName: 'Rabies Vaccine',
      supplier: { name: 'MedSupply', contact: '9811111111', email: '' },
      expiryDate: expect.stringMatching(/^2027-04-1\d$/),
    });
    expect(byIndex(0).item_code).toBe('R-01');
  });

  it('keeps a second item of the same name and unit under a duplicate name, and lists it, the shared code and the NGO price', async () => {
    const dup = hazards.duplicateInventoryItem;
    const [row] = await q<{ item_name: string; stock: number; item_code: string; details: Record<string, unknown> }>(
      sql`select item_name, stock, item_code, details from inventory_items where id = ${dup.id}`,
    );
    expect(row).toMatchObject({ item_name: 'gloves (duplicate 1)', stock: 12, item_code: 'M-03' });
    expect(row!.details).toMatchObject({ originalName: 'gloves', disposableSubType: 'Gloves' });
    const listed = problems(first, 'inventories', dup.id).join('\n');
    expect(listed).toMatch(new RegExp(`also item ${dup.sameAs}`));
    expect(listed).toMatch(/"M-03" is also the code of item/);
    expect(listed).toMatch(/NGO price ₹8\.00 is above the customer price ₹6\.00/);
    expect(listed).toMatch(/stock: "12" was text/);
  });

  it('leaves a medicine out of the vaccinations of pet 0 (inventories come before pets)', async () => {
    const vax = await q<{ name: string }>(
      sql`select name from vaccinations where pet_id = ${hazards.medicineAmongVaccinations.petId}`,
    );
    expect(vax.map((v) => v.name)).toContain('Rabies');
    expect(vax.map((v) => v.name)).not.toContain(hazards.medicineAmongVaccinations.name);
  });
});

describe('visit types and prices', () => {
  it("replaces each installed visit type by the original's of that purpose: its id, the installed code", async () => {
    const c = collection(first, 'visittypes');
    expect(c.counts).toMatchObject({ read: counts.visittypes, imported: counts.visittypes });
    const now = await q<{ id: string; code: string; purpose: string }>(sql`select id, code, purpose from visit_types`);
    for (const [i, d] of docs.visittypes!.entries()) {
      const installed = installedTypes.find((x) => x.purpose === d.purpose)!;
      const row = now.find((x) => x.id === fixtureId('visittypes', i));
      expect(row, String(d.purpose)).toMatchObject({ code: installed.code, purpose: d.purpose });
      expect(now.some((x) => x.id === installed.id)).toBe(false);
    }
    // Installed types with no match stay (Buy Subscription); nothing else was added.
    expect(now.map((x) => x.code).sort()).toEqual(DEFAULT_VISIT_TYPES.map((v) => v.code).sort());
    // What referred to the installed Hostel follows it: the boarding package, the installed plans.
    const hostel = fixtureId('visittypes', 0);
    const [pkg] = await q<{ visit_type_id: string }>(
      sql`select visit_type_id from boarding_packages where id = ${DEFAULT_PACKAGE_ID}`,
    );
    expect(pkg?.visit_type_id).toBe(hostel);
    const [monthly] = await q<{ visit_type_id: string }>(
      sql`select visit_type_id from subscription_plans where name = 'Hostel Monthly'`,
    );
    expect(monthly?.visit_type_id).toBe(hostel);
    const services = await q<{ visit_type_id: string | null }>(
      sql`select visit_type_id from customer_services where name = 'Boarding/Hostel'`,
    );
    expect(services[0]?.visit_type_id).toBe(hostel);
  });

  it("takes the original's prices, old field names read and listed, and keeps what Pawdesk has no use for", async () => {
    const rows = await q<Record<string, unknown>>(sql`
      select id, original, is_boarding, has_subscription, price_paise::int, halfday_price_paise::int, consultation_pvt_paise::int,
             consultation_ngo_paise::int, consultation_ngo_emergency_paise::int, consultation_pvt_emergency_paise::int
        from visit_types`);
    const of = (i: number) => rows.find((r) => r.id === fixtureId('visittypes', i))!;
    expect(of(0)).toMatchObject({ price_paise: 50000, halfday_price_paise: 30000, has_subscription: true, is_boarding: true });
    // Veterinary: the three consultation prices; the private emergency one (not in the original) stays Pawdesk's.
    const vetDefault = DEFAULT_VISIT_TYPES.find((v) => v.code === 'veterinary')!;
    expect(of(2)).toMatchObject({
      price_paise: 0,
      consultation_pvt_paise: 60000,
      consultation_ngo_paise: 30000,
      consultation_ngo_emergency_paise: 90000,
      consultation_pvt_emergency_paise: vetDefault.consultationPricePvtEmergency * 100,
    });
    expect(of(4).price_paise).toBe(66666);
    // Day School: the old name consultationPrice; Pawdesk boards it (by its code) although the original's flag is off.
    expect(of(5)).toMatchObject({ consultation_pvt_paise: 25000, is_boarding: true });
    expect(problems(first, 'visittypes', fixtureId('visittypes', 5)).join('\n')).toMatch(/consultationPrice: the old/);
    // What Pawdesk has no use for yet is kept as the original wrote it.
    expect(of(3).original).toMatchObject({
      emoji: '🐾',
      description: 'Grooming at the centre',
      priceTiers: [{ label: 'Full groom', price: 1200 }],
      category: 'General',
      bookingEnabled: true,
    });
    expect(of(1).original).toEqual({ subscriptionPrice: 11500 });
    expect(of(2).original).toBeNull();
  });

  it('lists each Price record against its visit type and skips it', () => {
    const c = collection(first, 'prices');
    expect(c.counts).toMatchObject({ read: counts.prices, imported: 0, skipped: counts.prices });
    expect(problems(first, 'prices', fixtureId('prices', 0))).toEqual([
      expect.stringMatching(
        /^Hostel: Price says ₹1,000\.00, consultation ₹0\.00, the visit type ₹500\.00; the visit type’s price/,
      ),
    ]);
    expect(problems(first, 'prices', fixtureId('prices', 1))[0]).toMatch(
      /^Dog Park: Price says ₹350\.00, the visit type ₹666\.66/,
    );
  });

  it('answers the visit types on offer as Pawdesk reads them', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/visit/getallvisittypes', token: staff.token });
    expect(res.statusCode).toBe(200);
    const hostel = res.json().visitTypes.find((v: { code: string }) => v.code === 'hostel');
    expect(hostel).toMatchObject({ _id: fixtureId('visittypes', 0), purpose: 'Hostel', price: 500, halfdayPrice: 300 });
  });
});

describe('subscription plans and services', () => {
  it('replaces installed plans of the same type and terms, adds the others, keeps the unmatched installed ones', async () => {
    const c = collection(first, 'subscriptionplans');
    expect(c.counts).toMatchObject({ read: counts.subscriptionplans, imported: counts.subscriptionplans });
    const rows = await q<{ id: string; name: string; price_paise: number; duration_days: number; number_of_groomings: number }>(
      sql`select id, name, price_paise::int, duration_days, number_of_groomings from subscription_plans`,
    );
    const of = (i: number) => rows.find((r) => r.id === fixtureId('subscriptionplans', i));
    // Hostel 15 days and Day School 30 days replace 'Hostel 15 Days' and 'Day School Monthly' (names kept).
    expect(of(0)).toMatchObject({ name: 'Hostel 15 Days', price_paise: 1150000, duration_days: 15, number_of_groomings: 0 });
    expect(of(3)).toMatchObject({ name: 'Day School Monthly', price_paise: 333333, duration_days: 30 });
    // Day Care 10 days ('4000' as text) and the grooming count plan (no duration) are new.
    expect(of(1)).toMatchObject({ name: 'Day Care 10 days', price_paise: 400000, duration_days: 10 });
    expect(of(2)).toMatchObject({ name: 'Grooming 3 groomings', duration_days: COUNT_PLAN_DAYS, number_of_groomings: 3 });
    expect(problems(first, 'subscriptionplans', fixtureId('subscriptionplans', 1)).join('\n')).toMatch(/price: "4000" was text/);
    expect(problems(first, 'subscriptionplans', fixtureId('subscriptionplans', 2)).join('\n')).toMatch(/needs days above 0/);
    const replaced = installedPlans.filter((p) => p.name === 'Hostel 15 Days' || p.name === 'Day School Monthly');
    expect(rows.some((r) => replaced.some((p) => p.id === r.id))).toBe(false);
    expect(rows).toHaveLength(DEFAULT_PLANS.length + 2);
    // Grooming sells plans now (the original's flag was off), listed.
    const [grooming] = await q<{ has_subscription: boolean }>(
      sql`select has_subscription from visit_types where id = ${fixtureId('visittypes', 3)}`,
    );
    expect(grooming?.has_subscription).toBe(true);
    expect(problems(first, 'subscriptionplans').join('\n') + problems(first, 'visittypes').join('\n')).toMatch(
      /Grooming has subscription plans/,
    );
  });

  it('answers the plans on offer with their types', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/subscription/getallsubscription', token: staff.token });
    expect(res.statusCode).toBe(200);
    const plan = res.json().subscriptionPlans.find((p: { _id: string }) => p._id === fixtureId('subscriptionplans', 1));
    expect(plan).toMatchObject({
      price: 4000,
      duration: 10,
      subscriptionType: { _id: fixtureId('visittypes', 1), code: 'day_care' },
    });
  });

  it('adds the catalogue services with their images, features and visit type; installed ones stay', async () => {
    const c = collection(first, 'services');
    expect(c.counts).toMatchObject({ read: counts.services, imported: counts.services });
    const rows = await q<{
      id: string;
      name: string;
      active: boolean;
      images: unknown;
      features: unknown;
      visit_type_id: string;
      price_paise: number;
    }>(sql`select id, name, active, images, features, visit_type_id, price_paise::int from customer_services`);
    expect(rows).toHaveLength(SERVICE_CATALOG.length + counts.services);
    const groom = rows.find((r) => r.id === fixtureId('services', 0))!;
    expect(groom).toMatchObject({
      name: 'Full Grooming',
      active: true,
      visit_type_id: fixtureId('visittypes', 3),
      images: [{ url: 'https://res.cloudinary.com/pawshub/image/upload/services/0.jpg' }],
      features: ['Trained staff'],
    });
    expect(rows.find((r) => r.id === fixtureId('services', 1))).toMatchObject({
      price_paise: 76667,
      visit_type_id: fixtureId('visittypes', 0),
    });
    expect(rows.find((r) => r.id === fixtureId('services', 2))?.active).toBe(false);
    const res = await t.call({ method: 'GET', url: '/api/v1/customerservices/getallservices' });
    const listed = res.json().data.map((s: { _id: string }) => s._id);
    expect(listed).toContain(fixtureId('services', 0));
    expect(listed).not.toContain(fixtureId('services', 2));
  });
});

describe('prescriptions', () => {
  it('imports each with its lines, follow-up and createdBy, a deleted item on the placeholder, listed', async () => {
    const c = collection(first, 'prescriptions');
    expect(c.counts).toMatchObject({ read: counts.prescriptions, imported: counts.prescriptions });
    const rx = await q<{ id: string; total_paise: string; customer_type: string; created_by: string | null }>(
      sql`select id, total_paise, customer_type, created_by from prescriptions order by id`,
    );
    expect(rx.map((r) => r.id)).toEqual(docs.prescriptions!.map((d) => String(d._id)));
    expect(rx[3]?.created_by).toBe(fixtureId('users', 2));
    expect(rx[2]?.customer_type).toBe('NGO');
    const lines = await q<{
      prescription_id: string;
      section: string;
      item_id: string;
      quantity: number;
      line_total_paise: number;
    }>(
      sql`select prescription_id, section, item_id, quantity, line_total_paise::int from prescription_lines order by prescription_id, section, position`,
    );
    const expected = docs.prescriptions!.reduce(
      (n, d) => n + (['items', 'tablets', 'mg', 'ml'] as const).reduce((m, s) => m + (d[s] as unknown[]).length, 0),
      0,
    );
    expect(lines).toHaveLength(expected);
    const dangling = hazards.danglingPrescriptionItem;
    const deleted = lines.find((l) => l.prescription_id === dangling && l.section === 'items')!;
    expect(deleted.item_id).toBe(PLACEHOLDER.item);
    // The deleted item's line takes what the price leaves: ₹75 − 2 × ₹25.
    expect(deleted.line_total_paise).toBe(2500);
    expect(problems(first, 'prescriptions', dangling).join('\n')).toMatch(
      /does not exist \(deleted\); the line is kept on 'Deleted item'/,
    );
    expect(lines.find((l) => l.section === 'tablets')?.quantity).toBe(2);
    expect(problems(first, 'prescriptions', fixtureId('prescriptions', 0)).join('\n')).toMatch(
      /tablets\[0\]\.quantity: "2" was text/,
    );
    // The NGO prescription 2: charged ₹45 while today's lines come to ₹90: the charge is kept, listed.
    expect(problems(first, 'prescriptions', fixtureId('prescriptions', 2)).join('\n')).toMatch(
      /charged ₹45\.00.*come to ₹90\.00/,
    );
    const follow = await q<{ source_id: string; date: string; time: string; purpose: string; source: string }>(
      sql`select source_id, date::text as date, time, purpose, source from follow_ups order by source_id`,
    );
    const withFollowUp = docs.prescriptions!.filter((d) => d.nextFollowUp);
    expect(follow.map((x) => x.source_id)).toEqual(withFollowUp.map((d) => String(d._id)));
    expect(follow[0]).toMatchObject({ source: 'prescription', purpose: 'Booster', time: '11:30' });
    expect(follow[1]?.time).toBe('09:15');
  });

  it("posts each one's price as a charge and a 'not recorded' payment: before, after and the ledger agree", async () => {
    const c = collection(first, 'prescriptions');
    const total = docs.prescriptions!.reduce((s, d) => s + paise(d.price), 0);
    expect(c.money.before).toEqual({ charged: total, paid: total });
    expect(c.money.after).toEqual(c.money.before);
    expect(
      await ledgerOf(
        'prescription_id',
        docs.prescriptions!.map((d) => String(d._id)),
      ),
    ).toEqual({ charged: total, paid: total });
    const methods = await q<{ method: string; n: number }>(
      sql`select method, count(*)::int as n from payments where prescription_id is not null and kind = 'payment' group by method`,
    );
    expect(methods).toEqual([{ method: 'not_recorded', n: counts.prescriptions }]);
  });

  it("answers a pet's prescriptions with item names, quantities and the payment", async () => {
    const pet = fixtureId('pets', 0);
    const res = await t.call({ method: 'GET', url: `/api/v1/prescription/getprescription/${pet}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const rx = res.json().data.find((p: { _id: string }) => p._id === fixtureId('prescriptions', 0));
    expect(rx).toMatchObject({
      totalPrice: 150,
      customerType: 'pvtltd',
      items: [{ id: { itemName: 'Rabies Vaccine' }, quantity: 1, price: 25 }],
      tablets: [{ id: { itemName: 'Meloxicam' }, quantity: 2 }],
      payment: { method: 'not_recorded', status: 'paid', amount: 150, receiptNo: null },
    });
  });
});

describe('usage logs and stock history', () => {
  it('makes each usage log a Shop sale (walk-in under the pet name when no booking names a visit), money reconciled', async () => {
    const c = collection(first, 'usagelogs');
    expect(c.counts).toMatchObject({ read: counts.usagelogs, imported: counts.usagelogs });
    const ids = docs.usagelogs!.map((d) => String(d._id));
    const visits = await q<{ id: string; pet_id: string | null; buyer_name: string; purpose: string; price_paise: string }>(
      sql`select id, pet_id, buyer_name, purpose, price_paise from visits where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by id`,
    );
    expect(visits.map((v) => [v.id, v.pet_id, v.buyer_name, v.purpose])).toEqual(
      docs.usagelogs!.map((d) => [String(d._id), null, d.petName, 'Shop']),
    );
    expect(problems(first, 'usagelogs', ids[0]).join('\n')).toMatch(
      new RegExp(`names the pet "Bruno".*\\(pet ${fixtureId('pets', 0)} has that name\\); kept as a walk-in Shop sale`),
    );
    const charged = docs.usagelogs!.reduce((s, d) => s + paise(d.totalAmount), 0);
    const paid = docs.usagelogs!.filter((d) => d.paymentStatus === 'Paid').reduce((s, d) => s + paise(d.totalAmount), 0);
    expect(c.money.before).toEqual({ charged, paid });
    expect(c.money.after).toEqual(c.money.before);
    expect(await ledgerOf('visit_id', ids)).toEqual({ charged, paid });
    // Visit History lists them with their money (a Pending log is due).
    const res = await t.call({ method: 'GET', url: '/api/v1/visit/getvisitlist?purpose=Shop&limit=50', token: staff.token });
    expect(res.statusCode).toBe(200);
    const list = res.json().List as { _id: string; paymentState: string }[];
    expect(list.map((v) => v._id).sort()).toEqual([...ids].sort());
    expect(list.find((v) => v._id === ids[1])?.paymentState).toBe('due');
    const [due] = await q<{ due_paise: number; payment_state: string }>(
      sql`select due_paise::int, payment_state from visit_search where visit_id = ${ids[1]}`,
    );
    expect(due).toEqual({ due_paise: paise(docs.usagelogs![1]!.totalAmount), payment_state: 'due' });
    // Every row's money is its ledger's (what the history reconciliation checks).
    const off = await q<{ visit_id: string }>(sql`
      select s.visit_id from visit_search s
        join import_records r on r.collection = 'usagelogs' and r.target_id = s.visit_id
        cross join lateral (
          select coalesce(sum(case when kind = 'charge' then amount_paise end), 0)::bigint as charged,
                 coalesce(sum(case when kind = 'payment' then amount_paise end), 0)::bigint as paid
            from payments where visit_id = s.visit_id and status = 'completed') l
       where s.charged_paise <> l.charged or s.paid_paise <> l.paid or s.due_paise <> l.charged - l.paid`);
    expect(off).toEqual([]);
  });

  it('joins a stock history row to the usage log of the same use, keeps the rest on their own, a deleted item on the placeholder', async () => {
    const c = collection(first, 'stockhistories');
    expect(c.counts.read).toBe(counts.stockhistories);
    expect(c.counts.imported + c.counts.merged).toBe(counts.stockhistories);
    expect(c.counts.merged).toBe(1);
    const [deleted] = await q<{ item_id: string; reason: string; delta: number }>(
      sql`select item_id, reason, delta from stock_movements where id = ${fixtureId('stockhistories', 0)}`,
    );
    expect(deleted).toEqual({ item_id: PLACEHOLDER.item, reason: 'used', delta: -1 });
    const [joined] = await q<{ note: string }>(
      sql`select m.note from stock_movements m join import_records r on r.target_id = m.id
           where r.collection = 'stockhistories' and r.original_id = ${fixtureId('stockhistories', 3)}`,
    );
    expect(joined?.note).toMatch(/usage log.*the original's record: 22 → 21, by Meena Staff/);
  });

  it("keeps every item's stock equal to the sum of its movements, the opening balance first", async () => {
    expect(await unbalanced()).toEqual([]);
    const amox = fixtureId('inventories', 3);
    const moves = await q<{ reason: string; delta: number; stock_after: number }>(
      sql`select reason, delta, stock_after from stock_movements where item_id = ${amox}
           order by (reason <> 'imported'), created_at, id`,
    );
    // 25 in stock; the four usage logs took 1+2+3+1 and two unmatched stock history rows 1 each: opening 34.
    expect(moves[0]).toMatchObject({ reason: 'imported', delta: 34, stock_after: 34 });
    expect(moves.at(-1)?.stock_after).toBe(25);
    expect(moves.map((m) => m.reason).sort()).toEqual(['imported', 'sold', 'sold', 'sold', 'sold', 'used', 'used']);
    // The placeholder: a deleted item's uses are balanced by its opening (its stock stays 0).
    const [ph] = await q<{ stock: number; total: number }>(
      sql`select i.stock, (select coalesce(sum(delta), 0)::int from stock_movements where item_id = i.id) as total
            from inventory_items i where i.id = ${PLACEHOLDER.item}`,
    );
    expect(ph).toEqual({ stock: 0, total: 0 });
  });

  it('answers the inventory list and an item’s movements as Pawdesk reads them', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/inventory/getallinventory', token: staff.token });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { _id: string; itemName: string; stock: number; unitMaxRetailPriceCustomer: number }[];
    expect(items.map((i) => i._id)).not.toContain(PLACEHOLDER.item);
    expect(items.find((i) => i._id === fixtureId('inventories', 3))).toMatchObject({
      itemName: 'Amoxicillin',
      stock: 25,
      unitMaxRetailPriceCustomer: 33.33,
    });
    const moves = await t.call({
      method: 'GET',
      url: `/api/v1/inventory/getstockmovements/${fixtureId('inventories', 0)}`,
      token: staff.token,
    });
    expect(moves.statusCode).toBe(200);
    const reasons = moves.json().movements.map((m: { reason: string }) => m.reason);
    expect(reasons).toContain('imported');
    expect(reasons).toContain('prescribed');
  });
});

describe('running again', () => {
  it('changes nothing when the export is the same', async () => {
    const again = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: ONLY });
    expect(again.unchanged).toBe(true);
    expect(await unbalanced()).toEqual([]);
  });

  it('a changed prescription price posts a further charge and payment, a changed stock moves the opening only', async () => {
    const rx0 = fixtureId('prescriptions', 0);
    const before = await q<{ id: string; kind: string; amount_paise: number }>(
      sql`select id, kind, amount_paise::int from payments where prescription_id = ${rx0} order by id`,
    );
    expect(before).toHaveLength(2);
    const dir = path.join(from, FIXTURE_DB);
    const rewrite = async (name: string, change: (d: Doc) => Doc) => {
      const out = docs[name]!.map(change);
      await writeFile(path.join(dir, `${name}.bson`), Buffer.concat(out.map((d) => BSON.serialize(d))));
    };
    await rewrite('prescriptions', (d) => (String(d._id) === rx0 ? { ...d, price: 175.5 } : d));
    await rewrite('inventories', (d) => (String(d._id) === fixtureId('inventories', 0) ? { ...d, stock: 30 } : d));
    // A stock history row the original would now call an adjustment from 23 to 30.
    const sh2 = fixtureId('stockhistories', 2);
    await rewrite('stockhistories', (d) =>
      String(d._id) === sh2 ? { ...d, actionType: 'Adjusted', previousStock: 23, currentStock: 30 } : d,
    );
    const r = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: ONLY });
    expect(r.unchanged).toBe(false);
    const rx = collection(r, 'prescriptions');
    expect(rx.counts).toMatchObject({ updated: 1, unchanged: counts.prescriptions - 1 });
    expect(rx.money.before).toEqual({ charged: 2550, paid: 2550 });
    expect(rx.money.after).toEqual(rx.money.before);
    const after = await q<{ id: string; kind: string; amount_paise: number }>(
      sql`select id, kind, amount_paise::int from payments where prescription_id = ${rx0} order by id`,
    );
    // The first two rows are untouched; a further charge and payment of ₹25.50 are added.
    expect(after.filter((a) => before.some((b) => b.id === a.id))).toEqual(before);
    expect(
      after
        .filter((a) => !before.some((b) => b.id === a.id))
        .map((a) => [a.kind, a.amount_paise])
        .sort(),
    ).toEqual([
      ['charge', 2550],
      ['payment', 2550],
    ]);
    const total = docs.prescriptions!.reduce((s, d) => s + paise(d.price), 0) + 2550;
    expect(
      await ledgerOf(
        'prescription_id',
        docs.prescriptions!.map((d) => String(d._id)),
      ),
    ).toEqual({ charged: total, paid: total });
    const [item] = await q<{ stock: number }>(sql`select stock from inventory_items where id = ${fixtureId('inventories', 0)}`);
    expect(item?.stock).toBe(30);
    expect(await unbalanced()).toEqual([]);
    const amox = await q<{ id: string; reason: string; delta: number }>(
      sql`select id, reason, delta from stock_movements where item_id = ${fixtureId('inventories', 3)} and reason in ('imported', 'adjusted')
           order by reason desc`,
    );
    // 25 in stock: the usage logs took 7, stock history row 1 one, row 2 now added 7: the opening is 26.
    expect(amox).toEqual([
      { id: expect.any(String), reason: 'imported', delta: 26 },
      { id: sh2, reason: 'adjusted', delta: 7 },
    ]);
    const again = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: ONLY });
    expect(again.unchanged).toBe(true);
  });
});

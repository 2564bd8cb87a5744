import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toPaise } from '@pawdesk/shared';
import { EJSON } from 'bson';
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
import { installCatalogueStandIns } from '../../../../../test/import-standins.ts';
import { useTestApp } from '../../../../../test/harness.ts';
import { type RunResult, runImport } from '../engine.ts';
import type { Tx } from '../../../../db/client.ts';
import { PLACEHOLDER } from '../placeholders.repo.ts';
import { indexImportedVisits } from '../visit-search.repo.ts';

/**
 * The visits, boardings and subscriptions of the fixture export imported (issue 21): counts and ids kept, every
 * hazard listed, the money of each visit in the ledger as the original says it (checked against the fixture's
 * documents, read here by the rule of docs/decisions.md "Importing visits and money"), a rerun that changes nothing,
 * a later export with changed prices that adds correcting rows and edits none, and the existing client's calls
 * answering imported visits by their original ids.
 */

const t = useTestApp();
const COLLECTIONS = [
  'users',
  'owners',
  'inventories',
  'pets',
  'visittypes',
  'subscriptionplans',
  'subscriptions',
  'visits',
  'boardings',
];
const counts = fixtureCounts(SMALL_FIXTURE);
const h = fixtureHazards(SMALL_FIXTURE);
let root: string;
let from: string;
let run: RunResult;
let token: string;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await q<T>(query))[0]!;
const hex = (v: unknown) => (v as { toHexString(): string }).toHexString();
const problemsOf = (r: RunResult, collection: string, id?: string) =>
  (r.collections.find((c) => c.collection === collection)?.problems ?? [])
    .filter((p) => id === undefined || p.originalId === id)
    .map((p) => p.message);
const coll = (r: RunResult, collection: string) => r.collections.find((c) => c.collection === collection)!;

/** What the fixture's visits say was charged and paid, by the rule (finalPrice; paid = charge − paymentLeft). */
async function originalVisitMoney(): Promise<{ charged: number; paid: number }> {
  const docs = fixtureDocuments(SMALL_FIXTURE, await fixtureHashes());
  const extras: Record<string, [number, number]> = {
    [h.extra.buySubscriptionVisit]: [1_150_000, 1_150_000],
    [h.extra.renewSubscriptionVisit]: [250_000, 150_000],
    [h.extra.extraDaysVisit]: [153_334, 153_334],
    [h.extra.razorpayRemainderVisit]: [80_000, 80_000],
    [h.extra.roundedVetVisit]: [60_001, 60_001],
    [h.extra.detailsNotObject]: [0, 0],
    [h.extra.flagConflictVisit]: [0, 0],
    [h.extra.oddPaymentVisit]: [35_000, 35_000],
  };
  let charged = 0;
  let paid = 0;
  for (const v of docs.visits!()) {
    const id = hex(v._id);
    if (extras[id]) {
      charged += extras[id][0];
      paid += extras[id][1];
      continue;
    }
    const d = v.details as Record<string, unknown>;
    const charge = toPaise(Number(d.finalPrice));
    const left = Math.min(charge, toPaise(Number(d.paymentLeft ?? 0)));
    charged += charge;
    paid += charge - left;
  }
  return { charged, paid };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-visits-'));
  from = path.join(root, 'bson');
  await writeFixtureExport(from, 'bson', SMALL_FIXTURE);
  await installCatalogueStandIns(t.database.db);
  run = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: COLLECTIONS });
  token = (await t.user('staff')).token;
}, 120_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('subscriptions', () => {
  it('imports every subscription but the one whose plan was deleted, keeping ids; one live per pet and purpose', async () => {
    const c = coll(run, 'subscriptions');
    expect(c.counts).toMatchObject({ read: counts.subscriptions, imported: counts.subscriptions - 1, skipped: 1 });
    expect(c.counts.skippedWhy).toEqual({ 'its plan was deleted': 1 });
    expect(problemsOf(run, 'subscriptions', h.extra.subscriptionPlanDeleted)[0]).toMatch(/plan .* does not exist/);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from subscriptions`);
    expect(n).toBe(counts.subscriptions - 1);
    // Subscription 0 and 1: the same pet and plan (1 inactive in the original too); 4 live, the extra of pet 4 not.
    const rows = await q<{ id: string; active: boolean; discount_paise: number; days_left: number; groomings_left: number }>(
      sql`select id, active, discount_paise::int as discount_paise, days_left, groomings_left from subscriptions order by id`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(fixtureId('subscriptions', 0))?.active).toBe(true);
    expect(problemsOf(run, 'subscriptions', fixtureId('subscriptions', 1))[0]).toMatch(/same pet and plan/);
    expect(byId.get(fixtureId('subscriptions', 4))?.active).toBe(true); // active missing: the default, true
    expect(byId.get(h.extra.subscriptionSecondLive)?.active).toBe(false);
    expect(problemsOf(run, 'subscriptions', h.extra.subscriptionSecondLive).join()).toMatch(/kept inactive/);
    expect(byId.get(h.extra.subscriptionUsedUp)?.active).toBe(false);
    expect(problemsOf(run, 'subscriptions', h.extra.subscriptionUsedUp)[0]).toMatch(/no days or sessions left/);
    expect(byId.get(fixtureId('subscriptions', 1))?.discount_paise).toBe(50_000); // '500' as text
    expect(byId.get(fixtureId('subscriptions', 2))).toMatchObject({ days_left: 0, groomings_left: 1 }); // a count plan
    const ghost = await one<{ pet_id: string; active: boolean }>(
      sql`select pet_id, active from subscriptions where id = ${h.extra.subscriptionPetDeleted}`,
    );
    expect(ghost).toEqual({ pet_id: PLACEHOLDER.pet, active: false });
    const live = await one<{ n: number }>(
      sql`select count(*)::int as n from (select pet_id, visit_type_id from subscriptions where active group by 1, 2 having count(*) > 1) x`,
    );
    expect(live.n).toBe(0);
    // No money: purchases were paid on their Buy / Renew visits.
    expect(c.money).toEqual({ before: { charged: 0, paid: 0 }, after: { charged: 0, paid: 0 } });
  });
});

describe('visits', () => {
  it('imports every visit keeping its id, the whole original details, and lists the dangling ones', async () => {
    const c = coll(run, 'visits');
    expect(c.counts).toMatchObject({ read: counts.visits, imported: counts.visits, skipped: 0 });
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from visits where pet_id is not null`);
    expect(n).toBe(counts.visits);
    const v9 = await one<{ details: Record<string, unknown>; purpose: string; price_paise: number }>(
      sql`select details, purpose, price_paise from visits where id = ${fixtureId('visits', 9)}`,
    );
    expect(v9.purpose).toBe('Hostel');
    expect(v9.details).toMatchObject({ purpose: 'Hostel', price: '766.67', planId: fixtureId('subscriptionplans', 0) });
    const dangling = await one<{ pet_id: string }>(sql`select pet_id from visits where id = ${h.danglingVisitPet}`);
    expect(dangling.pet_id).toBe(PLACEHOLDER.pet);
    expect(problemsOf(run, 'visits', h.danglingVisitPet)[0]).toMatch(/Deleted pet/);
    const typeless = await one<{ visit_type_id: string; purpose: string }>(
      sql`select visit_type_id, purpose from visits where id = ${h.danglingVisitType}`,
    );
    expect(typeless).toEqual({ visit_type_id: PLACEHOLDER.visitType, purpose: 'Inquiry' });
    expect(problemsOf(run, 'visits', h.danglingVisitType)[0]).toMatch(/Deleted visit type/);
    expect(problemsOf(run, 'visits', h.extra.detailsNotObject)[0]).toMatch(/details: missing or not an object/);
    expect(problemsOf(run, 'visits', h.extra.flagConflictVisit)[0]).toMatch(/subscription flag .* disagree/);
    const odd = problemsOf(run, 'visits', h.extra.oddPaymentVisit).join('\n');
    expect(odd).toMatch(/"UPI scan" is not a payment method.*recorded as not recorded/);
    expect(odd).toMatch(/paymentLeft: negative/);
    expect(problemsOf(run, 'visits', h.extra.roundedVetVisit).join()).toMatch(
      /600\.005 is not a whole number of paise; rounded to ₹600\.01/,
    );
    // visit 1: a Hostel visit with ₹766.67 left on a ₹716.67 charge
    expect(problemsOf(run, 'visits', fixtureId('visits', 1))[0]).toMatch(/more than the charge/);
    // One summary line for the visits that used a subscription and recorded a price, not one per visit.
    expect(problemsOf(run, 'visits').filter((p) => /used a subscription and still recorded a price/.test(p))).toHaveLength(1);
  });

  it('the four spellings of the subscription flag, customer types and days are columns', async () => {
    const rows = await q<{
      id: string;
      is_subscription_availed: boolean;
      customer_type: string | null;
      number_of_days: number | null;
    }>(
      sql`select id, is_subscription_availed, customer_type, number_of_days from visits where id in
        (${fixtureId('visits', 0)}, ${fixtureId('visits', 1)}, ${fixtureId('visits', 2)}, ${fixtureId('visits', 3)}, ${fixtureId('visits', 11)})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect([0, 1, 2, 3].map((i) => byId.get(fixtureId('visits', i))?.is_subscription_availed)).toEqual([true, true, false, true]);
    expect(byId.get(fixtureId('visits', 2))?.customer_type).toBe('pvtltd');
    expect(byId.get(fixtureId('visits', 11))?.customer_type).toBe('pvtltd Emergency');
    expect(byId.get(fixtureId('visits', 0))?.number_of_days).toBe(15); // "15" as text
  });

  it('its lines: shop items, medicines by id or medicineId, a deleted vaccine on Deleted item', async () => {
    const shop = await q<{ name: string; price_paise: number }>(
      sql`select name, price_paise::int as price_paise from visit_items where visit_id = ${fixtureId('visits', 8)} order by name`,
    );
    expect(shop).toEqual([
      { name: 'Dog food 1kg', price_paise: 45_000 },
      { name: 'Leash', price_paise: 19_950 },
    ]);
    const vet = await q<{ kind: string; item_id: string; name: string; quantity: number }>(
      sql`select kind, item_id, name, quantity::float as quantity from visit_items where visit_id = ${h.extra.roundedVetVisit} order by kind, name`,
    );
    expect(vet).toEqual([
      { kind: 'medicine', item_id: fixtureId('inventories', 3), name: 'Amoxicillin', quantity: 2 },
      { kind: 'medicine', item_id: fixtureId('inventories', 2), name: 'Meloxicam', quantity: 1 },
      { kind: 'vaccine', item_id: PLACEHOLDER.item, name: 'Deleted item', quantity: 1 },
    ]);
    expect(problemsOf(run, 'visits', h.extra.roundedVetVisit).join()).toMatch(/vaccines\[0\]: item .* kept as 'Deleted item'/);
  });

  it('the money: before equals after, and the ledger holds what the original says, to the paisa', async () => {
    const c = coll(run, 'visits');
    expect(c.money.after).toEqual(c.money.before);
    const expected = await originalVisitMoney();
    expect(c.money.before).toEqual(expected);
    const ledger = await one<{ charged: number; paid: number; receipts: number; not_imported: number }>(sql`
      select coalesce(sum(amount_paise) filter (where kind = 'charge'), 0)::bigint as charged,
             coalesce(sum(amount_paise) filter (where kind = 'payment'), 0)::bigint as paid,
             count(*) filter (where receipt_no is not null)::int as receipts,
             count(*) filter (where completed_via is distinct from 'import')::int as not_imported
        from payments p join visits v on v.id = p.visit_id where v.pet_id is not null`);
    expect({ charged: Number(ledger.charged), paid: Number(ledger.paid) }).toEqual(expected);
    expect(ledger.receipts).toBe(0);
    expect(ledger.not_imported).toBe(0);
  });

  it('each visit’s rows: the charge at the visit, the payment then and the remainder at check-out (Razorpay), extra days', async () => {
    const rows = (id: string) =>
      q<{
        kind: string;
        amount_paise: number;
        method: string | null;
        paid_at: Date;
        provider_payment_id: string | null;
        charge_for: string | null;
        owner_id: string;
      }>(
        sql`select kind, amount_paise, method, paid_at, provider_payment_id, charge_for, owner_id from payments
          where visit_id = ${id} order by created_at, id`,
      );
    const docs = fixtureDocuments(SMALL_FIXTURE, await fixtureHashes());
    const doc = [...docs.visits!()].find((v) => hex(v._id) === h.extra.razorpayRemainderVisit)!;
    const created = doc.createdAt as Date;
    const remainder = await rows(h.extra.razorpayRemainderVisit);
    expect(remainder.map((r) => [r.kind, Number(r.amount_paise), r.method, r.provider_payment_id])).toEqual([
      ['charge', 80_000, null, null],
      ['payment', 50_000, 'payment_link', null],
      ['payment', 30_000, 'card', 'pay_VISITREM1'],
    ]);
    expect(new Date(remainder[1]!.paid_at).toISOString()).toBe(created.toISOString());
    const later = ((doc.details as Record<string, unknown>).leftpaymentdonetime as Date).toISOString();
    expect(new Date(remainder[2]!.paid_at).toISOString()).toBe(later);
    // The ledger row's owner is the pet's owner.
    const owner = await one<{ owner_id: string }>(sql`select owner_id from pets where id = ${fixtureId('pets', 3)}`);
    expect(remainder.every((r) => r.owner_id === owner.owner_id)).toBe(true);
    const extra = await rows(h.extra.extraDaysVisit);
    expect(extra.map((r) => [r.kind, Number(r.amount_paise), r.charge_for])).toEqual([
      ['charge', 153_334, 'extra_days'],
      ['payment', 153_334, null],
    ]);
    // A Hostel visit paid after the service, at check-out (leftpaymentdonetime).
    const paidLater = await rows(fixtureId('visits', 0));
    expect(paidLater.map((r) => [r.kind, Number(r.amount_paise), r.method])).toEqual([
      ['charge', 76_667, null],
      ['payment', 76_667, 'cash'],
    ]);
    const v0 = [...docs.visits!()][0]!;
    expect(new Date(paidLater[1]!.paid_at).toISOString()).toBe(
      ((v0.details as Record<string, unknown>).leftpaymentdonetime as Date).toISOString(),
    );
  });

  it('Buy and Renew Subscription visits sell their subscription: the event, the visit and the ledger name it', async () => {
    const buy = await one<{ purpose: string; subscription_id: string }>(
      sql`select purpose, subscription_id from visits where id = ${h.extra.buySubscriptionVisit}`,
    );
    expect(buy).toEqual({ purpose: 'Buy Subscription', subscription_id: fixtureId('subscriptions', 0) });
    const events = await q<{ visit_id: string; kind: string; status: string; price_paise: number }>(
      sql`select visit_id, kind, status, price_paise from subscription_events order by kind`,
    );
    expect(events.map((e) => [e.visit_id, e.kind, e.status, Number(e.price_paise)])).toEqual([
      [h.extra.buySubscriptionVisit, 'purchase', 'applied', 1_150_000],
      [h.extra.renewSubscriptionVisit, 'renewal', 'applied', 250_000],
    ]);
    const ledger = await q<{ subscription_id: string }>(
      sql`select distinct subscription_id from payments where visit_id = ${h.extra.renewSubscriptionVisit}`,
    );
    expect(ledger).toEqual([{ subscription_id: fixtureId('subscriptions', 2) }]);
  });

  it('Visit History holds a search row for every visit, its money from the ledger', async () => {
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from visit_search`);
    expect(n).toBe(counts.visits);
    const renew = await one<{
      charged_paise: number;
      paid_paise: number;
      due_paise: number;
      payment_state: string;
      pet_name: string;
    }>(
      sql`select charged_paise, paid_paise, due_paise, payment_state, pet_name from visit_search where visit_id = ${h.extra.renewSubscriptionVisit}`,
    );
    expect(renew).toMatchObject({ payment_state: 'due', pet_name: 'Milo' });
    expect([renew.charged_paise, renew.paid_paise, renew.due_paise].map(Number)).toEqual([250_000, 150_000, 100_000]);
  });

  it('the search rows written from what was posted equal those computed from the ledger (as Pawdesk indexes a sale)', async () => {
    const rows = sql`select visit_id, created_at, business_date, purpose, visit_type_id, pet_id, pet_name, owner_id, owner_name,
      owner_phone, charged_paise::bigint::text as charged, paid_paise::bigint::text as paid, due_paise::bigint::text as due,
      refunded_paise::bigint::text as refunded, payment_state from visit_search order by visit_id`;
    const written = await q<Record<string, unknown>>(rows);
    const ids = written.map((r) => r.visit_id as string);
    let computed: Record<string, unknown>[] = [];
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from visit_search`);
        await indexImportedVisits(tx as unknown as Tx, ids);
        computed = ((await tx.execute(rows)) as unknown as { rows: Record<string, unknown>[] }).rows;
        throw new Error('rollback');
      })
      .catch((err) => {
        if ((err as Error).message !== 'rollback') throw err;
      });
    expect(computed).toEqual(written);
  });
});

describe('boardings', () => {
  it('imports every stay; the one of a deleted visit keeps no visit; a pet boarded twice keeps the later one open', async () => {
    const c = coll(run, 'boardings');
    expect(c.counts).toMatchObject({ read: counts.boardings, imported: counts.boardings });
    const dangling = await one<{ visit_id: string | null }>(
      sql`select visit_id from boardings where id = ${h.danglingBoardingVisit}`,
    );
    expect(dangling.visit_id).toBeNull();
    expect(problemsOf(run, 'boardings', h.danglingBoardingVisit)[0]).toMatch(/kept without its visit/);
    const twice = await q<{ id: string; is_boarded: boolean; exit_time: Date | null }>(
      sql`select id, is_boarded, exit_time from boardings where id in (${h.extra.boardedTwice.earlier}, ${h.extra.boardedTwice.later}) order by entry_time`,
    );
    expect(twice.map((b) => [b.id, b.is_boarded])).toEqual([
      [h.extra.boardedTwice.earlier, false],
      [h.extra.boardedTwice.later, true],
    ]);
    expect(twice[0]!.exit_time).not.toBeNull();
    expect(problemsOf(run, 'boardings', h.extra.boardedTwice.later)[0]).toMatch(/boarded twice/);
    const closed = await one<{ exit_time: Date | null; number_of_days: number; subscription_id: string | null }>(
      sql`select exit_time, number_of_days, subscription_id from boardings where id = ${h.extra.closedWithoutExit}`,
    );
    expect(closed.exit_time).not.toBeNull();
    expect(closed.number_of_days).toBe(1);
    expect(closed.subscription_id).toBe(fixtureId('subscriptions', 0));
    expect(problemsOf(run, 'boardings', h.extra.closedWithoutExit).join()).toMatch(/exitTime: missing.*numberOfDays: 0/s);
    const open = await one<{ n: number }>(
      sql`select count(*)::int as n from (select pet_id from boardings where is_boarded group by 1 having count(*) > 1) x`,
    );
    expect(open.n).toBe(0);
  });
});

describe('the existing client reads imported visits by their original ids', () => {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, any> };
  };

  it('GET /visit/getvisitdetails/{id}: the price, the payment from the ledger and the original details', async () => {
    const res = await call('GET', `/visit/getvisitdetails/${h.extra.razorpayRemainderVisit}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: h.extra.razorpayRemainderVisit,
      pet: { name: 'Sheru' },
      visitType: { purpose: 'Day Care' },
      details: {
        price: 800,
        numberOfDays: 2,
        paymentLeft: 0,
        payment: { amount: 800, method: 'card' },
        selectedPaymentType: 'partial_payment',
      },
    });
    expect(res.body.data.ledger.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['charge', 800],
      ['payment', 500],
      ['payment', 300],
    ]);
    const vet = await call('GET', `/visit/getvisitdetails/${fixtureId('visits', 2)}`);
    expect(vet.body.data.details).toMatchObject({ customerType: 'pvtltd', price: 500, payment: { amount: 500 } });
  });

  it('GET /visit/getparticularpetvisit?petId= lists the pet’s imported visits with what was paid', async () => {
    const res = await call('GET', `/visit/getparticularpetvisit?petId=${fixtureId('pets', 3)}`);
    expect(res.status).toBe(200);
    const ids = (res.body.List as { _id: string }[]).map((v) => v._id);
    expect(ids).toContain(h.extra.razorpayRemainderVisit);
    expect(ids).toContain(fixtureId('visits', 3));
    const v = (res.body.List as { _id: string; details: { payment: { amount: number } } }[]).find(
      (x) => x._id === h.extra.razorpayRemainderVisit,
    );
    expect(v?.details.payment.amount).toBe(800);
  });

  it('POST /visit/getvisitlist finds imported visits by pet name and purpose', async () => {
    const res = await call('POST', '/visit/getvisitlist?name=Milo&purpose=Buy Subscription&date=');
    expect(res.status).toBe(200);
    expect((res.body.List as { _id: string }[]).map((v) => v._id)).toEqual([h.extra.renewSubscriptionVisit]);
  });

  it('GET /visit/buyy/{visitId} answers the subscription a Buy Subscription visit bought', async () => {
    const res = await call('GET', `/visit/buyy/${h.extra.buySubscriptionVisit}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: fixtureId('subscriptions', 0), daysLeft: 15 });
  });

  it('POST /boarding/checkboarding answers an imported open stay; GET getsubscriptiondetails an imported subscription', async () => {
    const petOf = await one<{ pet_id: string }>(sql`select pet_id from boardings where id = ${h.extra.boardedTwice.later}`);
    const res = await call('POST', '/boarding/checkboarding', { _id: petOf.pet_id });
    expect(res.body).toMatchObject({ success: true, boardingDetails: { _id: h.extra.boardedTwice.later } });
    const sub = await call(
      'GET',
      `/subscription/getsubscriptiondetails/?petId=${fixtureId('pets', 0)}&visitType=${fixtureId('visittypes', 0)}`,
    );
    expect(sub.status).toBe(200);
    expect(sub.body.subscription).toMatchObject({ _id: fixtureId('subscriptions', 0), daysLeft: 15 });
  });
});

describe('running again', () => {
  type LedgerSnapshot = {
    id: string;
    kind: string;
    amount_paise: number;
    status: string;
    paid_at: Date | null;
    note: string | null;
  };
  const snapshot = () => q<LedgerSnapshot>(sql`select id, kind, amount_paise, status, paid_at, note from payments order by id`);

  it('the same export changes nothing', async () => {
    const before = await snapshot();
    const again = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: COLLECTIONS });
    expect(again.unchanged).toBe(true);
    expect(coll(again, 'visits').counts.unchanged).toBe(counts.visits);
    expect(await snapshot()).toEqual(before);
  });

  it('a later export with changed prices posts correcting rows and edits none', async () => {
    const dir = path.join(root, 'later');
    await writeFixtureExport(dir, 'jsonl-canonical', SMALL_FIXTURE, { only: ['visits'] });
    const file = path.join(dir, 'visits.json');
    const edit = async (changes: Record<string, number>) => {
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      const out = lines.map((line) => {
        const doc = EJSON.parse(line, { relaxed: false }) as Record<string, unknown>;
        const price = changes[hex(doc._id)];
        if (price === undefined) return line;
        doc.details = { ...(doc.details as Record<string, unknown>), price, finalPrice: price };
        return EJSON.stringify(doc, { relaxed: false });
      });
      await writeFile(file, `${out.join('\n')}\n`);
    };
    const lower = fixtureId('visits', 2); // Veterinary, ₹500 paid in cash
    const higher = fixtureId('visits', 4); // Dog Park, ₹666.66 paid in cash
    const before = await snapshot();
    await edit({ [lower]: 450, [higher]: 700 });
    const later = await runImport(t.database.db, { from: dir, dryRun: false, via: 'cli', only: ['visits'] });
    const c = coll(later, 'visits');
    expect(c.counts).toMatchObject({ updated: 2, unchanged: counts.visits - 2 });
    expect(c.money.before).toEqual({ charged: -5000 + 3334, paid: -5000 + 3334 });
    expect(c.money.after).toEqual(c.money.before);
    const after = await snapshot();
    // Every earlier row is as it was; the new ones are a credit and a refund of visit 2, a charge and a payment of visit 4.
    expect(after.filter((r) => before.some((b) => b.id === r.id))).toEqual(before);
    const added = await q<{
      visit_id: string;
      kind: string;
      amount_paise: number;
      credit_of: string | null;
      refund_of: string | null;
    }>(
      sql`select visit_id, kind, amount_paise, credit_of, refund_of from payments
        where id <> all(${sql.param(before.map((b) => b.id))}::varchar[]) order by visit_id, kind`,
    );
    expect(added.map((r) => [r.visit_id, r.kind, Number(r.amount_paise)])).toEqual([
      [lower, 'credit', 5000],
      [lower, 'refund', 5000],
      [higher, 'charge', 3334],
      [higher, 'payment', 3334],
    ]);
    expect(added[0]!.credit_of).not.toBeNull();
    const visit = await one<{ price_paise: number }>(sql`select price_paise from visits where id = ${lower}`);
    expect(Number(visit.price_paise)).toBe(45_000);
    const search = await one<{ charged_paise: number; payment_state: string }>(
      sql`select charged_paise, payment_state from visit_search where visit_id = ${lower}`,
    );
    expect([Number(search.charged_paise), search.payment_state]).toEqual([45_000, 'refunded']);

    // Up above the first charge, then below it: the credit is split over both charges, each within what is left of it.
    await edit({ [lower]: 520, [higher]: 700 });
    await runImport(t.database.db, { from: dir, dryRun: false, via: 'cli', only: ['visits'] });
    await edit({ [lower]: 100, [higher]: 700 });
    const third = await runImport(t.database.db, { from: dir, dryRun: false, via: 'cli', only: ['visits'] });
    expect(coll(third, 'visits').money.before).toEqual({ charged: -42_000, paid: -42_000 });
    const net = await one<{ charged: number; paid: number }>(sql`
      select sum(case kind when 'charge' then amount_paise when 'credit' then -amount_paise else 0 end)::bigint as charged,
             sum(case kind when 'payment' then amount_paise when 'refund' then -amount_paise else 0 end)::bigint as paid
        from payments where visit_id = ${lower}`);
    expect([Number(net.charged), Number(net.paid)]).toEqual([10_000, 10_000]);
    // And back to the same export: nothing more.
    const fourth = await runImport(t.database.db, { from: dir, dryRun: false, via: 'cli', only: ['visits'] });
    expect(fourth.unchanged).toBe(true);
  });
});

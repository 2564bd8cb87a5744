import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WALK_IN_OWNER_ID } from '@pawdesk/shared';
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

/**
 * The original's walk-in bills (issue 21) as Pawdesk's walk-in Shop sales: to the Walk-in customer, naming the
 * buyer, its services as lines, the total charged and, when paid, paid at the bill's time with the method of
 * `paymentMethod('bill', …)` and the Razorpay payment id kept once; mismatched totals and repeated numbers listed.
 */

const t = useTestApp();
const counts = fixtureCounts(SMALL_FIXTURE);
const h = fixtureHazards(SMALL_FIXTURE);
let root: string;
let run: RunResult;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await q<T>(query))[0]!;
const bills = () => run.collections.find((c) => c.collection === 'bills')!;
const problemsOf = (id: string) =>
  bills()
    .problems.filter((p) => p.originalId === id)
    .map((p) => p.message);
const hex = (v: unknown) => (v as { toHexString(): string }).toHexString();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-bills-'));
  const from = path.join(root, 'jsonl');
  await writeFixtureExport(from, 'jsonl-relaxed', SMALL_FIXTURE, { only: ['users', 'visittypes', 'bills'] });
  await installCatalogueStandIns(t.database.db);
  run = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: ['users', 'visittypes', 'bills'] });
}, 120_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('bills', () => {
  it('become walk-in Shop sales to the Walk-in customer, keeping their ids, with the buyer and the services as lines', async () => {
    expect(bills().counts).toMatchObject({ read: counts.bills, imported: counts.bills, skipped: 0 });
    const rows = await q<{
      id: string;
      pet_id: string | null;
      buyer_name: string;
      buyer_phone: string | null;
      code: string;
      price_paise: number;
    }>(
      sql`select v.id, v.pet_id, v.buyer_name, v.buyer_phone, t.code, v.price_paise::int as price_paise
        from visits v join visit_types t on t.id = v.visit_type_id order by v.id`,
    );
    expect(rows).toHaveLength(counts.bills);
    expect(rows.every((r) => r.pet_id === null && r.code === 'shop')).toBe(true);
    const b1 = rows.find((r) => r.id === fixtureId('bills', 1))!;
    expect(b1).toMatchObject({ buyer_name: 'Vikram Singh', buyer_phone: '9876500001', price_paise: 111_667 });
    const lines = await q<{ name: string; price_paise: number }>(
      sql`select name, price_paise::int as price_paise from visit_items where visit_id = ${fixtureId('bills', 1)} order by name`,
    );
    expect(lines).toEqual([
      { name: 'Bath', price_paise: 35_000 },
      { name: 'Hostel (1 day)', price_paise: 76_667 },
    ]);
    const details = await one<{ details: Record<string, unknown>; note: string | null }>(
      sql`select details, note from visits where id = ${fixtureId('bills', 1)}`,
    );
    expect(details.details).toMatchObject({ billNo: 'WI-12345671', paymentMethod: 'Card', source: 'bill' });
    expect(details.note).toBe('Pet: Coco');
  });

  it('the money: before equals after, and the ledger of the Walk-in customer holds the totals and what was paid', async () => {
    const docs = [...fixtureDocuments(SMALL_FIXTURE, await fixtureHashes()).bills!()];
    const total = (d: Record<string, unknown>) => Math.round(Number(d.total) * 100);
    const expected = {
      charged: docs.reduce((s, d) => s + total(d), 0),
      paid: docs.filter((d) => d.paymentStatus === 'paid').reduce((s, d) => s + total(d), 0),
    };
    expect(bills().money).toEqual({ before: expected, after: expected });
    const ledger = await one<{ charged: number; paid: number; owners: number }>(sql`
      select sum(amount_paise) filter (where kind = 'charge')::bigint as charged,
             sum(amount_paise) filter (where kind = 'payment')::bigint as paid,
             count(distinct owner_id)::int as owners
        from payments`);
    expect({ charged: Number(ledger.charged), paid: Number(ledger.paid) }).toEqual(expected);
    expect(ledger.owners).toBe(1);
    const owner = await one<{ owner_id: string }>(sql`select distinct owner_id from payments`);
    expect(owner.owner_id).toBe(WALK_IN_OWNER_ID);
  });

  it('methods: Cash at the desk; Card, UPI and Online as card with the Razorpay id; the bill number in the note', async () => {
    const pay = (id: string) =>
      one<{
        method: string;
        provider: string | null;
        provider_payment_id: string | null;
        note: string;
        paid_at: Date;
        receipt_no: string | null;
      }>(
        sql`select method, provider, provider_payment_id, note, paid_at, receipt_no from payments where visit_id = ${id} and kind = 'payment'`,
      );
    expect(await pay(fixtureId('bills', 0))).toMatchObject({
      method: 'cash',
      provider: null,
      note: 'Bill WI-12345670',
      receipt_no: null,
    });
    expect(await pay(fixtureId('bills', 1))).toMatchObject({
      method: 'card',
      provider: 'razorpay',
      provider_payment_id: 'pay_BILL1',
    });
    const upi = await pay(fixtureId('bills', 2));
    expect(upi).toMatchObject({ method: 'card', provider_payment_id: 'pay_BILL2' });
    expect(upi.note).toMatch(/Bill WI-12345672 · UPI: paid through Razorpay/);
    expect(await pay(fixtureId('bills', 3))).toMatchObject({ method: 'card', provider_payment_id: 'pay_BILL3' });
    const doc = [...fixtureDocuments(SMALL_FIXTURE, await fixtureHashes()).bills!()].find(
      (d) => hex(d._id) === fixtureId('bills', 2),
    )!;
    expect(new Date(upi.paid_at).toISOString()).toBe((doc.createdAt as Date).toISOString());
  });

  it('lists a total that is not the sum of its lines (charging the total), a pending bill owes, a repeated number and Razorpay id', async () => {
    expect(problemsOf(h.extra.billTotalMismatch)[0]).toMatch(/₹1200\.00 is not the sum of its services \(₹1116\.67\)/);
    const mismatch = await one<{ price_paise: number }>(
      sql`select price_paise::int as price_paise from visits where id = ${h.extra.billTotalMismatch}`,
    );
    expect(mismatch.price_paise).toBe(120_000);
    const pending = await q<{ kind: string }>(sql`select kind from payments where visit_id = ${h.extra.billPending}`);
    expect(pending.map((p) => p.kind)).toEqual(['charge']);
    const search = await one<{ payment_state: string; owner_id: string; owner_name: string; pet_id: string | null }>(
      sql`select payment_state, owner_id, owner_name, pet_id from visit_search where visit_id = ${h.extra.billPending}`,
    );
    expect(search).toMatchObject({ payment_state: 'due', owner_id: WALK_IN_OWNER_ID, pet_id: null });
    const dup = problemsOf(h.extra.billDuplicate).join('\n');
    expect(dup).toMatch(/WI-12345670 is also bill/);
    expect(dup).toMatch(/pay_BILL1 is already another payment's; kept in the note/);
    const dupPay = await one<{ provider_payment_id: string | null; note: string }>(
      sql`select provider_payment_id, note from payments where visit_id = ${h.extra.billDuplicate} and kind = 'payment'`,
    );
    expect(dupPay.provider_payment_id).toBeNull();
    expect(dupPay.note).toMatch(/Razorpay pay_BILL1/);
  });

  it('a rerun changes nothing', async () => {
    const from = path.join(root, 'jsonl');
    const again = await runImport(t.database.db, { from, dryRun: false, via: 'cli', only: ['users', 'visittypes', 'bills'] });
    expect(again.unchanged).toBe(true);
  });
});

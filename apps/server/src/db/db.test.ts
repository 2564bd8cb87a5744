import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/harness.ts';
import { backupEmbedded, restoreEmbedded } from './backup.ts';
import { prepareDatabase } from './index.ts';
import { openDatabase } from './client.ts';
import { DEMO_CUSTOMER, DEMO_STAFF, seedDemo } from './seed/demo.ts';
import { installReferenceData } from './seed/reference.ts';
import * as s from './schema/index.ts';
import type { Database } from './client.ts';

describe('reference and demo data', () => {
  let d: Database;
  beforeAll(async () => {
    d = await freshDatabase();
  });
  afterAll(() => d.close());

  // PostgreSQL's JIT compile cost 27 ms of a 397 ms report statement at full size (performance.md): the app's
  // connections run without it.
  it.skipIf(!process.env.DATABASE_URL)("the app's PostgreSQL connections run with JIT compilation off", async () => {
    const res = (await d.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(res.rows[0]?.jit).toBe('off');
  });

  it('installs every visit type with prices in paise, the catalogue and plans, idempotently', async () => {
    await installReferenceData(d.db);
    await installReferenceData(d.db);
    const types = await d.db.select().from(s.visitTypes);
    expect(types.map((t) => t.purpose).sort()).toEqual(
      [
        'Buy Subscription',
        'Day Care',
        'Day School',
        'Dog Park',
        'Grooming',
        'Hostel',
        'Inquiry',
        'Play School',
        'Shop',
        'Veterinary',
      ].sort(),
    );
    const vet = types.find((t) => t.purpose === 'Veterinary')!;
    expect(vet.consultationPvtPaise).toBeGreaterThan(0);
    expect(vet.consultationNgoPaise).toBeGreaterThan(0);
    expect(types.find((t) => t.purpose === 'Inquiry')!.pricePaise).toBe(0);
    expect(types.find((t) => t.purpose === 'Day School')!.pricePaise).toBe(65000);
    const [{ n }] = (await d.db.select({ n: sql<number>`count(*)::int` }).from(s.customerServices)) as [{ n: number }];
    expect(n).toBe(6);
    const plans = await d.db.select().from(s.subscriptionPlans);
    expect(plans.length).toBeGreaterThan(0);
  });

  it('seeds demo accounts, owners, pets, inventory, visits and follow-ups once', async () => {
    expect(await seedDemo(d.db, 'Asia/Kolkata')).toBe(true);
    expect(await seedDemo(d.db, 'Asia/Kolkata')).toBe(false);
    const staff = await d.db.select().from(s.users).where(eq(s.users.email, DEMO_STAFF.email));
    expect(staff[0]).toMatchObject({ role: 'staff', isAdmin: true });
    const customer = await d.db.select().from(s.users).where(eq(s.users.email, DEMO_CUSTOMER.email));
    expect(customer[0]?.role).toBe('customer');
    const count = async (t: Parameters<ReturnType<typeof d.db.select>['from']>[0]) =>
      ((await d.db.select({ n: sql<number>`count(*)::int` }).from(t)) as [{ n: number }])[0].n;
    // 20 demo owners, and the Walk-in customer every database has (migration 0020).
    expect(await count(s.owners)).toBe(21);
    expect(await count(s.pets)).toBeGreaterThanOrEqual(25);
    expect(await count(s.inventoryItems)).toBeGreaterThanOrEqual(10);
    expect(await count(s.visits)).toBeGreaterThan(0);
    // Demo visits are sold through the ledger: each priced visit has its charge and a cash payment with a receipt
    // (the open boardings' stays, some with a balance left on purpose, are checked by deboarding-demo.test.ts).
    expect(await count(s.boardings)).toBeGreaterThanOrEqual(4);
    const sold = await d.db.execute(sql`
      select coalesce(sum(v.price_paise), 0)::bigint as sold,
        (select coalesce(sum(amount_paise), 0) from payments where kind = 'charge' and visit_id is not null
           and boarding_id is null)::bigint as charged,
        (select coalesce(sum(amount_paise), 0) from payments where kind = 'payment' and status = 'completed'
           and receipt_no is not null and visit_id is not null and boarding_id is null)::bigint as paid
      from visits v where not exists (select 1 from boardings b where b.visit_id = v.id)`);
    const row = (sold as unknown as { rows: { sold: string; charged: string; paid: string }[] }).rows[0]!;
    expect(Number(row.sold)).toBeGreaterThan(0);
    expect(Number(row.charged)).toBe(Number(row.sold));
    expect(Number(row.paid)).toBe(Number(row.sold));
    expect(await count(s.followUps)).toBeGreaterThan(0);
    const units = await d.db.selectDistinct({ u: s.inventoryItems.stockUnit }).from(s.inventoryItems);
    expect(units.map((u) => u.u).sort()).toEqual(['item', 'mg', 'ml', 'tablet']);
    const types = await d.db.selectDistinct({ t: s.inventoryItems.itemType }).from(s.inventoryItems);
    expect(types.map((u) => u.t).sort()).toEqual(['disposable', 'medicine', 'syringe', 'vaccine']);
    const low = await d.db
      .select()
      .from(s.inventoryItems)
      .where(sql`${s.inventoryItems.stock} <= ${s.inventoryItems.reorderLevel}`);
    expect(low.length).toBeGreaterThan(0);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawdesk-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps all data across a restart', async () => {
    const config = testConfig({ dataDir: dir, seedDemo: true });
    const first = await prepareDatabase(config);
    expect(first.seeded).toBe(true);
    await first.database.db.insert(s.contactMessages).values({ name: 'Persist', email: 'p@x.in', comment: 'still here?' });
    await first.database.close();

    const second = await prepareDatabase(config);
    expect(second.seeded).toBe(false);
    const rows = await second.database.db.select().from(s.contactMessages);
    expect(rows.map((r) => r.name)).toEqual(['Persist']);
    const staff = await second.database.db.select().from(s.users).where(eq(s.users.email, DEMO_STAFF.email));
    expect(staff).toHaveLength(1);
    await second.database.close();
  }, 180_000);

  it('opens the same files as a plain client', async () => {
    const d = await openDatabase({ dataDir: dir });
    const rows = await d.db.select().from(s.contactMessages);
    expect(rows).toHaveLength(1);
    await d.close();
  }, 180_000);
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded backup and restore', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawdesk-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores a backup into a new data directory with all rows', async () => {
    const src = path.join(dir, 'src');
    const config = testConfig({ dataDir: src, seedDemo: true });
    const first = await prepareDatabase(config);
    await first.database.db.insert(s.contactMessages).values({ name: 'Backed up', email: 'b@x.in', comment: 'hello' });
    await first.database.close();

    const file = path.join(dir, 'backup.tar.gz');
    expect(await backupEmbedded(src, file)).toBeGreaterThan(1000);
    const dst = path.join(dir, 'dst');
    await restoreEmbedded(dst, file);
    await expect(restoreEmbedded(dst, file)).rejects.toThrow(/already holds a database/);

    const restored = await openDatabase({ dataDir: dst });
    const rows = await restored.db.select().from(s.contactMessages);
    expect(rows.map((r) => r.name)).toEqual(['Backed up']);
    await restored.close();
  }, 180_000);
});

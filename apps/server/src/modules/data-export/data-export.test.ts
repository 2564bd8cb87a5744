import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/harness.ts';
import { jpeg } from '../../../test/images.ts';
import { payCash, visitToPay } from '../../../test/payments-fixtures.ts';
import { parseCsv, unzip } from '../../../test/zip.ts';
import { auditLog, owners, users } from '../../db/schema/index.ts';
import { storeImage } from '../media/media.service.ts';
import { exportPlan, SECRET_TABLES, writeFullExport } from './full-export.service.ts';
import { OWNER_EXPORT_PROVIDERS } from './owner-export.service.ts';
import { ZipWriter } from './zip-stream.ts';

const t = useTestApp();
const V = '/api/v1';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Downloads a zip through the API and opens it. */
async function download(url: string, token?: string) {
  const res = await t.call({ method: 'GET', url: `${V}${url}`, token });
  return { res, files: res.statusCode === 200 ? await unzip(res.rawPayload) : new Map<string, Buffer>() };
}
const csvOf = (files: Map<string, Buffer>, name: string) => parseCsv(files.get(name)!.toString('utf8'));
const jsonOf = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)!.toString('utf8'));
const count = async (table: string) =>
  Number(((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as any).rows[0].n);

describe('GET /admin/export (all data)', () => {
  let photoHash = '';
  let ownerId = '';
  beforeAll(async () => {
    const owner = await makeOwner(t.database.db, {
      name: '=HYPERLINK("http://evil.example","Click")',
      address: 'सेक्टर 45, गुरुग्राम',
    });
    ownerId = owner.id;
    const pet = await makePet(t.database.db, { ownerId: owner.id, name: 'Motu' });
    const admin = await t.user('staff', { isAdmin: true });
    const photo = await storeImage(t.database.db, await jpeg(), { scope: `pet:${pet.id}`, ownerId: owner.id, userId: admin.id });
    photoHash = photo.hash;
    await visitToPay(t.database.db, { pricePaise: 76667 });
  });

  it('answers a zip of every table as CSV (BOM, formulas neutralised) and JSON, and the photos', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    const { res, files } = await download('/admin/export', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pawdesk-export-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip"$/,
    );

    // A CSV starts with the UTF-8 BOM; Hindi and the formula cell come through, the formula neutralised.
    const ownersCsv = files.get('tables/owners.csv')!;
    expect(ownersCsv.subarray(0, 3)).toEqual(BOM);
    const rows = csvOf(files, 'tables/owners.csv');
    const header = rows[0]!;
    const mine = rows.find((r) => r[header.indexOf('id')] === ownerId)!;
    expect(mine[header.indexOf('name')]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(mine[header.indexOf('address')]).toBe('सेक्टर 45, गुरुग्राम');

    // Row counts agree with the tables, in CSV and JSON.
    for (const table of ['owners', 'pets', 'payments', 'visit_types']) {
      const n = await count(table);
      expect(n).toBeGreaterThan(0);
      expect(csvOf(files, `tables/${table}.csv`).length - 1).toBe(n);
      expect(jsonOf(files, `tables/${table}.json`)).toHaveLength(n);
    }
    // Money as stored (paise), times in UTC.
    const pay = jsonOf(files, 'tables/payments.json').find((p: any) => p.amount_paise === 76667);
    expect(pay).toBeDefined();
    expect(pay.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // Photos as files, not as cells.
    const jpg = files.get(`photos/${photoHash}.jpg`)!;
    expect(jpg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const mediaRows = jsonOf(files, 'tables/media.json');
    expect(mediaRows.find((m: any) => m.hash === photoHash && m.variant === 'display')).not.toHaveProperty('bytes');

    // Every table but the secret ones, and README.txt saying what was left out.
    const plan = await exportPlan(t.database.db);
    for (const { table } of plan) expect(files.has(`tables/${table.name}.csv`)).toBe(true);
    for (const secret of Object.keys(SECRET_TABLES)) {
      expect(files.has(`tables/${secret}.csv`)).toBe(false);
      expect(files.has(`tables/${secret}.json`)).toBe(false);
    }
    const readme = files.get('README.txt')!.toString('utf8');
    expect(readme).toContain('password hashes');
    expect(readme).toContain('the user_sessions table');
    expect(readme).toContain('the idempotency_keys table');
  });

  it('holds no password hash anywhere', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    const { files } = await download('/admin/export', admin.token);
    const header = csvOf(files, 'tables/users.csv')[0]!;
    expect(header).toContain('email');
    expect(header).not.toContain('password_hash');
    for (const [name, bytes] of files) if (name.startsWith('tables/')) expect(bytes.toString('utf8')).not.toContain('scrypt$');
  });

  it('is audited, with who asked', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    await download('/admin/export', admin.token);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, admin.id));
    expect(rows.map((r) => [r.action, r.entity, r.entityId])).toEqual([['data.export', 'database', 'all']]);
  });

  it('is for admins only', async () => {
    const staff = await t.user('staff');
    const customer = await t.user('customer');
    expect((await download('/admin/export', staff.token)).res.statusCode).toBe(403);
    expect((await download('/admin/export', customer.token)).res.statusCode).toBe(403);
    expect((await download('/admin/export')).res.statusCode).toBe(401);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.userId, staff.id))).toEqual([]);
  });
});

describe('the export streams a large table', () => {
  it('reads pages only as fast as the zip is read, and ends with every row', async () => {
    const ROWS = 3000;
    // Random text does not compress: the zip's buffers fill after a few pages.
    await t.database.db.execute(sql`
      insert into audit_log (id, action, entity, entity_id, data)
      select 'e' || lpad(to_hex(g), 23, '0'), 'bulk.test', 'bulk', null,
             jsonb_build_object('blob', (select string_agg(md5(random()::text || g || i), '') from generate_series(1, 32) i))
        from generate_series(1, ${ROWS}) g`);
    const total = await count('audit_log');
    const PAGE = 50;
    const read: Record<string, number> = {};
    const zip = new ZipWriter(new Date());
    const done = writeFullExport(t.database.db, zip, new Date(), {
      pageSize: PAGE,
      onPage: (table) => {
        read[table] = (read[table] ?? 0) + 1;
      },
    });
    // Nobody reads yet: the producer must stall after a few pages of the large table.
    await new Promise((r) => setTimeout(r, 1500));
    const fullPasses = 2 * Math.ceil((total + 1) / PAGE);
    expect(read.audit_log ?? 0).toBeLessThan(10);
    expect(fullPasses).toBeGreaterThan(100);
    // Now read it all.
    const chunks: Buffer[] = [];
    zip.stream.on('data', (c: Buffer) => chunks.push(c));
    await done;
    await new Promise((r) => zip.stream.once('end', r));
    const files = await unzip(Buffer.concat(chunks));
    expect(csvOf(files, 'tables/audit_log.csv').length - 1).toBe(total);
    expect(jsonOf(files, 'tables/audit_log.json')).toHaveLength(total);
    expect(read.audit_log).toBeGreaterThanOrEqual(fullPasses);
  }, 120_000);
});

describe('GET /customer/export (my data)', () => {
  it("answers the caller's own records only, as CSV and JSON, and is audited", async () => {
    const me = await t.user('customer');
    const other = await t.user('customer');
    const mine = await visitToPay(t.database.db, { pricePaise: 50000 });
    const theirs = await visitToPay(t.database.db, { pricePaise: 99900 });
    await t.database.db.update(owners).set({ userId: me.id }).where(eq(owners.id, mine.owner.id));
    await t.database.db.update(owners).set({ userId: other.id }).where(eq(owners.id, theirs.owner.id));
    await payCash(t.database.db, mine.pet.id, mine.visit.id, 50000);
    await payCash(t.database.db, theirs.pet.id, theirs.visit.id, 99900);

    const { res, files } = await download('/customer/export', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-pawdesk-data-.*\.zip"$/);
    for (const p of OWNER_EXPORT_PROVIDERS) {
      expect(files.get(`${p.name}.csv`)!.subarray(0, 3)).toEqual(BOM);
      expect(files.has(`${p.name}.json`)).toBe(true);
    }
    expect(jsonOf(files, 'account.json').map((u: any) => u.id)).toEqual([me.id]);
    expect(jsonOf(files, 'account.json')[0]).not.toHaveProperty('password_hash');
    expect(jsonOf(files, 'profile.json').map((o: any) => o.id)).toEqual([mine.owner.id]);
    expect(jsonOf(files, 'pets.json').map((p: any) => p.id)).toEqual([mine.pet.id]);
    expect(jsonOf(files, 'visits.json').map((v: any) => v.id)).toEqual([mine.visit.id]);
    expect(jsonOf(files, 'vaccinations.json').every((v: any) => v.pet_id === mine.pet.id)).toBe(true);
    const ledger = jsonOf(files, 'payments.json');
    expect(ledger.length).toBeGreaterThanOrEqual(2);
    expect(ledger.every((p: any) => p.owner_id === mine.owner.id)).toBe(true);
    expect(csvOf(files, 'payments.csv').length - 1).toBe(ledger.length);
    // Nothing of the other customer's, anywhere in the zip.
    for (const [, bytes] of files) {
      const text = bytes.toString('utf8');
      for (const id of [other.id, theirs.owner.id, theirs.pet.id, theirs.visit.id]) expect(text).not.toContain(id);
    }
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, me.id));
    expect(audit.map((r) => r.action)).toEqual(['data.export-own']);
  });

  it('answers an account without an owner record with the account alone', async () => {
    const me = await t.user('customer');
    const { res, files } = await download('/customer/export', me.token);
    expect(res.statusCode).toBe(200);
    expect(jsonOf(files, 'account.json')).toHaveLength(1);
    expect(jsonOf(files, 'pets.json')).toEqual([]);
    expect(csvOf(files, 'pets.csv')).toHaveLength(1);
  });

  it('is for customers only', async () => {
    const staff = await t.user('staff', { isAdmin: true });
    expect((await download('/customer/export', staff.token)).res.statusCode).toBe(403);
    expect((await download('/customer/export')).res.statusCode).toBe(401);
  });

  it("names tables and columns that exist (a renamed column fails here, not at an owner's download)", async () => {
    const plan = new Map((await exportPlan(t.database.db)).map((p) => [p.table.name, p.columns]));
    for (const p of OWNER_EXPORT_PROVIDERS) expect(plan.get(p.table), p.name).toContain(p.column);
    expect(plan.get('users')).not.toContain('password_hash');
    expect(users).toBeDefined();
  });
});

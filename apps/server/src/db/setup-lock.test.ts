/**
 * Several instances starting at once on one PostgreSQL database (issue 22, several instances): each start migrates,
 * installs the reference data and (outside production) adds the demo data to an empty database. Side by side, the
 * second start failed ('Failed query: CREATE EXTENSION IF NOT EXISTS pg_trgm', a table the first was creating) and
 * both would add the demo data; with the advisory locks (db/client.ts) they go one after the other: both start,
 * the demo data is added once. The migrator alone (`npm run db:migrate` twice at once) is locked the same way.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/harness.ts';
import { withDb } from '../../test/global-setup.ts';
import { type Database, openDatabase } from './client.ts';
import { setUpDatabase } from './index.ts';
import { knownMigrations, pendingMigrations } from './migrations-state.ts';
import { DEMO_STAFF } from './seed/demo.ts';

const url = process.env.DATABASE_URL;
const names: string[] = [];
const open: Database[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `pawdesk_lock_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  names.push(name);
  return withDb(url!, name);
}

async function two(at: string): Promise<[Database, Database]> {
  const a = await openDatabase({ databaseUrl: at, poolSize: 4 });
  const b = await openDatabase({ databaseUrl: at, poolSize: 4 });
  open.push(a, b);
  return [a, b];
}

afterAll(async () => {
  for (const d of open) await d.close();
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const n of names) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`).catch(() => {});
  await admin.end();
});

describe.skipIf(!url)('two instances starting at once on an empty PostgreSQL database', () => {
  it('both start; the migrations run once and the demo data is added once', async () => {
    const [a, b] = await two(await emptyDatabase());
    const config = testConfig({ env: 'development', seedDemo: true });
    const seeded = await Promise.all([setUpDatabase(a, config), setUpDatabase(b, config)]);
    expect(seeded.sort()).toEqual([false, true]);
    expect(await pendingMigrations(a.db)).toEqual([]);
    const staff = (await a.db.execute(
      sql`select count(*)::int as n from users where email = ${DEMO_STAFF.email}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(staff.rows[0]!.n).toBe(1);
  });

  it('two migrators at once: both succeed, each migration applied once', async () => {
    const [a, b] = await two(await emptyDatabase());
    await Promise.all([a.migrate(), b.migrate()]);
    const applied = (await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    expect(applied.rows[0]!.n).toBe(knownMigrations().length);
  });
});

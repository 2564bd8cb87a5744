/**
 * The two PostgreSQL roles of docs/operations.md ("PostgreSQL roles"): the SQL the document shows is the SQL of
 * `roles.sql` and `runtime-grants.sql`, and on PostgreSQL a runtime role given exactly those rights runs the app
 * but can neither delete nor truncate the payments ledger.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { withDb } from '../../test/global-setup.ts';
import { testConfig } from '../../test/harness.ts';
import { pgCode } from '../lib/errors.ts';
import { payCash, visitToPay } from '../../test/payments-fixtures.ts';
import { type Database, openDatabase } from './client.ts';
import { setUpDatabase } from './index.ts';
import { knownMigrations } from './migrations-state.ts';
import { payments } from './schema/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const ROLES_SQL = readFileSync(path.join(here, 'roles.sql'), 'utf8');
const GRANTS_SQL = readFileSync(path.join(here, 'runtime-grants.sql'), 'utf8');

/** The ```sql blocks of a section of docs/operations.md. */
function sqlBlocksOf(section: string): string[] {
  const doc = readFileSync(path.resolve(serverDir, '../../docs/operations.md'), 'utf8');
  const start = doc.indexOf(`\n## ${section}\n`);
  expect(start, `docs/operations.md has a "## ${section}" section`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  const body = doc.slice(start, end === -1 ? undefined : end);
  return [...body.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('docs/operations.md "PostgreSQL roles"', () => {
  it('shows exactly the SQL of roles.sql and runtime-grants.sql', () => {
    expect(sqlBlocksOf('PostgreSQL roles')).toEqual([ROLES_SQL, GRANTS_SQL]);
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL: a migration role and a runtime role (roles.sql, runtime-grants.sql)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  /** Runs SQL as the server's superuser (DATABASE_URL), in the given database (default: DATABASE_URL's). */
  async function asSuperuser<T>(fn: (c: pg.Client) => Promise<T>, database?: string): Promise<T> {
    const c = new pg.Client({ connectionString: database ? withDb(url!, database) : url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  }

  /** A fresh, empty database and unique role names; all dropped at the end. */
  async function setting() {
    const id = `pawdesk_r${randomBytes(5).toString('hex')}`;
    const names = { pawdesk: id, pawdesk_migrator: `${id}_migrator`, pawdesk_app: `${id}_app` };
    const passwords = { migrator: randomBytes(9).toString('hex'), app: randomBytes(9).toString('hex') };
    /** The documented SQL with this run's names and passwords. */
    const ours = (text: string) =>
      text
        .replace(/\b(pawdesk_migrator|pawdesk_app|pawdesk)\b/g, (n) => names[n as keyof typeof names])
        .replace("'change-me-migrator'", `'${passwords.migrator}'`)
        .replace("'change-me-app'", `'${passwords.app}'`);
    await asSuperuser((c) => c.query(`CREATE DATABASE ${id}`));
    cleanups.push(() =>
      asSuperuser(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
        await c.query(`DROP ROLE IF EXISTS ${names.pawdesk_app}`);
        await c.query(`DROP ROLE IF EXISTS ${names.pawdesk_migrator}`);
      }),
    );
    const urlOf = (role: string, password: string) => {
      const u = new URL(withDb(url!, id));
      u.username = role;
      u.password = password;
      return u.toString();
    };
    return {
      database: id,
      ours,
      superuserUrl: withDb(url!, id),
      migratorUrl: urlOf(names.pawdesk_migrator, passwords.migrator),
      appUrl: urlOf(names.pawdesk_app, passwords.app),
    };
  }

  async function open(databaseUrl: string): Promise<Database> {
    const d = await openDatabase({ databaseUrl, poolSize: 2 });
    cleanups.push(() => d.close());
    return d;
  }

  /** `done`, or the SQL state and message of a refused statement (drizzle wraps it in a cause). */
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'done',
      (err: Error & { cause?: Error }) => `${pgCode(err)}: ${(err.cause ?? err).message}`,
    );

  /** What the runtime role may and may not do on a migrated database with the documented rights. */
  async function runtimeRoleChecks(appUrl: string) {
    // The app starts as the runtime role without migrating (and installs its reference data).
    const app = await open(appUrl);
    await setUpDatabase(app, testConfig({ migrateOnStart: false }));

    // SELECT, INSERT and UPDATE on the ledger (and the tables a payment touches) work.
    const { visit, pet, pending } = await visitToPay(app.db, { pricePaise: 50000, pending: { method: 'card' } });
    const cash = await payCash(app.db, pet.id, visit.id, 20000);
    expect(cash.receiptNo).toBeTruthy();
    const rows = await app.db.select().from(payments).where(eq(payments.visitId, visit.id));
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([pending!.id, cash.id]));
    await app.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, pending!.id));

    // DELETE and TRUNCATE on the ledger are refused by the grants (42501), before any trigger could run.
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      expect(await refusal(client.query('DELETE FROM payments WHERE id = $1', [cash.id]))).toMatch(
        /^42501: permission denied for table payments/,
      );
      expect(await refusal(client.query('DELETE FROM payments'))).toMatch(/^42501: permission denied for table payments/);
      expect(await refusal(client.query('TRUNCATE payments'))).toMatch(/^42501: permission denied for table payments/);
      expect(await refusal(client.query('TRUNCATE payments CASCADE'))).toMatch(/^42501: permission denied/);
      // Other tables keep DELETE (the app deletes rows of its own there) but not TRUNCATE, nor any schema change.
      expect(await refusal(client.query('DELETE FROM notifications WHERE false'))).toBe('done');
      expect(await refusal(client.query('TRUNCATE notifications'))).toMatch(/^42501: permission denied/);
      expect(await refusal(client.query('CREATE TABLE intruder (id int)'))).toMatch(
        /^42501: permission denied for schema public/,
      );
      expect(await refusal(client.query('ALTER TABLE payments DISABLE TRIGGER ALL'))).toMatch(/^42501: must be owner/);
    } finally {
      await client.end();
    }
    const still = await app.db.select().from(payments).where(eq(payments.visitId, visit.id));
    expect(still).toHaveLength(rows.length);
  }

  it('migrated as postgres, then the runtime grants: the runtime role reads and writes, but cannot DELETE or TRUNCATE payments', async () => {
    const s = await setting();
    const owner = await open(s.superuserUrl);
    await owner.migrate();
    await asSuperuser(async (c) => {
      await c.query(s.ours(ROLES_SQL));
      await c.query(s.ours(GRANTS_SQL));
    }, s.database);
    await runtimeRoleChecks(s.appUrl);
  });

  it('the migration role runs npm run db:migrate and the runtime grants; before that, a start without migrating is refused', async () => {
    const s = await setting();
    await asSuperuser((c) => c.query(s.ours(ROLES_SQL)), s.database);

    // Nothing migrated yet: the runtime role's start (MIGRATE_ON_START=false) names what is missing.
    const early = await open(s.appUrl);
    await expect(setUpDatabase(early, testConfig({ migrateOnStart: false }))).rejects.toThrow(
      new RegExp(`${knownMigrations().length} migrations not applied[\\s\\S]*npm run db:migrate`),
    );
    // The runtime role cannot migrate either.
    expect(await refusal(early.migrate())).toMatch(/^42501: permission denied for database/);

    const cli = promisify(execFile);
    const run = () =>
      cli(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: s.migratorUrl, NODE_ENV: 'production' },
      });
    expect((await run()).stdout).toMatch(/^Migrated PostgreSQL: applied 0000_extensions, .*; now at /);
    expect((await run()).stdout).toMatch(/^PostgreSQL is already at .*; nothing to apply\./);

    // The migration role owns the tables and gives the runtime role its rights.
    const owners = await asSuperuser(
      (c) => c.query<{ tableowner: string }>(`select distinct tableowner from pg_tables where schemaname = 'public'`),
      s.database,
    );
    expect(owners.rows.map((r) => r.tableowner)).toEqual([new URL(s.migratorUrl).username]);
    const migrator = new pg.Client({ connectionString: s.migratorUrl });
    await migrator.connect();
    await migrator.query(s.ours(GRANTS_SQL)).finally(() => migrator.end());

    await runtimeRoleChecks(s.appUrl);
  });
});

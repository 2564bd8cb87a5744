/** MIGRATE_ON_START=false: the start leaves the migrations to `npm run db:migrate` and refuses a schema behind. */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase, testConfig } from '../../test/harness.ts';
import { type Database, openDatabase } from './client.ts';
import { setUpDatabase } from './index.ts';
import { knownMigrations, pendingMigrations } from './migrations-state.ts';

const open: Database[] = [];
afterAll(async () => {
  for (const d of open) await d.close();
});
const noMigrations = testConfig({ migrateOnStart: false });

describe('a start with MIGRATE_ON_START=false', () => {
  it('goes on when every migration is applied, without running the migrator', async () => {
    const d = await freshDatabase();
    open.push(d);
    expect(await pendingMigrations(d.db)).toEqual([]);
    const migrate = vi.fn(async () => {});
    await setUpDatabase({ ...d, migrate }, noMigrations);
    expect(migrate).not.toHaveBeenCalled();
  });

  it('is refused on a schema behind, naming the migrations and npm run db:migrate', async () => {
    const d = await freshDatabase();
    open.push(d);
    const [last, before] = knownMigrations().reverse();
    // As if the latest migration had not been applied yet.
    await d.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at > ${before!.when}`);
    expect(await pendingMigrations(d.db)).toEqual([last!.tag]);
    await expect(setUpDatabase(d, noMigrations)).rejects.toThrow(
      new RegExp(`1 migration not applied \\(${last!.tag}\\)\\.\\nRun them as the migration role: npm run db:migrate`),
    );
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('is refused on a database never migrated (embedded)', async () => {
    const d = await openDatabase({});
    open.push(d);
    const all = knownMigrations().map((m) => m.tag);
    expect(await pendingMigrations(d.db)).toEqual(all);
    await expect(setUpDatabase(d, noMigrations)).rejects.toThrow(`${all.length} migrations not applied (${all.join(', ')})`);
    // The default migrates it.
    await setUpDatabase(d, testConfig());
    expect(await pendingMigrations(d.db)).toEqual([]);
  });
});

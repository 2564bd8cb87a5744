import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { pendingMigrations, pendingMigrationsMessage } from './migrations-state.ts';
import { installReferenceData } from './seed/reference.ts';
import { accountsWithDemoPasswords, isEmpty, seedDemo } from './seed/demo.ts';

/** Open, migrate and prepare the configured database. */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void = () => {},
): Promise<{ database: Database; seeded: boolean }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    lock: { holder: 'server' },
    onIdleError: (err) => log(`PostgreSQL connection lost (${err.message}); it will be reopened on the next query`),
  });
  try {
    return { database, seeded: await setUpDatabase(database, config, log) };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * Migrates (or, with MIGRATE_ON_START=false, refuses a schema that is not current), installs the reference data
 * and, outside production, adds the demo data to an empty database. A production start is refused while a demo
 * account still has its published password. Returns whether demo data was added. Several instances starting at
 * once on one PostgreSQL database do this one after the other (an advisory lock: `Database.exclusively`).
 */
export async function setUpDatabase(database: Database, config: Config, log: (msg: string) => void = () => {}) {
  return database.exclusively(() => setUp(database, config, log));
}

async function setUp(database: Database, config: Config, log: (msg: string) => void) {
  await migrateOrCheck(database, config);
  await installReferenceData(database.db);
  if (config.env === 'production') {
    if (config.seedDemo) throw new Error('SEED_DEMO: demo data is never added in production');
    const exposed = await accountsWithDemoPasswords(database.db);
    if (exposed.length > 0) throw new Error(demoPasswordsMessage(exposed));
    return false;
  }
  if (config.seedDemo && (await isEmpty(database.db))) {
    log('Empty database: adding demo data…');
    return seedDemo(database.db, config.tz);
  }
  return false;
}

/**
 * Applies the migrations (MIGRATE_ON_START, the default), or, when a migration role runs them
 * (`npm run db:migrate`), refuses a schema that is not current, naming what is missing.
 */
export async function migrateOrCheck(database: Database, config: Pick<Config, 'migrateOnStart'>): Promise<void> {
  if (config.migrateOnStart) return database.migrate();
  const pending = await pendingMigrations(database.db);
  if (pending.length > 0) throw new Error(pendingMigrationsMessage(pending));
}

export function demoPasswordsMessage(emails: string[]): string {
  return [
    `Refusing to start in production: ${emails.length === 1 ? 'this account still has its' : 'these accounts still have their'} published demo password:`,
    ...emails.map((e) => `  - ${e}`),
    'Give each a new password: npm run user:password -- --email E --password P',
    '(or, for staff, "Set password" on the Staff accounts screen of a non-production start).',
    'Create a real admin if you need one: npm run user:create -- --role staff --admin --email E --password P --name "Full Name"',
  ].join('\n');
}

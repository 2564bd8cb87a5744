import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { installReferenceData } from './seed/reference.ts';
import { isEmpty, seedDemo } from './seed/demo.ts';

/** Open, migrate and prepare the configured database. */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void = () => {},
): Promise<{ database: Database; seeded: boolean }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => log(`PostgreSQL connection lost (${err.message}); it will be reopened on the next query`),
  });
  await database.migrate();
  await installReferenceData(database.db);
  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    log('Empty database: adding demo data…');
    seeded = await seedDemo(database.db, config.tz);
  }
  return { database, seeded };
}

import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirBusy } from '../db/data-dir-lock.ts';

/**
 * Opens the configured database for a command. On the embedded database the command takes the data directory's lock
 * (db/data-dir-lock.ts): while a server (or another command) holds it, the command says who, and what to do instead,
 * and exits with code 1 without touching the database.
 */
export async function openDatabaseFor(
  command: string,
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  opts: { hint?: string; poolSize?: number } = {},
): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: opts.poolSize,
      lock: { holder: `npm run ${command}`, hint: opts.hint },
    });
  } catch (err) {
    if (!(err instanceof DataDirBusy)) throw err;
    console.error(`${command}: ${err.message}`);
    process.exit(1);
  }
}

import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

/** What every module receives: configuration and the database. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: Database['kind'];
}

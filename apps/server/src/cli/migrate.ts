// npm run db:migrate — applies the migrations to the configured database (DATABASE_URL, or the embedded one) and
// exits. Run it as the migration role (docs/operations.md, "PostgreSQL roles"); the app then starts with
// MIGRATE_ON_START=false as the runtime role.
import { loadDatabaseConfig } from '../config.ts';
import { openDatabaseFor } from './open-database.ts';
import { knownMigrations, pendingMigrations } from '../db/migrations-state.ts';

let config: ReturnType<typeof loadDatabaseConfig>;
try {
  config = loadDatabaseConfig();
} catch (err) {
  console.error(`db:migrate: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
const database = await openDatabaseFor('db:migrate', config, {
  poolSize: 1,
  hint: 'let the server apply the migrations itself when it starts (MIGRATE_ON_START, the default)',
});
try {
  const pending = await pendingMigrations(database.db);
  await database.migrate();
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  const latest = knownMigrations().at(-1)?.tag ?? 'none';
  console.log(
    pending.length > 0
      ? `Migrated ${where}: applied ${pending.join(', ')}; now at ${latest}.`
      : `${where[0]!.toUpperCase()}${where.slice(1)} is already at ${latest}; nothing to apply.`,
  );
} catch (err) {
  console.error(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}

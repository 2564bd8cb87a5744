import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pgCode } from '../lib/errors.ts';
import { type Db, migrationsFolder } from './client.ts';

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this version of the app knows, oldest first (drizzle's `meta/_journal.json`). */
export function knownMigrations(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ when, tag }) => ({ when, tag }));
}

/**
 * The migrations not yet applied to the database, by tag (empty: the schema is current). Read as drizzle's
 * migrator reads it: every migration newer than the last one recorded in `drizzle.__drizzle_migrations`.
 */
export async function pendingMigrations(db: Db, folder = migrationsFolder): Promise<string[]> {
  let last = 0;
  try {
    const res = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { last: string | number | null }[];
    };
    last = Number(res.rows[0]?.last ?? 0);
  } catch (err) {
    // No migrations table: a database never migrated.
    if (pgCode(err) !== '42P01' && pgCode(err) !== '3F000') throw err;
  }
  return knownMigrations(folder)
    .filter((m) => m.when > last)
    .map((m) => m.tag);
}

/** Why a start without migrations (MIGRATE_ON_START=false) cannot go on. */
export function pendingMigrationsMessage(tags: readonly string[]): string {
  return [
    `The database schema is behind this version of Pawdesk: ${tags.length} migration${tags.length === 1 ? '' : 's'} not applied (${tags.join(', ')}).`,
    'Run them as the migration role: npm run db:migrate (DATABASE_URL of that role), then start again;',
    'or set MIGRATE_ON_START=true to let the start migrate (the app role then needs the right to change the schema).',
  ].join('\n');
}

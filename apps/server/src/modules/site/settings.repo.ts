import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** The stored value of a setting; undefined when it was never set. */
export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** The value of a setting, locked until the transaction ends (an admin's change reads what it replaces). */
export async function readSettingForUpdate(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
  return row?.value;
}

/** Writes a setting (insert or replace). */
export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * Serialises the changes that depend on a setting until the transaction ends: `exclusive` for the change of the
 * setting itself, `shared` for the writes that check against it (so a check never races a change).
 */
export async function lockSettingKey(tx: DbOrTx, key: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const name = `pawdesk:settings:${key}`;
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(hashtextextended(${name}, 0))`
      : sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`,
  );
}

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

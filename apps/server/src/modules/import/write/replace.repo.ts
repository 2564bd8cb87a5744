import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import type { ImportContext } from './context.ts';

type Rows<T> = { rows: T[] };

/** A column that holds ids of a table. */
interface Referrer {
  table: string;
  column: string;
}

/**
 * Columns that hold ids of a table without a foreign key (copies kept for search, or ids that may name rows of
 * several kinds), which the catalog cannot find. Kept in step with the schema: visit_search.visit_type_id (Visit
 * History's copy of the visit's type) and appointments.service_id (a catalogue service or nothing).
 */
const UNDECLARED = {
  visit_types: [{ table: 'visit_search', column: 'visit_type_id' }],
  customer_services: [{ table: 'appointments', column: 'service_id' }],
  subscription_plans: [],
} satisfies Record<string, readonly Referrer[]>;

/** Every single-column foreign key that references `table`'s id, read from the catalog (pg_constraint). */
async function foreignKeysTo(db: DbOrTx, table: string): Promise<Referrer[]> {
  const result = (await db.execute(sql`
    select src.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class src on src.oid = c.conrelid
      join pg_class dst on dst.oid = c.confrelid
      join pg_namespace n on n.oid = dst.relnamespace
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and dst.relname = ${table} and n.nspname = current_schema()
       and array_length(c.conkey, 1) = 1
     order by 1, 2
  `)) as unknown as Rows<Referrer>;
  return result.rows;
}

/** The columns that refer to rows of `table` (foreign keys from the catalog, and the undeclared ones), once per run. */
export function referrersOf(ctx: ImportContext, db: DbOrTx, table: keyof typeof UNDECLARED): Promise<Referrer[]> {
  return ctx.cached(`referrers:${table}`, async () => [
    ...(await foreignKeysTo(db, table)),
    ...(UNDECLARED[table] as readonly Referrer[]),
  ]);
}

/**
 * Gives an installed reference row (a visit type, a plan, a catalogue service) the original's id: the row under the
 * new id is written by the caller (`insertCopy`, after the old row's unique values were freed by `release`), every
 * column that refers to the old id is pointed at the new one, and the old row is deleted. All inside the batch's
 * transaction, so a failure leaves the installed row as it was.
 */
export async function replaceRow(
  tx: Tx,
  ctx: ImportContext,
  table: keyof typeof UNDECLARED,
  oldId: string,
  newId: string,
  steps: { release: () => Promise<unknown>; insertCopy: () => Promise<unknown> },
): Promise<void> {
  await steps.release();
  await steps.insertCopy();
  for (const r of await referrersOf(ctx, tx, table)) {
    await tx.execute(
      sql`update ${sql.identifier(r.table)} set ${sql.identifier(r.column)} = ${newId} where ${sql.identifier(r.column)} = ${oldId}`,
    );
  }
  await tx.execute(sql`delete from ${sql.identifier(table)} where id = ${oldId}`);
}

/** Ids of rows of `table` that an import (this run or an earlier one) wrote: those are no longer "installed". */
export async function importedIds(db: DbOrTx, table: string): Promise<Set<string>> {
  const result = (await db.execute(
    sql`select target_id as id from import_records where target_table = ${table}`,
  )) as unknown as Rows<{ id: string }>;
  return new Set(result.rows.map((r) => r.id));
}

import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';

/** PostgreSQL takes at most 65,535 parameters a statement; keep well below. */
const MAX_PARAMS = 30_000;

function chunkSize(table: PgTable): number {
  return Math.max(1, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length));
}

/** Inserts rows in multi-row statements; a row whose key already exists is left as it is (a rerun after a crash). */
export async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const size = chunkSize(table);
  for (let i = 0; i < rows.length; i += size) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + size) as never)
      .onConflictDoNothing();
  }
}

/**
 * Inserts rows, or updates every given column of a row whose primary key exists (a document changed since the last
 * run). Never used on the ledger: imported ledger rows are only ever added.
 */
export async function upsertMany<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
  target: T['_']['columns'][string] | T['_']['columns'][string][],
  keep: readonly string[] = [],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const given = Object.keys(rows[0] as object).filter((k) => !keep.includes(k));
  const set: Record<string, unknown> = {};
  for (const key of given) {
    const column = columns[key];
    if (column) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  const size = chunkSize(table);
  for (let i = 0; i < rows.length; i += size) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + size) as never)
      .onConflictDoUpdate({ target: target as never, set: set as never });
  }
}

import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';

/**
 * Multi-row inserts for the large collections (1,000,000 visits and their ledger rows): one statement per batch
 * whose values are one array per column, `insert … select * from unnest($1::varchar[], $2::bigint[], …)`. The
 * statement has as many parameters as the table has columns whatever the number of rows, so neither the query
 * builder nor the server parses tens of thousands of placeholders (measured in bench/import-bench.ts: about twice
 * as fast as a `values (…), (…)` list of the same rows). Rows are grouped by the columns they give, so a column a
 * row leaves out takes its default (an unnest cannot say DEFAULT for one cell).
 */

type Row = Record<string, unknown>;

function cell(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  return v;
}

function jsonCell(v: unknown): unknown {
  return v === undefined || v === null ? null : JSON.stringify(v);
}

/** The type of an array of the column, for the cast (`varchar(24)[]`, `timestamp with time zone[]`, `jsonb[]`…). */
function arrayType(c: PgColumn): string {
  return `${c.getSQLType()}[]`;
}

export interface UnnestOptions {
  /**
   * `nothing` (default): a row whose key exists is left as it is. `error`: a plain insert, which fails on a key that
   * exists (rows of documents imported for the first time: nothing can be there, and a plain insert skips the
   * speculative insertion ON CONFLICT needs for every row — measured 25–60% of the insert's time). Or the conflict
   * target and the columns to update.
   */
  onConflict?: 'nothing' | 'error' | { target: string[]; update: string[] };
}

/** Inserts `rows` (objects keyed by the table's property names) with one unnest statement per shape of row. */
export async function insertUnnest<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T['$inferInsert'][],
  opts: UnnestOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const groups = new Map<string, Row[]>();
  for (const r of rows as Row[]) {
    const keys = Object.keys(r)
      .filter((k) => r[k] !== undefined && columns[k])
      .sort()
      .join(',');
    const g = groups.get(keys);
    if (g) g.push(r);
    else groups.set(keys, [r]);
  }
  for (const [keyList, group] of groups) {
    const keys = keyList.split(',');
    const cols = keys.map((k) => columns[k]!);
    const arrays = keys.map((k, i) => {
      const json = cols[i]!.getSQLType() === 'jsonb' || cols[i]!.getSQLType() === 'json';
      return group.map((r) => (json ? jsonCell(r[k]) : cell(r[k])));
    });
    const names = sql.join(
      cols.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    const unnest = sql.join(
      arrays.map((a, i) => sql`${sql.param(a)}::${sql.raw(arrayType(cols[i]!))}`),
      sql`, `,
    );
    let conflict: SQL = sql`on conflict do nothing`;
    const oc = opts.onConflict;
    if (oc === 'error') conflict = sql``;
    else if (oc && oc !== 'nothing') {
      const target = sql.join(
        oc.target.map((k) => sql.identifier(columns[k]!.name)),
        sql`, `,
      );
      const set = sql.join(
        oc.update
          .filter((k) => keys.includes(k))
          .map((k) => sql`${sql.identifier(columns[k]!.name)} = excluded.${sql.identifier(columns[k]!.name)}`),
        sql`, `,
      );
      conflict = sql`on conflict (${target}) do update set ${set}`;
    }
    await tx.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${names}) select * from unnest(${unnest}) ${conflict}`,
    );
  }
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The whole-database reader of the data export (issue 21). It is the one reach across module ownership, and it is
 * read-only and generic on purpose: it walks the tables PostgreSQL's catalog lists in the public schema, so a table
 * added by a later issue is exported without anyone remembering to add it (docs/decisions.md, "Exporting all data").
 * No table is named in this file; the secrets left out are named in full-export.service.ts.
 */

export interface ColumnInfo {
  name: string;
  /** `format_type` of the column: 'text', 'bigint', 'timestamp with time zone', 'jsonb', 'bytea', … */
  type: string;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** The primary key's columns in key order; empty when the table has none (it is then read in physical order). */
  key: string[];
}

/** A SQL identifier, quoted (names come from the catalog, but quoting keeps any name safe). */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every ordinary table of the public schema with its columns (in table order) and primary key. */
export async function listTables(db: DbOrTx): Promise<TableInfo[]> {
  const cols = (await db.execute(sql`
    select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
      from pg_catalog.pg_class c
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
     order by c.relname, a.attnum`)) as unknown as { rows: { table: string; column: string; type: string }[] };
  const keys = (await db.execute(sql`
    select c.relname as "table", a.attname as "column"
      from pg_catalog.pg_index i
      join pg_catalog.pg_class c on c.oid = i.indrelid
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
     where i.indisprimary and c.relnamespace = 'public'::regnamespace
     order by c.relname, array_position(i.indkey::int2[], a.attnum)`)) as unknown as {
    rows: { table: string; column: string }[];
  };
  const tables = new Map<string, TableInfo>();
  for (const r of rowsOf(cols)) {
    const t = tables.get(r.table) ?? { name: r.table, columns: [], key: [] };
    t.columns.push({ name: r.column, type: r.type });
    tables.set(r.table, t);
  }
  for (const r of rowsOf(keys)) tables.get(r.table)?.key.push(r.column);
  return [...tables.values()];
}

/** node-postgres answers `{ rows }`, PGlite too; both through drizzle's execute. */
function rowsOf<T>(res: { rows: T[] } | T[]): T[] {
  return Array.isArray(res) ? res : res.rows;
}

export interface PageRequest {
  table: TableInfo;
  /** Columns not to read (secrets, the photo bytes). */
  omit: readonly string[];
  /** The key of the last row of the previous page (`undefined` for the first page). */
  after?: unknown[];
  limit: number;
  /** Only the rows whose column holds one of these ids (an owner's own records); none: every row. */
  only?: { column: string; ids: readonly string[] };
}

/**
 * One page of a table in key order, each row as PostgreSQL's own JSON of it (`to_jsonb`), so both drivers answer the
 * same values: numbers as numbers, jsonb as objects, timestamps as ISO text. Keyset paging (`where key > last key`)
 * keeps each query short and the memory at one page, however large the table; a table without a primary key is
 * paged by its physical row id (`ctid`). Each page is its own query (no transaction held open while a slow client
 * downloads: on PGlite that would stop every other request).
 */
export async function readPage(db: DbOrTx, req: PageRequest): Promise<{ rows: Record<string, unknown>[]; last?: unknown[] }> {
  const { table, omit, after, limit, only } = req;
  const key = table.key.length ? table.key : ['ctid'];
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  const keyCols = key.map((k) => `t.${ident(k)}`).join(', ');
  const keyOut = key.map((k, i) => `t.${ident(k)}::text as "k${i}"`).join(', ');
  const minus = omit.map((c) => ` - '${c.replaceAll("'", "''")}'`).join('');
  const conditions = [];
  if (after) {
    const params = sql.join(
      after.map((v, i) => sql`cast(${String(v)} as ${sql.raw(key[i] === 'ctid' ? 'tid' : (types.get(key[i]!) ?? 'text'))})`),
      sql`, `,
    );
    conditions.push(sql`(${sql.raw(keyCols)}) > (${params})`);
  }
  if (only) {
    if (!types.has(only.column)) throw new Error(`${table.name} has no column ${only.column}`);
    // An array parameter as text[]: both drivers send it the same way.
    const literal = `{${only.ids.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
    conditions.push(sql`t.${sql.raw(ident(only.column))}::text = any(${literal}::text[])`);
  }
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  const res = (await db.execute(
    sql`select to_jsonb(t)${sql.raw(minus)} as "row", ${sql.raw(keyOut)} from ${sql.raw(`public.${ident(table.name)}`)} t${where} order by ${sql.raw(keyCols)} limit ${limit}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const raw = rowsOf(res);
  const rows = raw.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row) as Record<string, unknown>);
  const lastRaw = raw.at(-1);
  return { rows, last: lastRaw ? key.map((_, i) => lastRaw[`k${i}`]) : undefined };
}

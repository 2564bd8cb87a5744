/**
 * Every table of a database, row for row, for the backup round trips (backup-round-trip.test.ts,
 * pg-dump-round-trip.test.ts): each base table of the app's schema (`public`) and of drizzle's migration record
 * (`drizzle`), found in information_schema, read whole as each row's text (`t::text`), ordered by that text in the
 * C collation (the same order on both sides, whatever their default collation).
 */
export interface RawQuery {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/** The driver under a drizzle client (PGlite, or the node-postgres pool): both answer `{ rows }`. */
export const rawClient = (db: unknown): RawQuery => (db as { $client: RawQuery }).$client;

export type TableDump = Map<string, string[]>;

export async function dumpTables(q: RawQuery): Promise<TableDump> {
  const { rows: tables } = await q.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: TableDump = new Map();
  for (const { name } of tables) {
    const { rows } = await q.query<{ r: string }>(`select t::text as r from ${name} t order by t::text collate "C"`);
    out.set(
      name,
      rows.map((x) => x.r),
    );
  }
  return out;
}

export interface Comparison {
  tables: number;
  rows: number;
  /** Tables whose rows differ, with the first difference: empty when the two are the same. */
  differences: string[];
}

/** Compares two dumps table by table and row by row. */
export function compareDumps(a: TableDump, b: TableDump): Comparison {
  const differences: string[] = [];
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  let rows = 0;
  for (const name of names) {
    const x = a.get(name);
    const y = b.get(name);
    if (!x || !y) {
      differences.push(`${name}: only in the ${x ? 'first' : 'second'}`);
      continue;
    }
    rows += x.length;
    if (x.length !== y.length) differences.push(`${name}: ${x.length} rows against ${y.length}`);
    else {
      const i = x.findIndex((r, k) => r !== y[k]);
      if (i >= 0) differences.push(`${name}: row ${i} differs: ${x[i]!.slice(0, 200)} / ${y[i]!.slice(0, 200)}`);
    }
  }
  return { tables: names.length, rows, differences };
}

import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type CsvCell, CSV_BOM, csvField } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { allDisplayPhotos } from '../media/media.service.ts';
import { listTables, readPage, type TableInfo } from './full-export.repo.ts';
import { ZipWriter } from './zip-stream.ts';

/**
 * "Export everything out" (issue 21): every table as CSV and JSON, and the photos, in one zip streamed to the reader
 * (the admin's download or `npm run export`). Tables are read a page at a time; the zip is written as it is read.
 */

/** Tables left out whole, with why (README.txt inside the zip repeats it). */
export const SECRET_TABLES: Record<string, string> = {
  user_sessions: 'sign-in sessions',
  password_resets: 'password-reset tokens (stored as hashes)',
  idempotency_keys: 'idempotency keys of money requests and their stored answers',
  login_failures: 'failed sign-in counters (keyed by email and address)',
};

/** Columns left out of tables that are otherwise exported. */
export const SECRET_COLUMNS: Record<string, { columns: string[]; why: string }> = {
  users: { columns: ['password_hash'], why: 'password hashes' },
};

/** Columns written as files instead (the photos), not as cells. */
const FILE_COLUMNS: Record<string, string[]> = { media: ['bytes'] };

export const EXPORT_PAGE_SIZE = 500;

export interface ExportSummary {
  tables: { name: string; rows: number }[];
  photos: number;
}

export interface ExportOptions {
  /** Rows per query (tests make it small to see the paging). */
  pageSize?: number;
  /** Called after each page is read (tests count them to see that reading follows the download). */
  onPage?: (table: string, rows: number) => void;
}

/** A cell of a row as PostgreSQL's JSON gave it: text as is, numbers as numbers, objects and arrays as JSON text. */
function cell(v: unknown): CsvCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return JSON.stringify(v);
}

/** Timestamps come as PostgreSQL prints them in the session's time zone; the export says them in UTC (ISO 8601). */
function normalise(row: Record<string, unknown>, timestamps: readonly string[]): Record<string, unknown> {
  for (const c of timestamps) {
    const v = row[c];
    if (typeof v === 'string') row[c] = new Date(v).toISOString();
  }
  return row;
}

/** Reads a whole table (or an owner's rows of it), one page at a time, as an async sequence of pages. */
export async function* pages(
  db: DbOrTx,
  table: TableInfo,
  omit: readonly string[],
  opts: ExportOptions,
  only?: { column: string; ids: readonly string[] },
) {
  const limit = opts.pageSize ?? EXPORT_PAGE_SIZE;
  const timestamps = table.columns.filter((c) => c.type === 'timestamp with time zone').map((c) => c.name);
  type PageResult = Awaited<ReturnType<typeof readPage>>;
  const read = (after?: unknown[]): Promise<PageResult> => readPage(db, { table, omit, after, limit, only });
  // One page ahead: the next query runs while this page is written into the zip (memory: two pages).
  let next: Promise<PageResult> | undefined = read();
  while (next) {
    const page: PageResult = await next;
    opts.onPage?.(table.name, page.rows.length);
    next = page.rows.length < limit ? undefined : read(page.last);
    // A failed look-ahead surfaces when it is awaited, not as an unhandled rejection meanwhile.
    next?.catch(() => {});
    if (page.rows.length) yield page.rows.map((r) => normalise(r, timestamps));
  }
}

/** The tables exported and the columns each one keeps. */
export async function exportPlan(db: DbOrTx): Promise<{ table: TableInfo; columns: string[]; omit: string[] }[]> {
  const tables = (await listTables(db)).filter((t) => !(t.name in SECRET_TABLES));
  return tables.map((table) => {
    const omit = [...(SECRET_COLUMNS[table.name]?.columns ?? []), ...(FILE_COLUMNS[table.name] ?? [])];
    return { table, omit, columns: table.columns.map((c) => c.name).filter((c) => !omit.includes(c)) };
  });
}

type Page = Record<string, unknown>[];

/**
 * One table as `<path>.csv` and `<path>.json`: two passes over its pages, so neither file keeps the other's rows in
 * memory. Answers the number of rows (of the CSV pass).
 */
export async function addTable(
  zip: ZipWriter,
  path: string,
  columns: readonly string[],
  read: () => AsyncIterable<Page>,
): Promise<number> {
  let rows = 0;
  await zip.add(
    `${path}.csv`,
    (async function* () {
      yield `${CSV_BOM}${columns.map(csvField).join(',')}\r\n`;
      for await (const page of read()) {
        rows += page.length;
        yield page.map((r) => `${columns.map((c) => csvField(cell(r[c]))).join(',')}\r\n`).join('');
      }
    })(),
  );
  await zip.add(
    `${path}.json`,
    (async function* () {
      let first = true;
      yield '[';
      for await (const page of read()) {
        const text = page.map((r) => JSON.stringify(Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))));
        yield `${first ? '\n' : ',\n'}${text.join(',\n')}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
  return rows;
}

function readme(at: Date, summary: ExportSummary): string {
  const lines = [
    'Pawdesk data export',
    `Made at ${at.toISOString()} (UTC).`,
    '',
    'tables/<name>.csv   one file per table: UTF-8 with a byte order mark (so spreadsheet programs read ₹ and',
    '                    Indian names), comma-separated, CRLF line ends, a header row of column names. A text cell',
    "                    that starts with = + - @, a tab or a CR is written with a leading ' so it cannot run as a",
    '                    formula. JSON columns are written as JSON text. Times are ISO 8601 in UTC.',
    'tables/<name>.json  the same rows as a JSON array of objects (money in paise, as stored).',
    'photos/<hash>.jpg   every photo at display size; the media table names the record each belongs to.',
    '',
    'Left out on purpose (secrets):',
    ...Object.entries(SECRET_TABLES).map(([t, why]) => `  - the ${t} table: ${why}`),
    ...Object.entries(SECRET_COLUMNS).map(([t, { columns, why }]) => `  - ${t}.${columns.join(', ')}: ${why}`),
    '',
    'Rows per table:',
    ...summary.tables.map((t) => `  ${t.name}: ${t.rows}`),
    `Photos: ${summary.photos}`,
    '',
    'The tables are read one page after another while the zip is written, not inside one snapshot: a record',
    'changed during the export may show its state before or after the change.',
    '',
  ];
  return lines.join('\r\n');
}

/**
 * Writes the export into a zip stream and resolves with what it held once the zip is complete. The caller pipes
 * `zip.stream` to its destination before awaiting (nothing is produced faster than that destination reads).
 */
export async function writeFullExport(db: DbOrTx, zip: ZipWriter, at: Date, opts: ExportOptions = {}): Promise<ExportSummary> {
  const summary: ExportSummary = { tables: [], photos: 0 };
  for (const { table, columns, omit } of await exportPlan(db)) {
    const rows = await addTable(zip, `tables/${table.name}`, columns, () => pages(db, table, omit, opts));
    summary.tables.push({ name: table.name, rows });
  }
  for await (const photo of allDisplayPhotos(db)) {
    // JPEGs are already compressed: stored as they are.
    await zip.add(`photos/${photo.hash}.jpg`, [photo.bytes], false);
    summary.photos++;
  }
  await zip.add('README.txt', [readme(at, summary)]);
  zip.end();
  return summary;
}

/** `<prefix>-2026-11-28T07-50-00Z.zip`: sortable, and safe in a file name on every system. */
export function exportFileName(prefix: string, at: Date): string {
  return `${prefix}-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.zip`;
}

/**
 * `npm run export`: the whole export into `<dir>/pawdesk-export-<time>.zip` (written to a `.part` file and renamed
 * when complete, so a zip under the final name is always whole). Audited as done by an operator (no user).
 */
export async function exportToDirectory(
  db: DbOrTx,
  dir: string,
  at: Date,
): Promise<{ file: string; bytes: number; summary: ExportSummary }> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, exportFileName('pawdesk-export', at));
  const part = `${file}.part`;
  await recordAudit(db, { actorId: null, action: 'data.export', entity: 'database', entityId: 'all' });
  const zip = new ZipWriter(at);
  const written = pipeline(zip.stream, createWriteStream(part));
  try {
    const [summary] = await Promise.all([writeFullExport(db, zip, at), written]);
    renameSync(part, file);
    return { file, bytes: statSync(file).size, summary };
  } catch (err) {
    zip.stream.destroy();
    rmSync(part, { force: true });
    throw err;
  }
}

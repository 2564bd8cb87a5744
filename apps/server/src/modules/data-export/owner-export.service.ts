import type { DbOrTx } from '../../db/client.ts';
import { ownerOfCustomer } from '../pets/owner-billing.service.ts';
import { listTables, type TableInfo } from './full-export.repo.ts';
import { addTable, type ExportOptions, pages, SECRET_COLUMNS } from './full-export.service.ts';
import type { ZipWriter } from './zip-stream.ts';

/**
 * "Download my data" (issue 21; India's DPDP Act lets an owner ask for their data): the caller's own records, each
 * domain as `<name>.csv` and `<name>.json` in one zip.
 *
 * The export is a list of providers, one per domain: which table, and which of the owner's ids picks its rows. A
 * later table joins with one entry (as report cards did, issue 20). Every row is picked by an id the server found from the caller's token (their account, their owner
 * record, or the ids of rows an earlier provider exported for them), never by anything the request names.
 */
export interface OwnerExportProvider {
  /** The file name in the zip (`<name>.csv`, `<name>.json`). */
  name: string;
  /** What it holds, for README.txt. */
  what: string;
  table: string;
  /** The column that holds the picking id. */
  column: string;
  /** `user`: the caller's account id; `owner`: their owner record's id; otherwise the ids of an earlier provider's rows. */
  of: 'user' | 'owner' | string;
  /** Columns not given out (secrets, staff-internal ids are kept: they are part of the record). */
  omit?: string[];
}

export const OWNER_EXPORT_PROVIDERS: readonly OwnerExportProvider[] = [
  { name: 'account', what: 'your sign-in account (no password)', table: 'users', column: 'id', of: 'user' },
  { name: 'profile', what: 'your owner record: name, phone, email, address', table: 'owners', column: 'id', of: 'owner' },
  { name: 'pets', what: 'your pets', table: 'pets', column: 'owner_id', of: 'owner' },
  { name: 'vaccinations', what: "your pets' vaccinations", table: 'vaccinations', column: 'pet_id', of: 'pets' },
  { name: 'visits', what: "your pets' visits", table: 'visits', column: 'pet_id', of: 'pets' },
  { name: 'visit_items', what: 'the lines of those visits', table: 'visit_items', column: 'visit_id', of: 'visits' },
  {
    name: 'payments',
    what: 'your payments, charges and refunds (the ledger, amounts in paise)',
    table: 'payments',
    column: 'owner_id',
    of: 'owner',
  },
  { name: 'appointments', what: 'your appointments', table: 'appointments', column: 'owner_id', of: 'owner' },
  { name: 'reservations', what: 'your stay reservations', table: 'reservations', column: 'owner_id', of: 'owner' },
  { name: 'subscriptions', what: "your pets' subscriptions", table: 'subscriptions', column: 'pet_id', of: 'pets' },
  { name: 'prescriptions', what: "your pets' prescriptions", table: 'prescriptions', column: 'pet_id', of: 'pets' },
  { name: 'report_cards', what: "your pets' daily report cards", table: 'report_cards', column: 'pet_id', of: 'pets' },
  {
    name: 'documents',
    what: 'the list of your invoices, bills of supply, credit notes and receipts',
    table: 'tax_documents',
    column: 'owner_id',
    of: 'owner',
  },
];

export interface OwnerExportSummary {
  files: { name: string; rows: number }[];
}

/** Writes the caller's own data into the zip and ends it. */
export async function writeOwnerExport(
  db: DbOrTx,
  zip: ZipWriter,
  userId: string,
  at: Date,
  opts: ExportOptions = {},
  providers: readonly OwnerExportProvider[] = OWNER_EXPORT_PROVIDERS,
): Promise<OwnerExportSummary> {
  const owner = await ownerOfCustomer(db, userId);
  const tables = new Map((await listTables(db)).map((t) => [t.name, t]));
  const ids = new Map<string, string[]>([
    ['user', [userId]],
    ['owner', owner ? [owner.id] : []],
  ]);
  const summary: OwnerExportSummary = { files: [] };
  for (const p of providers) {
    const table = tables.get(p.table);
    if (!table) throw new Error(`Owner export: no table ${p.table}`);
    const picking = ids.get(p.of);
    if (!picking) throw new Error(`Owner export: ${p.name} reads ids of ${p.of}, which comes later or not at all`);
    const omit = [...(SECRET_COLUMNS[p.table]?.columns ?? []), ...(p.omit ?? [])];
    const columns = table.columns.map((c) => c.name).filter((c) => !omit.includes(c));
    const found: string[] = [];
    const read = () => ownedPages(db, table, omit, opts, { column: p.column, ids: picking }, found);
    const rows = await addTable(zip, p.name, columns, read);
    // The CSV pass collected the ids; the JSON pass read the same rows again (drop its copies).
    ids.set(p.name, [...new Set(found)]);
    summary.files.push({ name: p.name, rows });
  }
  await zip.add('README.txt', [readme(at, summary, providers)]);
  zip.end();
  return summary;
}

/** The pages of the owner's rows; the ids of the rows read are added to `found` (for later providers). */
async function* ownedPages(
  db: DbOrTx,
  table: TableInfo,
  omit: readonly string[],
  opts: ExportOptions,
  only: { column: string; ids: readonly string[] },
  found: string[],
) {
  if (only.ids.length === 0) return;
  for await (const page of pages(db, table, omit, opts, only)) {
    for (const r of page) if (typeof r.id === 'string') found.push(r.id);
    yield page;
  }
}

function readme(at: Date, summary: OwnerExportSummary, providers: readonly OwnerExportProvider[]): string {
  const what = new Map(providers.map((p) => [p.name, p.what]));
  return [
    'Your data at Pawdesk',
    `Made at ${at.toISOString()} (UTC).`,
    '',
    'Each part is there twice: <name>.csv for spreadsheet programs (UTF-8, comma-separated; a cell starting with',
    "= + - @ is written with a leading ' so it cannot run as a formula) and <name>.json. Amounts are in paise",
    '(1 rupee = 100 paise); times are ISO 8601 in UTC.',
    '',
    ...summary.files.map((f) => `${f.name}: ${what.get(f.name)} (${f.rows} rows)`),
    '',
  ].join('\r\n');
}

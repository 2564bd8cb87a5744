/**
 * CSV for spreadsheets (the accountant's exports): RFC 4180 text that Excel, LibreOffice and Google Sheets open as
 * UTF-8 and that cannot run a formula.
 *
 * - Records end in CRLF, the last one too (RFC 4180 allows it; spreadsheets expect it).
 * - A field is quoted when it holds a comma, a double quote, a CR or an LF; quotes inside are doubled.
 * - Unicode is kept as is (₹, Hindi, emoji); the text starts with a UTF-8 byte order mark (U+FEFF) unless
 *   `bom: false`, so that Excel reads it as UTF-8.
 * - Formula injection (CWE-1236): a TEXT cell whose first character is `=`, `+`, `-`, `@`, a tab or a CR gets a
 *   leading apostrophe, so the spreadsheet shows it as text. A NUMBER cell is written as the number (a negative amount
 *   stays `-12.5` and sums in the sheet); numbers that are not finite are refused.
 * - `null` and `undefined` are empty fields.
 */

export type CsvCell = string | number | null | undefined;

export interface CsvOptions {
  /** Start with the UTF-8 byte order mark (default true). */
  bom?: boolean;
}

/** The byte order mark put at the start of the text. */
export const CSV_BOM = '\uFEFF';

/** The characters that make a spreadsheet read a text cell as a formula (or a DDE command). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as it appears in the file. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`toCsv: ${cell} is not a finite number`);
    // -0 prints as "0"; String() never uses a thousands separator and keeps the full precision.
    return String(cell);
  }
  if (typeof cell !== 'string') throw new TypeError(`toCsv: a cell must be a string, a number or null, not ${typeof cell}`);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV text: one record per row, fields separated by commas, CRLF after every record. */
export function toCsv(rows: readonly (readonly CsvCell[])[], { bom = true }: CsvOptions = {}): string {
  let out = bom ? CSV_BOM : '';
  for (const row of rows) out += `${row.map(csvField).join(',')}\r\n`;
  return out;
}

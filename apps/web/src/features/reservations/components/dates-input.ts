/** Date inputs show dd/mm/yyyy (Indian order); what is typed is read the same way. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

/** '08/11/2027' (or 8-11-2027, 8.11.2027) → '2027-11-08'; null when it is not a real date. */
export function parseDayMonthYear(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

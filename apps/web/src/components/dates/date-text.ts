import { isIsoDate } from '@pawdesk/shared';

/**
 * Dates typed in Indian order (issue 18): every date input shows and takes dd/mm/yyyy; the forms and the API keep
 * `yyyy-MM-dd`. Pure, so tested on their own.
 */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
export const DATE_INPUT_PLACEHOLDER = 'dd/mm/yyyy';

const pad = (n: number) => String(n).padStart(2, '0');

function real(y: number, m: number, d: number): string | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * `yyyy-MM-dd` from what was typed: '25/11/2026', '25-11-2026', '25.11.2026', '5/1/2026' (day first, always), or
 * '2026-11-25' (a pasted ISO date). Null for anything else, an impossible day ('31/02/2026') or a two-digit year.
 */
export function parseDateText(text: string): string | null {
  const t = text.trim();
  const dmy = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/.exec(t);
  if (dmy) return real(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (ymd) return real(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  return null;
}

/** '25/11/2026' from `yyyy-MM-dd`; anything else as it is (a half-typed or wrong date stays visible to fix). */
export function formatDateText(value: string | null | undefined): string {
  if (!value) return '';
  if (!isIsoDate(value)) return value;
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * What the form holds for a text typed: the `yyyy-MM-dd` it means, '' when empty, else the text itself (trimmed),
 * so the form's schema says the date is not valid instead of the text silently vanishing.
 */
export const dateValueOf = (text: string): string => (text.trim() === '' ? '' : (parseDateText(text) ?? text.trim()));

/**
 * The Visit History search's filters (spec 000 §2 "Visit History search", §5 "Visit history filter"; issue 17):
 * read from and written to the address's query string, so a reload or going back keeps them.
 */
import {
  cleanPhone,
  isIsoDate,
  VISIT_LIST_MAX_NAME,
  VISIT_LIST_MESSAGES,
  VISIT_PAYMENT_STATES,
  type VisitPaymentState,
} from '@pawdesk/shared';
import { VISIT_STATE_LABEL } from '../../components/VisitStateBadge';
import type { VisitListFilters } from '../../lib/endpoints/visit-list';

export interface VisitFilters {
  /** Pet name, contains, any case. */
  name: string;
  /** Owner phone, its first digits. */
  phone: string;
  /** A visit type's code ('' = all purposes). */
  purpose: string;
  /** yyyy-MM-dd in the business time zone, not after today ('' = any day). */
  date: string;
  /** '' = every payment state. */
  state: VisitPaymentState | '';
}

export const FILTER_KEYS = ['name', 'phone', 'purpose', 'date', 'state'] as const satisfies readonly (keyof VisitFilters)[];

export const NO_FILTERS: VisitFilters = { name: '', phone: '', purpose: '', date: '', state: '' };

/** The payment state select: All, then each state. */
export const STATE_OPTIONS = [
  { value: '', label: 'All' },
  ...VISIT_PAYMENT_STATES.map((s) => ({ value: s, label: VISIT_STATE_LABEL[s] })),
];

const isState = (s: string): s is VisitPaymentState => (VISIT_PAYMENT_STATES as readonly string[]).includes(s);

/** Why a date cannot be searched: malformed, or later than today (spec 000 §5); null when it can. */
export function dateError(date: string, today: string): string | null {
  if (date === '') return null;
  if (!isIsoDate(date)) return 'Enter a date as dd-mm-yyyy';
  return date > today ? VISIT_LIST_MESSAGES.futureDate : null;
}

/**
 * The filters an address carries, each cleaned: a phone keeps its digits, a name its first 60 characters, a
 * malformed or future date and an unknown state are dropped (the search runs without them).
 */
export function readFilters(params: URLSearchParams, today: string): VisitFilters {
  const date = params.get('date') ?? '';
  const state = params.get('state') ?? '';
  return {
    name: (params.get('name') ?? '').slice(0, VISIT_LIST_MAX_NAME),
    phone: cleanPhone(params.get('phone') ?? ''),
    purpose: (params.get('purpose') ?? '').trim(),
    date: dateError(date, today) === null ? date : '',
    state: isState(state) ? state : '',
  };
}

/** The address's query with these filters changed (an empty one removed); other keys (the chosen pet) stay. */
export function withFilters(params: URLSearchParams, patch: Partial<VisitFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    if (!(key in patch)) continue;
    const v = (patch[key] ?? '').trim();
    if (v) next.set(key, v);
    else next.delete(key);
  }
  return next;
}

/** What the search sends: the set filters (the name trimmed), restricted to one pet when `petId` is given. */
export function toApiFilters(f: VisitFilters, petId?: string): VisitListFilters {
  const out: VisitListFilters = {};
  if (f.name.trim()) out.name = f.name.trim();
  if (f.phone) out.phone = f.phone;
  if (f.purpose) out.purpose = f.purpose;
  if (f.date) out.date = f.date;
  if (f.state) out.state = f.state;
  if (petId) out.petId = petId;
  return out;
}

export const hasFilters = (f: VisitFilters) => FILTER_KEYS.some((k) => f[k] !== '');

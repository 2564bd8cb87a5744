/**
 * The GST forms' logic (issue 17), pure: the rate select's options, and the admin's changes to the rate list
 * (add a rate from a day; retire a rate from a day; take back a rate never used). The server decides (a rate in use
 * cannot be removed or retired); these only build the request.
 */
import {
  BUYER_STATES,
  type GstRate,
  gstinStateCode,
  isRateAllowed,
  isValidGstin,
  rateValidOn,
  selectableGstRates,
} from '@pawdesk/shared';

export interface RateOption {
  value: string;
  label: string;
}

/** '18' → '18%'. */
export const percentLabel = (percent: number) => `${percent}%`;

/**
 * The rates a visit type or item may be given today, lowest first. The record's current rate is kept as an option
 * even when the list no longer has it in force (marked "no longer in force"), so opening and saving the form does
 * not change it.
 */
export function rateOptions(rates: readonly GstRate[], today: string, current?: number): RateOption[] {
  const options = selectableGstRates(rates, today).map((p) => ({ value: String(p), label: percentLabel(p) }));
  if (current !== undefined && !isRateAllowed(rates, current, today)) {
    options.push({ value: String(current), label: `${percentLabel(current)} (no longer in force)` });
  }
  return options;
}

/** Whether the rate is in force on `today` and what its row shows: 'In force', 'From 1 Apr 2026', 'Retired'. */
export type RateStatus = 'in-force' | 'upcoming' | 'retired';

export function rateStatus(rate: GstRate, today: string): RateStatus {
  if (rateValidOn(rate, today)) return 'in-force';
  if (rate.effectiveFrom !== undefined && today < rate.effectiveFrom) return 'upcoming';
  return 'retired';
}

/** Why a new rate cannot be added, or null. */
export function addRateProblem(rates: readonly GstRate[], percent: number | '' | undefined, from: string): string | null {
  if (percent === '' || percent === undefined || !Number.isFinite(percent)) return 'Enter the rate in percent';
  if (percent < 0 || percent > 100) return 'A rate is from 0 to 100%';
  if (Math.round(percent * 100) !== percent * 100) return 'A rate has at most two decimals';
  const clash = rates.some((r) => r.percent === percent && (r.retiredOn === undefined || (from !== '' && r.retiredOn > from)));
  if (clash) return `${percentLabel(percent)} is already in the list`;
  return null;
}

/** The list with a new rate, in force from `from` ('' = always), sorted by rate. */
export function withRate(rates: readonly GstRate[], percent: number, from: string): GstRate[] {
  const added: GstRate = from ? { percent, effectiveFrom: from } : { percent };
  return sortRates([...rates, added]);
}

/** The list with the rate at `index` retired from `on` (the first day it may no longer be used on a new document). */
export function retiring(rates: readonly GstRate[], index: number, on: string): GstRate[] {
  return rates.map((r, i) => (i === index ? { ...r, retiredOn: on } : r));
}

/** The list without the rate at `index` (a rate added by mistake; the server refuses one in use). */
export function removing(rates: readonly GstRate[], index: number): GstRate[] {
  return rates.filter((_, i) => i !== index);
}

/** Lowest rate first; for the same rate, the earlier period first. */
export function sortRates(rates: readonly GstRate[]): GstRate[] {
  return [...rates].sort((a, b) => a.percent - b.percent || (a.effectiveFrom ?? '').localeCompare(b.effectiveFrom ?? ''));
}

/** A visit type's or item's GST in a few words: 'Exempt', 'Not taxed', '18%, included' or '18% on top'. */
export function gstSummaryText(t: { gstRate: number; gstExempt: boolean; priceIncludesTax: boolean }): string {
  if (t.gstExempt) return 'Exempt';
  if (t.gstRate === 0) return 'Not taxed';
  return t.priceIncludesTax ? `${percentLabel(t.gstRate)}, included` : `${percentLabel(t.gstRate)} on top`;
}

/** The state an owner's form shows after the GSTIN is typed: a valid GSTIN's own state (its first two digits), else as it was. */
export function stateAfterGstin(gstin: string, state: string): string {
  const g = gstin.trim().toUpperCase();
  return isValidGstin(g) ? gstinStateCode(g) : state;
}

/** The states an owner may be placed in, for the State select (code order, "06 Haryana"). */
export const OWNER_STATE_OPTIONS: RateOption[] = BUYER_STATES.filter((s) => s.kind !== 'other').map((s) => ({
  value: s.code,
  label: `${s.code} ${s.name}`,
}));

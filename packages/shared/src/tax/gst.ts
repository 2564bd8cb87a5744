/**
 * GST arithmetic, in integer paise. Pure: no clock, no database. Every tax amount on a document (tax invoice, bill of
 * supply, credit note, takings, the accountant's summary) comes from `gstLine`, computed once per line and stored.
 *
 * THE RULE (per line, to the paisa; "round" = half away from zero, exact integer arithmetic):
 * - line amount   = round(unit price × quantity)                         (exact for whole quantities)
 * - price EXCLUSIVE of tax: taxable = line amount;  tax = round(taxable × rate / 100);  total = taxable + tax
 * - price INCLUSIVE of tax: total = line amount;    taxable = round(total × 100 / (100 + rate));  tax = total − taxable
 * - within the business's state (intra-state): CGST = ⌈tax / 2⌉, SGST = ⌊tax / 2⌋ — the odd paisa goes to CGST,
 *   so CGST + SGST = tax on every line (each is within half a paisa of taxable × rate/2); IGST = 0.
 * - to a buyer in another state (inter-state): IGST = tax; CGST = SGST = 0.
 * - EXEMPT lines (rate `null` or `'exempt'`): taxable = total = line amount, no tax; they go on a bill of supply.
 *   Nil-rated lines (0 %) carry no tax either and also go on the bill of supply: both are "exempt supply" in the
 *   CGST Act s.2(47), for which rule 49 prescribes a bill of supply, not a tax invoice.
 * - Negative amounts (a correction line) are computed as the mirror image: gstLine(−x) = −gstLine(x).
 *
 * Rates are percentages with at most two decimals (0.25 %, 3 %, 5 %, 18 %, 40 %); the arithmetic runs on basis points.
 */
import { z } from 'zod';
import { dateSchema } from '../common.ts';
import { isIsoDate } from '../dates.ts';

// ---------------------------------------------------------------- rates

/** One rate of the admin-editable list. Dates are calendar dates (`yyyy-MM-dd`, business time zone). */
export interface GstRate {
  /** The rate in percent (0 … 100, at most two decimals). */
  percent: number;
  /** First day documents may use it (none: always could). */
  effectiveFrom?: string;
  /** First day it may no longer be used on a NEW document (none: in force). Documents dated before keep it. */
  retiredOn?: string;
}

/** The date the slabs changed (GST 2.0): 5 %, 18 % and 40 % remain or start; 12 % and 28 % retire. */
export const GST_SLABS_CHANGED_ON = '2025-09-22';

/** The default list: 0, 5, 18 and 40 % in force since 22 Sep 2025; 12 % and 28 % kept for documents issued before. */
export const DEFAULT_GST_RATES: readonly GstRate[] = Object.freeze([
  { percent: 0 },
  { percent: 5 },
  { percent: 18 },
  { percent: 40, effectiveFrom: GST_SLABS_CHANGED_ON },
  { percent: 12, retiredOn: GST_SLABS_CHANGED_ON },
  { percent: 28, retiredOn: GST_SLABS_CHANGED_ON },
]);

function checkDate(date: string, what: string): void {
  if (!isIsoDate(date)) throw new RangeError(`${what}: ${JSON.stringify(date)} is not a date (yyyy-MM-dd)`);
}

/** True when a document dated `date` (`yyyy-MM-dd`) may use the rate: on or after `effectiveFrom`, before `retiredOn`. */
export function rateValidOn(rate: GstRate, date: string): boolean {
  checkDate(date, 'rateValidOn');
  if (rate.effectiveFrom !== undefined && date < rate.effectiveFrom) return false;
  if (rate.retiredOn !== undefined && date >= rate.retiredOn) return false;
  return true;
}

/** The rates of the list a document dated `date` may use, lowest first. */
export function ratesValidOn(rates: readonly GstRate[], date: string): number[] {
  return [...new Set(rates.filter((r) => rateValidOn(r, date)).map((r) => r.percent))].sort((a, b) => a - b);
}

/** True when `percent` is in the list and valid on `date`. */
export function isRateAllowed(rates: readonly GstRate[], percent: number, date: string): boolean {
  return rates.some((r) => r.percent === percent && rateValidOn(r, date));
}

/** Why `percent` may not be used on a document dated `date`, or null when it may. */
export function gstRateProblem(rates: readonly GstRate[], percent: number, date: string): string | null {
  if (isRateAllowed(rates, percent, date)) return null;
  const valid = ratesValidOn(rates, date);
  return `GST rate ${percent} % is not one of the rates in force on ${date} (${valid.length ? `${valid.join(', ')} %` : 'none'})`;
}

export const GST_RATE_PERCENT_MESSAGE = 'GST rate must be a percentage from 0 to 100 with at most two decimals';

/** A rate in percent, as a number (0 … 100, at most two decimals). Whether it is in the list: `gstRateProblem`. */
export const gstRatePercentSchema = z.number().refine((p) => {
  try {
    rateBasisPoints(p);
    return true;
  } catch {
    return false;
  }
}, GST_RATE_PERCENT_MESSAGE);

/** One entry of the admin-editable rate list. */
export const gstRateSchema = z
  .object({ percent: gstRatePercentSchema, effectiveFrom: dateSchema.optional(), retiredOn: dateSchema.optional() })
  .refine((r) => !r.effectiveFrom || !r.retiredOn || r.effectiveFrom < r.retiredOn, {
    message: 'A rate must be retired after the day it comes into force',
    path: ['retiredOn'],
  });

/** The admin-editable rate list: at least one rate; the same rate twice only for periods that do not overlap. */
export const gstRateListSchema = z
  .array(gstRateSchema)
  .min(1, 'The list needs at least one GST rate')
  .superRefine((rates, ctx) => {
    for (let i = 0; i < rates.length; i++) {
      for (let j = i + 1; j < rates.length; j++) {
        const a = rates[i]!;
        const b = rates[j]!;
        if (a.percent !== b.percent) continue;
        const apart =
          (a.retiredOn !== undefined && b.effectiveFrom !== undefined && a.retiredOn <= b.effectiveFrom) ||
          (b.retiredOn !== undefined && a.effectiveFrom !== undefined && b.retiredOn <= a.effectiveFrom);
        if (!apart) {
          ctx.addIssue({ code: 'custom', message: `GST rate ${a.percent} % is listed twice for the same days`, path: [j] });
        }
      }
    }
  });

// ---------------------------------------------------------------- arithmetic

/** A line's rate: a percentage, or exempt (`null` or `'exempt'`). */
export type GstRateInput = number | null | 'exempt';

/** The rate in basis points (18 % → 1800), or a RangeError for a rate that is not 0 … 100 with at most two decimals. */
export function rateBasisPoints(ratePercent: number): number {
  const bp = Math.round(ratePercent * 100);
  if (!Number.isFinite(ratePercent) || ratePercent < 0 || ratePercent > 100 || Math.abs(bp - ratePercent * 100) > 1e-6) {
    throw new RangeError(`GST rate ${ratePercent} % is not a percentage from 0 to 100 with at most two decimals`);
  }
  return bp;
}

/** numerator / denominator (denominator > 0) rounded half away from zero, exactly. */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('roundDiv: the denominator must be positive');
  const neg = numerator < 0n;
  const abs = neg ? -numerator : numerator;
  const q = abs / denominator;
  const r = abs % denominator;
  const rounded = 2n * r >= denominator ? q + 1n : q;
  return neg ? -rounded : rounded;
}

function toSafe(n: bigint, what: string): number {
  const v = Number(n);
  if (!Number.isSafeInteger(v)) throw new RangeError(`${what} is too large`);
  return v;
}

/** The paise of `quantity` units at `unitPricePaise`, rounded half away from zero (quantity: at most 3 decimals). */
export function lineAmountPaise(unitPricePaise: number, quantity: number): number {
  if (!Number.isSafeInteger(unitPricePaise)) throw new RangeError(`unit price ${unitPricePaise} is not a whole number of paise`);
  const milli = Math.round(quantity * 1000);
  if (!Number.isFinite(quantity) || quantity <= 0 || Math.abs(milli - quantity * 1000) > 1e-6) {
    throw new RangeError(`quantity ${quantity} must be more than 0 with at most three decimals`);
  }
  return toSafe(roundDiv(BigInt(unitPricePaise) * BigInt(milli), 1000n), 'the line amount');
}

export interface GstLineInput {
  /** Price of one unit in paise (with or without tax, as `priceIncludesTax` says). */
  unitPricePaise: number;
  /** Units (> 0, at most three decimals). */
  quantity: number;
  /** Percent, or `null`/`'exempt'` for an exempt supply. */
  ratePercent: GstRateInput;
  /** The unit price already includes the tax. */
  priceIncludesTax: boolean;
  /** The buyer is in another state than the business (IGST instead of CGST + SGST). */
  interState: boolean;
}

export interface GstLineAmounts {
  /** The rate applied (`null` when exempt). */
  ratePercent: number | null;
  exempt: boolean;
  interState: boolean;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
  /** taxable value + tax. */
  totalPaise: number;
}

/** Splits a line's tax into CGST/SGST (odd paisa to CGST, mirrored for negatives) or IGST. */
export function splitTax(taxPaise: number, interState: boolean): { cgstPaise: number; sgstPaise: number; igstPaise: number } {
  if (!Number.isSafeInteger(taxPaise)) throw new RangeError(`tax ${taxPaise} is not a whole number of paise`);
  if (interState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const abs = Math.abs(taxPaise);
  const cgst = Math.ceil(abs / 2);
  const sgst = abs - cgst;
  return taxPaise < 0 ? { cgstPaise: -cgst, sgstPaise: -sgst, igstPaise: 0 } : { cgstPaise: cgst, sgstPaise: sgst, igstPaise: 0 };
}

/** True when the rate input means an exempt supply. */
export function isExemptRate(ratePercent: GstRateInput): ratePercent is null | 'exempt' {
  return ratePercent === null || ratePercent === 'exempt';
}

function amounts(ratePercent: number | null, interState: boolean, taxableValuePaise: number, taxPaise: number): GstLineAmounts {
  const split = splitTax(taxPaise, interState);
  return {
    ratePercent,
    exempt: ratePercent === null,
    interState,
    taxableValuePaise,
    ...split,
    taxPaise,
    totalPaise: taxableValuePaise + taxPaise,
  };
}

/** One line's GST, by THE RULE above. The only place a line's tax is computed. */
export function gstLine(input: GstLineInput): GstLineAmounts {
  const { unitPricePaise, quantity, ratePercent, priceIncludesTax, interState } = input;
  const amount = lineAmountPaise(unitPricePaise, quantity);
  if (isExemptRate(ratePercent)) return amounts(null, interState, amount, 0);
  if (typeof ratePercent !== 'number') throw new RangeError(`GST rate ${String(ratePercent)} is not a percentage or 'exempt'`);
  const bp = BigInt(rateBasisPoints(ratePercent));
  if (priceIncludesTax) {
    const taxable = toSafe(roundDiv(BigInt(amount) * 10000n, 10000n + bp), 'the taxable value');
    return amounts(ratePercent, interState, taxable, amount - taxable);
  }
  const tax = toSafe(roundDiv(BigInt(amount) * bp, 10000n), 'the tax');
  return amounts(ratePercent, interState, amount, tax);
}

/** Which document a line goes on: taxable lines on a tax invoice; exempt and nil-rated (0 %) lines on a bill of supply. */
export type SupplyDocument = 'tax-invoice' | 'bill-of-supply';

export function supplyDocument(line: Pick<GstLineAmounts, 'ratePercent'>): SupplyDocument {
  return line.ratePercent === null || line.ratePercent === 0 ? 'bill-of-supply' : 'tax-invoice';
}

/** A sale's lines split into the tax invoice's and the bill of supply's, each in its original order. */
export function splitBySupplyDocument<T extends Pick<GstLineAmounts, 'ratePercent'>>(
  lines: readonly T[],
): { taxInvoice: T[]; billOfSupply: T[] } {
  const taxInvoice: T[] = [];
  const billOfSupply: T[] = [];
  for (const l of lines) (supplyDocument(l) === 'tax-invoice' ? taxInvoice : billOfSupply).push(l);
  return { taxInvoice, billOfSupply };
}

// ---------------------------------------------------------------- summaries

export interface GstTotals {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface GstRateSummary extends GstTotals {
  /** `null`: the exempt lines. */
  ratePercent: number | null;
  lines: number;
}

export interface GstCodeSummary extends GstRateSummary {
  /** The SAC or HSN code ('' when the line has none). */
  code: string;
}

type SummedLine = Pick<GstLineAmounts, 'ratePercent' | keyof GstTotals>;

function zero(): GstTotals {
  return { taxableValuePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0, totalPaise: 0 };
}

function add(into: GstTotals, l: GstTotals): void {
  into.taxableValuePaise += l.taxableValuePaise;
  into.cgstPaise += l.cgstPaise;
  into.sgstPaise += l.sgstPaise;
  into.igstPaise += l.igstPaise;
  into.taxPaise += l.taxPaise;
  into.totalPaise += l.totalPaise;
}

/** Exempt first, then by rate ascending. */
function byRate(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a - b;
}

/** A document's (or a day's) lines summed by rate — the sums of the stored line figures, never recomputed. */
export function gstSummary(lines: readonly SummedLine[]): { byRate: GstRateSummary[]; totals: GstTotals } {
  const groups = new Map<number | null, GstRateSummary>();
  const totals = zero();
  for (const l of lines) {
    let g = groups.get(l.ratePercent);
    if (!g) {
      g = { ratePercent: l.ratePercent, lines: 0, ...zero() };
      groups.set(l.ratePercent, g);
    }
    g.lines++;
    add(g, l);
    add(totals, l);
  }
  return { byRate: [...groups.values()].sort((a, b) => byRate(a.ratePercent, b.ratePercent)), totals };
}

/** The accountant's summary: lines summed by SAC/HSN code and rate (code order, then rate). */
export function gstSummaryByCode(lines: readonly (SummedLine & { code?: string | null })[]): {
  rows: GstCodeSummary[];
  totals: GstTotals;
} {
  const groups = new Map<string, GstCodeSummary>();
  const totals = zero();
  for (const l of lines) {
    const code = l.code ?? '';
    const key = `${code}|${l.ratePercent}`;
    let g = groups.get(key);
    if (!g) {
      g = { code, ratePercent: l.ratePercent, lines: 0, ...zero() };
      groups.set(key, g);
    }
    g.lines++;
    add(g, l);
    add(totals, l);
  }
  const rows = [...groups.values()].sort((a, b) =>
    a.code === b.code ? byRate(a.ratePercent, b.ratePercent) : a.code < b.code ? -1 : 1,
  );
  return { rows, totals };
}

// ---------------------------------------------------------------- credit notes

/** A line of a credit note: the credited amounts and the invoice line (by index) they credit. */
export type CreditNoteLine = GstLineAmounts & { lineIndex: number };

/** What earlier credit notes already credited against an invoice's lines (their lines, as returned here). */
export type PreviousCredit = Pick<
  CreditNoteLine,
  'lineIndex' | 'taxableValuePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise'
>;

/**
 * The lines of a credit note for `creditPaise` (tax included) against an invoice's lines, after the credit notes
 * already issued against it (`previousCredits`, default none).
 *
 * - What each line still holds = the line − what earlier credit notes credited on it (each figure separately).
 * - The credit is shared across the lines in proportion to what they still hold, by the largest-remainder method
 *   (ties to the earlier line): the credited totals add up to `creditPaise` exactly and no line gets more than it holds.
 * - Each line's share is split in the proportions of what that line still holds, rounding once (half away from zero):
 *   taxable = round(share × taxable left / total left), tax = share − taxable; for an intra-state line
 *   CGST = round(tax × CGST left / tax left), SGST = tax − CGST; for an inter-state line IGST = tax. The rate and the
 *   place of supply are the invoice line's (a retired rate stays).
 * - So no figure is ever credited beyond the invoice, and crediting all that is left gives back exactly what is left:
 *   any series of credit notes that adds up to the invoice gives back every line's taxable value, CGST, SGST and IGST.
 * - Lines with nothing credited are left out. Amounts are positive (a credit note shows what it credits).
 */
export function creditNoteLines(
  invoiceLines: readonly GstLineAmounts[],
  creditPaise: number,
  previousCredits: readonly PreviousCredit[] = [],
): CreditNoteLine[] {
  if (!Number.isSafeInteger(creditPaise) || creditPaise <= 0) {
    throw new RangeError(`credit ${creditPaise} must be a whole number of paise above 0`);
  }
  const left = invoiceLines.map((l) => {
    if (l.totalPaise < 0 || l.taxableValuePaise < 0 || l.taxPaise < 0 || l.cgstPaise < 0 || l.sgstPaise < 0 || l.igstPaise < 0) {
      throw new RangeError('creditNoteLines: an invoice line has a negative amount');
    }
    return { ...l };
  });
  for (const p of previousCredits) {
    const l = left[p.lineIndex];
    if (!l) throw new RangeError(`creditNoteLines: an earlier credit names line ${p.lineIndex}, which the invoice does not have`);
    l.taxableValuePaise -= p.taxableValuePaise;
    l.cgstPaise -= p.cgstPaise;
    l.sgstPaise -= p.sgstPaise;
    l.igstPaise -= p.igstPaise;
    l.totalPaise -= p.totalPaise;
    l.taxPaise = l.cgstPaise + l.sgstPaise + l.igstPaise;
    if (
      l.taxableValuePaise < 0 ||
      l.cgstPaise < 0 ||
      l.sgstPaise < 0 ||
      l.igstPaise < 0 ||
      l.taxableValuePaise + l.taxPaise !== l.totalPaise
    ) {
      throw new RangeError(`creditNoteLines: earlier credits on line ${p.lineIndex} exceed or do not match the invoice line`);
    }
  }
  const leftTotal = left.reduce((s, l) => s + l.totalPaise, 0);
  if (creditPaise > leftTotal) {
    throw new RangeError(`credit ${creditPaise} paise is more than the ${leftTotal} paise left to credit on the invoice`);
  }
  const credit = BigInt(creditPaise);
  const total = BigInt(leftTotal);
  const shares = left.map((l, i) => {
    const exact = credit * BigInt(l.totalPaise);
    return { i, base: exact / total, rest: exact % total };
  });
  let unplaced = credit - shares.reduce((s, x) => s + x.base, 0n);
  const order = [...shares].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const s of order) {
    if (unplaced === 0n) break;
    s.base += 1n;
    unplaced -= 1n;
  }
  const out: CreditNoteLine[] = [];
  for (const s of shares) {
    if (s.base === 0n) continue;
    const l = left[s.i]!;
    const share = Number(s.base);
    const taxable = Number(roundDiv(s.base * BigInt(l.taxableValuePaise), BigInt(l.totalPaise)));
    const tax = share - taxable;
    const cgst = l.interState || tax === 0 ? 0 : Number(roundDiv(BigInt(tax) * BigInt(l.cgstPaise), BigInt(l.taxPaise)));
    out.push({
      ratePercent: l.ratePercent,
      exempt: l.exempt,
      interState: l.interState,
      taxableValuePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: l.interState ? 0 : tax - cgst,
      igstPaise: l.interState ? tax : 0,
      taxPaise: tax,
      totalPaise: share,
      lineIndex: s.i,
    });
  }
  return out;
}

/**
 * GST codes: the GSTIN (with its official mod-36 check character), SAC and HSN shapes, and India's GST state codes.
 * Each has a plain function (`gstinProblem`, `isValidGstin`, …) and a zod schema whose message says what is wrong.
 */
import { z } from 'zod';

// ---------------------------------------------------------------- states

export interface GstState {
  /** Two-digit GST state code. */
  code: string;
  name: string;
  kind: 'state' | 'union-territory' | 'other';
  /** No longer issued (kept: old GSTINs and documents carry it). Not offered as a buyer's state. */
  legacy?: true;
}

/** The GST state codes (first two characters of a GSTIN), as the GST portal lists them. */
export const GST_STATES: readonly GstState[] = Object.freeze([
  { code: '01', name: 'Jammu and Kashmir', kind: 'union-territory' },
  { code: '02', name: 'Himachal Pradesh', kind: 'state' },
  { code: '03', name: 'Punjab', kind: 'state' },
  { code: '04', name: 'Chandigarh', kind: 'union-territory' },
  { code: '05', name: 'Uttarakhand', kind: 'state' },
  { code: '06', name: 'Haryana', kind: 'state' },
  { code: '07', name: 'Delhi', kind: 'union-territory' },
  { code: '08', name: 'Rajasthan', kind: 'state' },
  { code: '09', name: 'Uttar Pradesh', kind: 'state' },
  { code: '10', name: 'Bihar', kind: 'state' },
  { code: '11', name: 'Sikkim', kind: 'state' },
  { code: '12', name: 'Arunachal Pradesh', kind: 'state' },
  { code: '13', name: 'Nagaland', kind: 'state' },
  { code: '14', name: 'Manipur', kind: 'state' },
  { code: '15', name: 'Mizoram', kind: 'state' },
  { code: '16', name: 'Tripura', kind: 'state' },
  { code: '17', name: 'Meghalaya', kind: 'state' },
  { code: '18', name: 'Assam', kind: 'state' },
  { code: '19', name: 'West Bengal', kind: 'state' },
  { code: '20', name: 'Jharkhand', kind: 'state' },
  { code: '21', name: 'Odisha', kind: 'state' },
  { code: '22', name: 'Chhattisgarh', kind: 'state' },
  { code: '23', name: 'Madhya Pradesh', kind: 'state' },
  { code: '24', name: 'Gujarat', kind: 'state' },
  { code: '25', name: 'Daman and Diu (before 2020)', kind: 'union-territory', legacy: true },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', kind: 'union-territory' },
  { code: '27', name: 'Maharashtra', kind: 'state' },
  { code: '28', name: 'Andhra Pradesh (before 2014)', kind: 'state', legacy: true },
  { code: '29', name: 'Karnataka', kind: 'state' },
  { code: '30', name: 'Goa', kind: 'state' },
  { code: '31', name: 'Lakshadweep', kind: 'union-territory' },
  { code: '32', name: 'Kerala', kind: 'state' },
  { code: '33', name: 'Tamil Nadu', kind: 'state' },
  { code: '34', name: 'Puducherry', kind: 'union-territory' },
  { code: '35', name: 'Andaman and Nicobar Islands', kind: 'union-territory' },
  { code: '36', name: 'Telangana', kind: 'state' },
  { code: '37', name: 'Andhra Pradesh', kind: 'state' },
  { code: '38', name: 'Ladakh', kind: 'union-territory' },
  { code: '97', name: 'Other Territory', kind: 'other' },
  { code: '99', name: 'Centre Jurisdiction', kind: 'other' },
]);

/** The business's state: Haryana (Gurugram). */
export const BUSINESS_STATE_CODE = '06';

const STATE_BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

/** The state's name for a code ('06' → 'Haryana'), or undefined. */
export function gstStateName(code: string): string | undefined {
  return STATE_BY_CODE.get(code)?.name;
}

export function isGstStateCode(code: unknown): code is string {
  return typeof code === 'string' && STATE_BY_CODE.has(code);
}

/** The states a buyer may be placed in (legacy codes left out), in code order. */
export const BUYER_STATES: readonly GstState[] = Object.freeze(GST_STATES.filter((s) => !s.legacy));

/**
 * Inter-state when the buyer's state is known and differs from the business's (IGST); otherwise intra-state
 * (CGST + SGST): a buyer with no state is served at the counter in the business's state.
 */
export function isInterState(
  buyerStateCode: string | null | undefined,
  businessStateCode: string = BUSINESS_STATE_CODE,
): boolean {
  return !!buyerStateCode && buyerStateCode !== businessStateCode;
}

export const GST_STATE_CODE_MESSAGE = 'Unknown state code (expected a GST state code such as 06 for Haryana)';

export const gstStateCodeSchema = z.string().trim().refine(isGstStateCode, GST_STATE_CODE_MESSAGE);

/** A buyer's state: a current code (legacy 25/28 and 97/99 are not a buyer's place). */
export const buyerStateCodeSchema = z
  .string()
  .trim()
  .refine((c) => BUYER_STATES.some((s) => s.code === c && s.kind !== 'other'), GST_STATE_CODE_MESSAGE);

// ---------------------------------------------------------------- GSTIN

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The 15th character of a GSTIN from its first 14 (the official algorithm, Luhn mod 36): each character's value
 * (0–9, A–Z = 10–35) is multiplied by 1, 2, 1, 2, … from the left; each product p adds ⌊p / 36⌋ + p mod 36; the check
 * value is (36 − sum mod 36) mod 36.
 */
export function gstinCheckChar(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14))
    throw new RangeError(`gstinCheckChar: ${JSON.stringify(first14)} is not 14 characters 0–9/A–Z`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const p = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

export const GSTIN_MESSAGES = {
  length: 'GSTIN must be 15 characters',
  characters: 'GSTIN may only contain digits and capital letters',
  state: 'GSTIN must start with a GST state code (01–38, 97 or 99)',
  pan: 'GSTIN characters 3–12 must be a PAN (5 letters, 4 digits, 1 letter)',
  entity: 'GSTIN character 13 must be 1–9 or A–Z',
  check: 'GSTIN check character (the 15th) does not match: please check the number',
} as const;

/** What is wrong with a GSTIN (already trimmed and upper-cased), or null when it is valid. */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return GSTIN_MESSAGES.length;
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return GSTIN_MESSAGES.characters;
  if (!isGstStateCode(gstin.slice(0, 2))) return GSTIN_MESSAGES.state;
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(gstin.slice(2, 12))) return GSTIN_MESSAGES.pan;
  if (!/^[1-9A-Z]$/.test(gstin[12]!)) return GSTIN_MESSAGES.entity;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.check;
  return null;
}

export function isValidGstin(gstin: unknown): gstin is string {
  return typeof gstin === 'string' && gstinProblem(gstin) === null;
}

/** The state code of a valid GSTIN ('06AAACB1234C1Z5' → '06'). */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}

/** A GSTIN: trimmed, upper-cased, then checked (shape, state, PAN, check character) with a message per fault. */
export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((s, ctx) => {
    const problem = gstinProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// ---------------------------------------------------------------- SAC and HSN

/** SAC (services): 6 digits starting 99, e.g. 999312 (veterinary), 999729 (other personal services). */
export const SAC_RE = /^99[0-9]{4}$/;
/** HSN (goods): 4, 6 or 8 digits, e.g. 2309 (pet food), 33051090. */
export const HSN_RE = /^(?:[0-9]{4}|[0-9]{6}|[0-9]{8})$/;

export const SAC_MESSAGE = 'SAC code must be 6 digits starting with 99';
export const HSN_MESSAGE = 'HSN code must be 4, 6 or 8 digits (chapters 01–98)';
export const SAC_OR_HSN_MESSAGE = 'Must be a SAC code (6 digits starting with 99) or an HSN code (4, 6 or 8 digits)';

export function isSac(code: unknown): code is string {
  return typeof code === 'string' && SAC_RE.test(code);
}

export function isHsn(code: unknown): code is string {
  // Chapter 99 is services (SAC); there is no chapter 00.
  return typeof code === 'string' && HSN_RE.test(code) && !code.startsWith('99') && !code.startsWith('00');
}

/** 'sac' for a SAC code, 'hsn' for an HSN code (goods, chapters 01–98), null for neither. */
export function taxCodeKind(code: string): 'sac' | 'hsn' | null {
  if (isSac(code)) return 'sac';
  if (isHsn(code)) return 'hsn';
  return null;
}

export const sacSchema = z.string().trim().regex(SAC_RE, SAC_MESSAGE);
export const hsnSchema = z.string().trim().refine(isHsn, HSN_MESSAGE);
/** A visit type's or item's code: SAC or HSN. */
export const sacOrHsnSchema = z
  .string()
  .trim()
  .refine((c) => taxCodeKind(c) !== null, SAC_OR_HSN_MESSAGE);

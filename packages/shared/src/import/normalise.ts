/**
 * How values of the original system become Pawdesk's (issue 21; reference original-data-model.md §4). Pure
 * functions, one per rule, so the importer and its report agree and each rule is tested on its own. None of them
 * throws on odd input: each says what it made of a value (or that it could not), and the importer lists it.
 */
import { DEFAULT_TZ, dateInTz } from '../dates.ts';
import { isId } from '../ids.ts';
import type { LedgerMethod, LedgerStatus } from '../payments/rules.ts';
import { cleanPhone } from '../phone.ts';
import type { CustomerType, Species } from '../catalog.ts';
import { SPECIES } from '../catalog.ts';
import type { VetCustomerType } from '../visits/rules.ts';

/** A value read, or why it could not be: `{ ok: false }` results are listed in the import report. */
export type Normalised<T> = { ok: true; value: T } | { ok: false; reason: string };
const ok = <T>(value: T): Normalised<T> => ({ ok: true, value });
const fail = <T>(reason: string): Normalised<T> => ({ ok: false, reason });

function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 37)}…` : v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'an invalid date' : v.toISOString();
  if (v === null) return 'null';
  if (typeof v === 'object') return 'an object';
  return String(v);
}

// ── the subscription flag ─────────────────────────────────────────────────────────────────────────────────────────

/** The four spellings of "a subscription paid for this visit" in Visit.details, in the order they are read. */
export const SUBSCRIPTION_FLAG_KEYS = [
  'isSubscriptionAvailed',
  'issubscriptionavailed',
  'issubscriptionAvailed',
  'subscriptionAvailed',
] as const;

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);

/** A yes/no sent as a boolean, a number or a word ("Yes", "true", "1", "no"…); anything else is not a boolean. */
export function toBoolean(v: unknown): Normalised<boolean> {
  if (typeof v === 'boolean') return ok(v);
  if (v === 1 || v === 0) return ok(v === 1);
  if (typeof v === 'string') {
    const w = v.trim().toLowerCase();
    if (TRUE_WORDS.has(w)) return ok(true);
    if (FALSE_WORDS.has(w)) return ok(false);
  }
  return fail(`${show(v)} is not a yes or a no`);
}

export interface SubscriptionFlag {
  /** Whether the visit was paid for by a subscription. False when no spelling is present. */
  availed: boolean;
  /** The spellings found, as written. */
  keys: string[];
  /** Spellings that disagree with each other, or values that are not yes/no: the importer lists the visit. */
  conflict?: string;
}

/**
 * Reads the subscription flag from a visit's details under any of its four spellings (reference §4). Absent →
 * not availed. Two spellings that disagree, or a value that is not a yes/no, are reported, and any "yes" wins:
 * the visit was charged against a subscription if any form said so.
 */
export function subscriptionFlag(details: Record<string, unknown> | null | undefined): SubscriptionFlag {
  const keys: string[] = [];
  const values: boolean[] = [];
  const bad: string[] = [];
  for (const key of SUBSCRIPTION_FLAG_KEYS) {
    if (!details || !Object.hasOwn(details, key) || details[key] === null || details[key] === undefined) continue;
    keys.push(key);
    const b = toBoolean(details[key]);
    if (b.ok) values.push(b.value);
    else bad.push(`${key} is ${show(details[key])}`);
  }
  const availed = values.includes(true);
  const disagree = values.includes(true) && values.includes(false);
  const conflict = [...bad, ...(disagree ? [`${keys.join(' and ')} disagree`] : [])].join('; ') || undefined;
  return conflict ? { availed, keys, conflict } : { availed, keys };
}

// ── payment methods and statuses ───────────────────────────────────────────────────────────────────────────────

/** Where a payment method or status was written in the original: each collection spells them its own way. */
export type PaymentSource = 'bill' | 'appointment' | 'visit' | 'usagelog';

export interface NormalisedMethod {
  /** Pawdesk's ledger method. */
  method: LedgerMethod;
  /** Whether the money went through the payment provider (Razorpay) rather than the desk. */
  online: boolean;
  /** The original's spelling, kept for the record and the report. */
  original: string | null;
  /** Set when Pawdesk has no method of that name and the nearest one was taken (the report lists it). */
  note?: string;
}

/**
 * Payment methods (reference §4): Bill Cash/Card/UPI/Online, Appointment online/cash/card/upi/null, visits
 * cash/payment_link. Card and UPI bills were taken through Razorpay (reference §3 rule 7), as was an online
 * appointment: Pawdesk's provider payments are `card`, so they become card, online, with the original name noted.
 * A missing method is `not_recorded`, Pawdesk's method for money taken without saying how.
 */
export function paymentMethod(source: PaymentSource, v: unknown): Normalised<NormalisedMethod> {
  if (v === null || v === undefined || v === '') return ok({ method: 'not_recorded', online: false, original: null });
  if (typeof v !== 'string') return fail(`${show(v)} is not a payment method`);
  const w = v.trim().toLowerCase();
  const original = v;
  switch (w) {
    case 'cash':
      return ok({ method: 'cash', online: false, original });
    case 'payment_link':
      return ok({ method: 'payment_link', online: true, original });
    case 'card':
      // A bill's card payment is a Razorpay capture; an appointment's 'card' was taken at the desk.
      return ok({ method: 'card', online: source === 'bill', original });
    case 'upi':
      return ok({
        method: 'card',
        online: source === 'bill',
        original,
        note: 'UPI has no method of its own in Pawdesk: recorded as card, the original name kept',
      });
    case 'online':
      return ok({
        method: 'card',
        online: true,
        original,
        note: 'Online (Razorpay) is recorded as card, Pawdesk’s provider payments',
      });
    default:
      return fail(`${show(v)} is not a payment method of the original (${source})`);
  }
}

/** Paid, not paid yet, or given back: the statuses of every collection, in one spelling. */
export type PaymentState = 'paid' | 'pending' | 'refunded';

/** Pawdesk's ledger status for a payment in that state (a refund is a completed payment plus a refund row). */
export const PAYMENT_STATE_LEDGER_STATUS: Record<PaymentState, LedgerStatus> = {
  paid: 'completed',
  pending: 'pending',
  refunded: 'completed',
};

/**
 * Payment statuses (reference §4): Bill paid/pending, Appointment pending/paid/refunded, UsageLog Pending/Paid.
 * Case and spaces do not matter; missing is the original's default for that collection (a bill is paid, the
 * others pending).
 */
export function paymentState(source: PaymentSource, v: unknown): Normalised<PaymentState> {
  if (v === null || v === undefined || v === '') return ok(source === 'bill' ? 'paid' : 'pending');
  if (typeof v !== 'string') return fail(`${show(v)} is not a payment status`);
  const w = v.trim().toLowerCase();
  if (w === 'paid' || w === 'pending') return ok(w);
  if (w === 'refunded' && source === 'appointment') return ok('refunded');
  return fail(`${show(v)} is not a payment status of the original (${source})`);
}

// ── customer classes ───────────────────────────────────────────────────────────────────────────────────────────

export interface CustomerClass {
  /** Pvt Ltd or NGO: which price list applies. */
  customerType: CustomerType;
  emergency: boolean;
  /** The veterinary form's four-way value. */
  vetCustomerType: VetCustomerType;
}

/**
 * Customer classes (reference §4): visits pvtltd / "pvtltd Emergency" / NGO / "NGO Emergency", prescriptions
 * pvtltd/NGO, usage logs Customer/NGO ("Customer" is the private class). Case and extra spaces do not matter.
 */
export function customerClass(v: unknown): Normalised<CustomerClass> {
  if (typeof v !== 'string') return fail(`${show(v)} is not a customer class`);
  const words = v.trim().toLowerCase().split(/\s+/);
  const [kind, extra, ...rest] = words;
  if (rest.length > 0 || (extra !== undefined && extra !== 'emergency')) return fail(`${show(v)} is not a customer class`);
  const emergency = extra === 'emergency';
  let customerType: CustomerType;
  if (kind === 'pvtltd' || kind === 'customer') customerType = 'pvtltd';
  else if (kind === 'ngo') customerType = 'NGO';
  else return fail(`${show(v)} is not a customer class`);
  if (kind === 'customer' && emergency) return fail(`${show(v)} is not a customer class`);
  const vetCustomerType = `${customerType}${emergency ? ' Emergency' : ''}` as VetCustomerType;
  return ok({ customerType, emergency, vetCustomerType });
}

// ── species ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Species (reference §4: "dog", "other", "Dog", "Cat"): Pawdesk's lower-case names; missing is a dog (the app's
 * default). A name Pawdesk does not know becomes `other` and is reported (the original text is kept in the note).
 */
export function species(v: unknown): { value: Species; unknown?: string } {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return { value: 'dog' };
  const w = String(v).trim().toLowerCase();
  if ((SPECIES as readonly string[]).includes(w)) return { value: w as Species };
  return { value: 'other', unknown: String(v) };
}

// ── numbers, money ──────────────────────────────────────────────────────────────────────────────────────────────

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A number sent as a number or as text ("500", " 766.67 ", "1,200", "₹ 450"). Empty text and null are absent
 * (`value: null`); text that is not a number fails. Indian digit grouping commas and a rupee sign are allowed:
 * staff typed amounts into forms.
 */
export function toNumber(v: unknown): Normalised<number | null> {
  if (v === null || v === undefined) return ok(null);
  if (typeof v === 'number') return Number.isFinite(v) ? ok(v) : fail(`${show(v)} is not a number`);
  if (typeof v === 'string') {
    const t = v
      .trim()
      .replace(/^(₹|rs\.?)\s*/i, '')
      .replace(/,(?=\d)/g, '');
    if (t === '') return ok(null);
    if (NUMBER_TEXT.test(t)) return ok(Number(t));
  }
  return fail(`${show(v)} is not a number`);
}

export interface Paise {
  paise: number;
  /** The rupee amount was not a whole number of paise and was rounded (listed in the report). */
  rounded: boolean;
}

/**
 * Rupees to integer paise, exactly: 766.67 → 76667 (not rounded, although 766.67 × 100 is 76667.00000000001 in
 * floating point), 766.675 → 76668 (rounded half up), 11500.05 → 1150005. Negative amounts round half away from
 * zero, as `toPaise` does. The decimal digits are read from the number's shortest text, so a float that prints as
 * two decimals is two decimals.
 */
export function rupeesToPaise(v: unknown): Normalised<Paise | null> {
  const n = toNumber(v);
  if (!n.ok) return n;
  if (n.value === null) return ok(null);
  if (Math.abs(n.value) > 9e13) return fail(`${show(v)} rupees is too large an amount`);
  const negative = n.value < 0;
  const scaled = Math.abs(n.value) * 100;
  const near = Math.round(scaled);
  // Floating-point noise of a value that is whole paise (766.67 × 2 = 1533.3400000000001) is not a rounding.
  if (Math.abs(scaled - near) <= 1e-6 + scaled * 4 * Number.EPSILON) {
    return ok({ paise: negative && near !== 0 ? -near : near, rounded: false });
  }
  // toFixed(20) would show the binary value; the shortest text (toString) is what was stored and typed.
  const text = decimalText(Math.abs(n.value));
  const [whole = '0', frac = ''] = text.split('.');
  const paisePart = `${frac}00`.slice(0, 2);
  const rest = frac.slice(2);
  let paise = Number(whole) * 100 + Number(paisePart);
  const rounded = /[1-9]/.test(rest);
  if (rest !== '' && rest.charCodeAt(0) >= 53 /* '5' */) paise += 1;
  if (negative && paise !== 0) paise = -paise;
  return ok({ paise, rounded });
}

/** A non-negative number's digits without an exponent (1e-7 → "0.0000001", 1.5e21 is refused by the caller). */
function decimalText(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  const [mant = '0', expText = '0'] = s.toLowerCase().split('e');
  const exp = Number(expText);
  const [i = '0', f = ''] = mant.split('.');
  const digits = i + f;
  const point = i.length + exp;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

// ── dates and times ─────────────────────────────────────────────────────────────────────────────────────────────

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * An instant sent as a Date, an ISO text ("2026-04-16T06:30:00.000Z"), a day ("2026-04-16", "16/04/2026" as the
 * app types vaccination dates: midnight UTC of that day, as the original stores them) or milliseconds since 1970.
 * Null and empty text are absent.
 */
export function toDate(v: unknown): Normalised<Date | null> {
  if (v === null || v === undefined || v === '') return ok(null);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? fail('an invalid date') : ok(v);
  if (typeof v === 'number') return Number.isFinite(v) ? ok(new Date(v)) : fail(`${show(v)} is not a date`);
  if (typeof v !== 'string') return fail(`${show(v)} is not a date`);
  const t = v.trim();
  const iso = ISO_DAY.exec(t);
  const dmy = DMY.exec(t);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (y !== undefined) {
    if (!validDay(Number(y), Number(m), Number(d))) return fail(`${show(v)} is not a day of the calendar`);
    return ok(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))));
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(t)) {
    const date = new Date(t);
    if (!Number.isNaN(date.getTime())) return ok(date);
  }
  return fail(`${show(v)} is not a date`);
}

export interface DayOnly {
  /** YYYY-MM-DD. */
  day: string;
  /** The value was not at midnight UTC: the day was taken in the business's time zone (listed in the report). */
  shifted: boolean;
}

/**
 * A date-only value (appointmentDate, ScheduledVisit.date, Attendance.date, follow-ups, dates of birth): the
 * original stores it as midnight UTC of its YYYY-MM-DD, so that UTC day is the day, even though in India that
 * instant is 05:30 of the same day (reading it in Asia/Kolkata would be right here by luck, and wrong for any value
 * stored at midnight of India). A value not at midnight UTC (set by server date maths in its own zone) is read as
 * the calendar day in the business's time zone, and flagged.
 */
export function dayOnly(v: unknown, tz: string = DEFAULT_TZ): Normalised<DayOnly | null> {
  const d = toDate(v);
  if (!d.ok || d.value === null) return d as Normalised<null>;
  const date = d.value;
  const midnight =
    date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
  if (midnight) return ok({ day: date.toISOString().slice(0, 10), shifted: false });
  return ok({ day: dateInTz(date, tz), shifted: true });
}

const TIME = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i;

/**
 * A time of day as `HH:MM` (24 h): the original stores "HH:MM" text but forms also sent "9:30", "9.30" or
 * "9:30 PM". Empty is absent; anything else that is not a time fails. Hours up to 23 (the original's slots go to
 * 21:00, later than Pawdesk's slot table: kept as they are).
 */
export function timeOfDay(v: unknown): Normalised<string | null> {
  if (v === null || v === undefined) return ok(null);
  if (typeof v !== 'string') return fail(`${show(v)} is not a time`);
  const t = v.trim();
  if (t === '') return ok(null);
  const m = TIME.exec(t);
  if (!m || (m[2] === undefined && m[3] === undefined)) return fail(`${show(v)} is not a time (HH:MM)`);
  let h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (half) {
    if (h < 1 || h > 12) return fail(`${show(v)} is not a time`);
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  }
  if (h > 23 || min > 59) return fail(`${show(v)} is not a time`);
  return ok(`${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`);
}

// ── ids, phones, emails ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * A reference to another document as 24 lower-case hex digits: an ObjectId (anything with `toHexString`, as the
 * bson package's), `{ $oid }`, or text (Visit.details.planId and Appointment.serviceId hold ids as strings).
 * Empty and null are absent; anything else is not an id.
 */
export function objectIdText(v: unknown): Normalised<string | null> {
  if (v === null || v === undefined || v === '') return ok(null);
  let text: unknown = v;
  if (typeof v === 'object') {
    const o = v as { toHexString?: () => string; $oid?: unknown };
    if (typeof o.toHexString === 'function') text = o.toHexString();
    else if ('$oid' in o) text = o.$oid;
  }
  if (typeof text === 'string') {
    const t = text.trim().toLowerCase();
    if (isId(t)) return ok(t);
  }
  return fail(`${show(typeof text === 'string' ? text : v)} is not an ObjectId`);
}

/**
 * A phone as Pawdesk keeps it: the shared cleanPhone (digits; +91 and a leading 0 dropped), and only a full
 * 10-digit number counts. Empty is absent (an owner's phone is optional); anything else fails and the record keeps
 * no phone (listed).
 */
export function phone(v: unknown): Normalised<string | null> {
  if (v === null || v === undefined) return ok(null);
  if (typeof v !== 'string' && typeof v !== 'number') return fail(`${show(v)} is not a phone number`);
  const raw = String(v).trim();
  if (raw === '') return ok(null);
  const cleaned = cleanPhone(raw);
  if (cleaned.length === 10 && raw.replace(/\D/g, '').length <= 12) return ok(cleaned);
  return fail(`${show(v)} is not a 10-digit phone number`);
}

/**
 * The key emails are matched by: trimmed and lower-cased (the original lower-cases users' emails but not owners',
 * so "Asha@X.com" and "asha@x.com" are one person's). The email itself is stored as written, trimmed.
 */
export function emailKey(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim().toLowerCase();
  return t === '' ? null : t;
}

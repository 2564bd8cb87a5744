/**
 * The building blocks of every request contract. Bad input is refused here, once, with a field message, so every
 * route (and every web form) that uses these helpers gets the same rules:
 * - text never carries control characters (tab and line breaks only in multi-line text);
 * - numbers stay inside what their column holds, and money inside a limit the message names;
 * - object rules that run "even when other fields failed" never see a non-object.
 */
import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { formatINR, hasAtMostTwoDecimals } from './money.ts';

// ---------------------------------------------------------------- text

/** C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab, line feed and carriage return are allowed (multi-line text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTILINE_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CONTROL_CHARS_MESSAGE = 'Must not contain control characters';

/** True when `s` holds a control character (tab, line feed and carriage return are allowed when `multiline`). */
export function hasControlChars(s: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE_RE : CONTROL_RE).test(s);
}

/** An unpaired UTF-16 surrogate: no character at all (PostgreSQL refuses it in JSON, and it prints as garbage). */
const LONE_SURROGATE_RE = /\p{Cs}/u;

export const BROKEN_TEXT_MESSAGE = 'Must not contain broken characters (invalid Unicode)';

/** True when `s` holds an unpaired surrogate, i.e. is not well-formed Unicode text. */
export function hasBrokenChars(s: string): boolean {
  return LONE_SURROGATE_RE.test(s);
}

export interface TextOptions {
  /** Allow tab and line breaks (notes, diagnosis, address, comment). */
  multiline?: boolean;
  /** Message when the value is missing or not a string. */
  error?: string;
}

/** Any text input: a string without control characters. Build every string field of a request on this. */
export const text = (opts: TextOptions = {}) =>
  z
    .string(opts.error ? { error: opts.error } : undefined)
    .refine((s) => !hasControlChars(s, opts.multiline), CONTROL_CHARS_MESSAGE)
    .refine((s) => !hasBrokenChars(s), BROKEN_TEXT_MESSAGE);

/** Text that must be given: `message` when missing or blank; trimmed; at most `max` characters (`tooLong` when more). */
export const requiredString = (message: string, max: number, tooLong?: string, opts: Omit<TextOptions, 'error'> = {}) =>
  text({ ...opts, error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong);

/** Optional text: trimmed; '', null and absent all mean none (null); at most `max` characters. */
export const optionalText = (max: number, tooLong?: string, opts: TextOptions = {}) =>
  text({ error: 'Must be text', ...opts })
    .max(max, tooLong ?? `At most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

/** A required email address, trimmed, at most 254 characters. */
export const requiredEmail = () => requiredString('Email is required', 254).pipe(z.email('Email format is invalid'));

/** A 24-hex id; malformed ids are a 400. */
export const idSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'Invalid id')
  .meta({ examples: ['65f1a2b3c4d5e6f708192a3b'] });
export const idParams = z.object({ id: idSchema });

/**
 * A required id field of a save: `missing` when it is absent, not text, empty or blank (a form that sent nothing
 * chosen), `notText` when absent or not text if that differs; a malformed id is 'Invalid id'.
 */
export const requiredId = (missing: string, notText = missing) =>
  text({ error: notText })
    .refine((s) => s.trim() !== '', missing)
    .pipe(idSchema);

/** A `yyyy-MM-dd` calendar date. */
export const dateSchema = z
  .string()
  .refine(isIsoDate, 'Invalid date (expected yyyy-MM-dd)')
  .meta({ format: 'date', examples: ['2026-01-15'] });
export const dateParams = z.object({ date: dateSchema });

// ---------------------------------------------------------------- numbers

/** Largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647;
/** Largest count the API accepts (stock, quantities, reorder levels): well inside an `integer` column. */
export const MAX_COUNT = 100_000_000;
/** Largest single amount the API accepts (a price, a payment): ₹1,00,00,000.00 (one crore). */
export const MAX_AMOUNT_RUPEES = 10_000_000;
/** Largest total the API accepts (a sum of many amounts): ₹1,00,00,00,000.00 (one hundred crore). */
export const MAX_TOTAL_RUPEES = 1_000_000_000;

/** 'Must be at most ₹1,00,00,000.00' (with the field's label when given). */
export const amountTooLarge = (max: number, label?: string) =>
  label ? `${label} must be at most ${formatINR(max)}` : `Must be at most ${formatINR(max)}`;

type NumberError = Exclude<Parameters<typeof z.number>[0], string | undefined>['error'];

/** Rupees: a non-negative number with at most two decimals, at most `max` (default ₹1 crore), named in the message. */
export const rupeesSchema = rupees();
export function rupees(opts: { label?: string; max?: number; error?: NumberError } = {}) {
  const max = opts.max ?? MAX_AMOUNT_RUPEES;
  const label = opts.label;
  return z
    .number({ error: opts.error ?? (label ? `${label} must be a number` : 'Must be a number') })
    .nonnegative(label ? `${label} cannot be negative` : 'Must not be negative')
    .max(max, amountTooLarge(max, label))
    .refine(hasAtMostTwoDecimals, label ? `${label} can have at most two decimals` : 'At most two decimals');
}

/** A whole number from `min` to `max` (default 0..MAX_COUNT), with the field's label in every message. */
export const wholeNumber = (label: string, opts: { min?: number; max?: number } = {}) => {
  const min = opts.min ?? 0;
  const max = opts.max ?? MAX_COUNT;
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-IN')}`);
};

// ---------------------------------------------------------------- objects

/** A plain JSON object (not null, not an array). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a rule's `when` sees of an issue raised while parsing (zod keeps the input until the parse ends). */
interface RawIssue {
  continue?: boolean;
  input?: unknown;
}

/**
 * Options for an object-level `.superRefine(fn, whenObject)`: the rule runs even when some fields are missing or
 * failed their own checks (so a form shows every message at once), but never when the value is not an object
 * (`null`, an array, a scalar), nor when a field holds a value of the wrong type (a number where text belongs).
 * So the rule may meet `undefined` for a missing field, but never has to guard against `.trim()` on an object:
 * that field's own message stands.
 */
export const whenObject = {
  when: (payload: { value: unknown; issues: readonly RawIssue[] }) =>
    isPlainObject(payload.value) && payload.issues.every((i) => i.continue === true || i.input === undefined),
};

// ---------------------------------------------------------------- envelopes and paging

/** Success envelope: `{ success: true, message? }`. */
export const okSchema = z.object({ success: z.literal(true), message: z.string().optional() });

/** Error envelope of every failed call. */
export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

/** `limit` query: a whole number 1..max, `dflt` when absent. */
export const limitQuery = (max: number, dflt: number) => z.coerce.number().int().min(1).max(max).default(dflt);
/**
 * Rows a list answers when the request names no `limit`: the existing web client never pages (it ignores
 * `nextCursor`), so it gets up to this many with `nextCursor` for the rest; Pawdesk's screens send `limit`.
 */
export const UNPAGED_MAX = 500;
/** `limit` 1..max when given; absent is the existing client's unpaged list (UNPAGED_MAX rows). */
export const unpagedLimitQuery = (max = 100) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .optional()
    .transform((v) => v ?? UNPAGED_MAX);
/** An opaque paging cursor as the previous page returned it. */
export const cursorQuery = (max = 300) => text().max(max, 'Invalid cursor').optional();

/** Paging query: `limit` (1..100, default 50) and an opaque `cursor`. */
export const pageQuery = z.object({ limit: limitQuery(100, 50), cursor: cursorQuery(200) });

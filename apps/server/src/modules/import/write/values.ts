import {
  dayOnly,
  emailKey,
  type Normalised,
  phone as normalPhone,
  rupeesToPaise,
  timeOfDay,
  toBoolean,
  toDate,
  toNumber,
} from '@pawdesk/shared/import/normalise';
import type { ImportContext } from './context.ts';
import type { Incoming } from './types.ts';

/**
 * The normalising rules (packages/shared/src/import/normalise.ts) applied to one document's field, listing in the
 * report every value that had to be interpreted or could not be read, with the field's name and the original id.
 */
export class Fields {
  constructor(
    private readonly ctx: ImportContext,
    readonly doc: Incoming,
  ) {}

  get(field: string): unknown {
    return this.doc.doc[field];
  }

  private read<T>(field: string, r: Normalised<T>, fallback: T): T {
    if (r.ok) return r.value;
    this.ctx.problem(this.doc, `${field}: ${r.reason}`);
    return fallback;
  }

  /** Trimmed text; '' when missing or not text. */
  text(field: string, v: unknown = this.get(field)): string {
    if (typeof v === 'string') return v.trim();
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return '';
  }

  /** Text or null when empty. */
  optText(field: string, v: unknown = this.get(field)): string | null {
    return this.text(field, v) || null;
  }

  /** Rupees to paise (null when missing); a value that is not whole paise is rounded half up and listed. */
  paise(field: string, v: unknown = this.get(field)): number | null {
    const r = rupeesToPaise(v);
    if (r.ok && r.value?.rounded) {
      this.ctx.problem(
        this.doc,
        `${field}: ₹${String(v)} is not a whole number of paise; rounded to ₹${(r.value.paise / 100).toFixed(2)}`,
      );
    }
    return this.read(field, r, null)?.paise ?? null;
  }

  number(field: string, v: unknown = this.get(field)): number | null {
    return this.read(field, toNumber(v), null);
  }

  /** A whole number ≥ 0, or null (a fraction is rounded and listed). */
  count(field: string, v: unknown = this.get(field)): number | null {
    const n = this.number(field, v);
    if (n === null) return null;
    if (n < 0) {
      this.ctx.problem(this.doc, `${field}: ${n} is negative; taken as 0`);
      return 0;
    }
    if (!Number.isInteger(n)) {
      this.ctx.problem(this.doc, `${field}: ${n} is not a whole number; rounded to ${Math.round(n)}`);
      return Math.round(n);
    }
    return n;
  }

  bool(field: string, fallback = false, v: unknown = this.get(field)): boolean {
    if (v === undefined || v === null) return fallback;
    return this.read(field, toBoolean(v), fallback);
  }

  instant(field: string, v: unknown = this.get(field)): Date | null {
    return this.read(field, toDate(v), null);
  }

  /** YYYY-MM-DD of a date-only value; one not at midnight UTC is read in the business's time zone and listed. */
  day(field: string, v: unknown = this.get(field)): string | null {
    const r = dayOnly(v);
    if (r.ok && r.value?.shifted) {
      this.ctx.problem(
        this.doc,
        `${field}: ${String(v instanceof Date ? v.toISOString() : v)} is not at midnight UTC; taken as ${r.value.day} in India`,
      );
    }
    return this.read(field, r, null)?.day ?? null;
  }

  time(field: string, v: unknown = this.get(field)): string | null {
    return this.read(field, timeOfDay(v), null);
  }

  phone(field: string, v: unknown = this.get(field)): string | null {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    return this.read(field, normalPhone(v), null);
  }

  email(field: string, v: unknown = this.get(field)): string | null {
    return emailKey(v);
  }

  /** An ObjectId reference as 24 hex, or null. */
  ref(field: string, v: unknown = this.get(field)): string | null {
    if (v === undefined || v === null || v === '') return null;
    if (typeof v === 'object' && (v as { _bsontype?: string })._bsontype === 'ObjectId') {
      return (v as { toHexString(): string }).toHexString();
    }
    if (typeof v === 'string' && /^[0-9a-fA-F]{24}$/.test(v.trim())) return v.trim().toLowerCase();
    this.ctx.problem(this.doc, `${field}: ${JSON.stringify(v)} is not an id; left out`);
    return null;
  }

  /** When the document was made: `createdAt`, else the time in its ObjectId. */
  created(): Date {
    return this.instant('createdAt') ?? new Date(Number.parseInt(this.doc.id.slice(0, 8), 16) * 1000);
  }

  updated(): Date {
    return this.instant('updatedAt') ?? this.created();
  }
}

import type { ImportContext, ImportedLedgerRow } from './context.ts';
import { derivedId } from './ids.ts';
import type { Incoming } from './types.ts';

/**
 * The ledger rows of one imported sale made of several amounts (a visit: its charge, an extra-days charge, a payment
 * at the visit and the remainder paid at check-out), posted so that a later export of the original that changes
 * an amount adds correcting rows and never edits one (the ledger is append-only):
 *
 * - the first time, one row per amount that is not zero (a `charge` or a `payment`), its id derived from the
 *   document and the amount's key, so a rerun — also after a crash mid-run — writes the same rows;
 * - when the document changed since, per amount only the difference: more → a further charge or payment (the next
 *   row of that key); less → a `credit` of its charges or a `refund` of its payments, newest row first, each never
 *   beyond what is left of the row it names (the database checks that too).
 *
 * What was posted is remembered in the document's import record (`money`): per key the total now (`charge`), and,
 * once a key has more than one row or a row was reduced, what is left of each row (`charge:0`, `charge:1`…), and
 * how many later versions of the document were posted (`#`: a correction's id names it, so ids never repeat).
 * Returns that record.
 */

/** The columns every row of a sale shares (owner, pet, subject, who, when); rows are completed. */
export type LedgerBase = Omit<ImportedLedgerRow, 'id' | 'kind' | 'amountPaise' | 'status'>;

export interface Line {
  /** The amount's name in the import record: `charge`, `extra`, `paid`, `later`… */
  key: string;
  kind: 'charge' | 'payment';
  /** Paise, what the original says now (0 when none). */
  amountPaise: number;
  /** The row's own columns beyond the sale's: when, method, note, provider ids, what a charge is for. */
  row: Omit<Partial<LedgerBase>, 'ownerId'>;
}

export type Money = Record<string, number>;

/** What is left of each row of a key (the record keeps them explicitly only when needed). */
function rowsOf(money: Money, key: string): number[] {
  const rows: number[] = [];
  for (let i = 0; `${key}:${i}` in money; i++) rows.push(money[`${key}:${i}`]!);
  if (rows.length === 0 && (money[key] ?? 0) > 0) rows.push(money[key]!);
  return rows;
}

const rowId = (collection: string, docId: string, key: string, i: number) =>
  i === 0 ? derivedId(collection, docId, key) : derivedId(collection, docId, key, i);

export function postLines(
  ctx: ImportContext,
  doc: Incoming,
  collection: string,
  base: LedgerBase,
  lines: readonly Line[],
): Money {
  const was: Money = { ...(doc.previous?.money ?? {}) };
  const version = doc.previous ? (was['#'] ?? 0) + 1 : 0;
  const next: Money = version > 0 ? { '#': version } : {};
  for (const line of lines) {
    const rows = rowsOf(was, line.key);
    const before = rows.reduce((s, r) => s + r, 0);
    const diff = line.amountPaise - before;
    const at = line.row.createdAt ?? base.createdAt;
    if (diff > 0) {
      const i = rows.length;
      ctx.ledger.add({
        ...base,
        ...line.row,
        createdAt: at,
        status: 'completed',
        id: rowId(collection, doc.id, line.key, i),
        kind: line.kind,
        amountPaise: diff,
        // A provider's payment id is unique in the ledger: only the first row of a key carries it.
        ...(i > 0 ? { providerPaymentId: null } : {}),
      });
      rows.push(diff);
    } else if (diff < 0) {
      let left = -diff;
      for (let i = rows.length - 1; i >= 0 && left > 0; i--) {
        const take = Math.min(left, rows[i]!);
        if (take <= 0) continue;
        const source = rowId(collection, doc.id, line.key, i);
        const correction = line.kind === 'charge' ? 'credit' : 'refund';
        ctx.ledger.add({
          ...base,
          ...(line.kind === 'payment' ? { method: line.row.method ?? 'not_recorded' } : {}),
          createdAt: at,
          paidAt: at,
          status: 'completed',
          id: derivedId(collection, doc.id, line.key, correction, version, i),
          kind: correction,
          ...(correction === 'credit' ? { creditOf: source } : { refundOf: source }),
          amountPaise: take,
          note: 'Corrected by a later export of the original',
        });
        rows[i] = rows[i]! - take;
        left -= take;
      }
    }
    const total = rows.reduce((s, r) => s + r, 0);
    if (total !== 0 || rows.length > 0) next[line.key] = total;
    // One untouched row is implied by the total; anything else is written out.
    if (rows.length > 1 || (rows.length === 1 && rows[0] !== total) || (rows.length === 1 && total === 0)) {
      rows.forEach((r, i) => {
        next[`${line.key}:${i}`] = r;
      });
    }
  }
  return next;
}

/** The total of each key now (a record's `charge:0`… left out). */
export function totals(money: Money | null | undefined): Money {
  const out: Money = {};
  for (const [k, v] of Object.entries(money ?? {})) if (!k.includes(':') && k !== '#') out[k] = v;
  return out;
}

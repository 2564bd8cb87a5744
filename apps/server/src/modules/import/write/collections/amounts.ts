import { formatINR } from '@pawdesk/shared';
import type { ImportContext } from '../context.ts';
import type { Incoming } from '../types.ts';
import type { Fields } from '../values.ts';

/**
 * An amount in rupees as paise (Fields.paise: rounding to whole paise listed), also listing an amount the original
 * kept as text ("4000" from a form), since the report lists every value that had to be interpreted.
 */
export function amount(ctx: ImportContext, doc: Incoming, f: Fields, field: string, v: unknown = f.get(field)): number | null {
  const paise = f.paise(field, v);
  if (typeof v === 'string' && paise !== null) ctx.problem(doc, `${field}: "${v}" was text; read as ${formatINR(paise / 100)}`);
  return paise;
}

/** A count (Fields.count: fractions rounded and listed), also listing a count the original kept as text ("2"). */
export function count(ctx: ImportContext, doc: Incoming, f: Fields, field: string, v: unknown = f.get(field)): number | null {
  const n = f.count(field, v);
  if (typeof v === 'string' && n !== null) ctx.problem(doc, `${field}: "${v}" was text; read as ${n}`);
  return n;
}

/** ₹ text of paise, for messages. */
export const rupees = (paise: number | null | undefined) => formatINR((paise ?? 0) / 100);

/**
 * Adds what the original says a document was charged and paid to the collection's "before" money: all of it the
 * first time, and on a changed document only what changed since the last run, as the ledger rows posted now
 * (LedgerBatch.settle) are only the differences too, so the report's before and after agree on every run.
 */
export function sourceMoney(ctx: ImportContext, doc: Incoming, now: { charge: number; paid: number }): void {
  const was = doc.previous?.money ?? {};
  ctx.source({ charged: now.charge - (was.charge ?? 0), paid: now.paid - (was.paid ?? 0) });
}

import { createHash } from 'node:crypto';

/**
 * An id for a row the importer makes that has no ObjectId of its own (a ledger row, a visit's line, a vaccination):
 * 24 hex digits derived from where it comes from, so a rerun — or a rerun after a crash — makes the same row with the
 * same id and a clean run and an interrupted one end in the same database.
 */
export function derivedId(...parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

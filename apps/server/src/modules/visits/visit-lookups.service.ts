import type { DbOrTx } from '../../db/client.ts';
import { findVisitLabels } from './visit-lookups.repo.ts';

/** A visit as a list of another module names it: its purpose, and whether it was voided. */
export interface VisitLabel {
  id: string;
  purpose: string;
  voided: boolean;
}

/** The purposes of these visits, by id, in one query; ids of no visit are absent from the map. */
export async function visitLabelsByIds(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, VisitLabel>> {
  const rows = await findVisitLabels(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, purpose: r.purpose, voided: r.voidedAt !== null }]));
}

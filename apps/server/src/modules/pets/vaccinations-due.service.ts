import type { DbOrTx } from '../../db/client.ts';
import { findVaccinationsDue, type VaccinationDueRow } from './vaccinations-due.repo.ts';

export type { VaccinationDueRow };

/**
 * For the reminders module's 'Vaccinations due': the pets module's vaccinations due in a date range, with pet and
 * owner, the latest record of each vaccine only (see findVaccinationsDue). One query per call.
 */
export function vaccinationsDueBetween(
  db: DbOrTx,
  q: { from: string; to: string; limit: number; ownerIds?: readonly string[] },
): Promise<VaccinationDueRow[]> {
  if (q.ownerIds && q.ownerIds.length === 0) return Promise.resolve([]);
  return findVaccinationsDue(db, q);
}

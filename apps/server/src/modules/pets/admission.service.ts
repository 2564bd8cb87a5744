import { type AdmissionCheckResponse, admissionProblems, admissionRefusal } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { coreVaccines } from '../site/settings.service.ts';
import { findPetById, vaccinationsOf } from './pets.repo.ts';

/**
 * The admission rule of boarding (issue 11; `admissionProblems` in shared): the pets module judges its own data
 * (the pet's species, birth date and vaccinations) against the core vaccines of the settings. The visits module
 * calls `requireAdmission` in every boarding sale.
 */

/** What stops the pet from boarding on `today`; 404 for an unknown pet. */
export async function admissionCheck(db: DbOrTx, petId: string, today: string): Promise<AdmissionCheckResponse> {
  const pet = await findPetById(db, petId);
  if (!pet) throw notFound('Pet');
  const [records, core] = await Promise.all([vaccinationsOf(db, [petId]), coreVaccines(db)]);
  const missing = admissionProblems(pet, records, core, today);
  return { success: true, ok: missing.length === 0, missing };
}

/** The acknowledgement a boarding stores: what was missing, who went on, when. */
export interface AdmissionAcknowledgement {
  missing: string[];
  by: string;
  at: Date;
}

/**
 * A boarding sale's admission: nothing when the pet meets the rule; the acknowledgement to store when it does not
 * and staff sent `admissionAcknowledged: true`; else 409 naming what is missing (`admissionRequired: true`).
 */
export async function requireAdmission(
  db: DbOrTx,
  a: { petId: string; acknowledged: boolean | null | undefined; by: string; at: Date; today: string },
): Promise<AdmissionAcknowledgement | undefined> {
  const { missing } = await admissionCheck(db, a.petId, a.today);
  if (missing.length === 0) return undefined;
  if (a.acknowledged !== true) throw conflict(admissionRefusal(missing), { missing, admissionRequired: true });
  return { missing, by: a.by, at: a.at };
}

import type { DbOrTx } from '../../db/client.ts';
import { applyVaccinationChanges, type VaccinationRow, type VaccinationValues, vaccinationsOf } from './pets.repo.ts';

/**
 * A vaccination as an edit sends it: `_id` when it is a stored row the form read. A date or serial number left out
 * (undefined) keeps the stored one; null clears it.
 */
export interface GivenVaccination extends Pick<VaccinationValues, 'name' | 'numberOfDose'> {
  _id: string | null;
  givenOn?: string | null;
  nextDue?: string | null;
  serialNo?: string | null;
}

export interface VaccinationChanges {
  update: { id: string; values: VaccinationValues }[];
  insert: VaccinationValues[];
  remove: string[];
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * How a stored list becomes the given one. Each given entry is matched to a stored row: by `_id`, else by the same
 * name (case-insensitive) and number of doses, else by the same name. A matched row keeps its id and what the entry
 * does not send (the dates given and due, the batch or serial number: left out, not null); name and doses become the
 * entry's. Unmatched entries are new rows, and
 * stored rows no entry matched are removed.
 */
export function vaccinationChanges(stored: readonly VaccinationRow[], given: readonly GivenVaccination[]): VaccinationChanges {
  const free = new Map(stored.map((v) => [v.id, v]));
  const match = new Map<number, VaccinationRow>();
  const passes: ((g: GivenVaccination, v: VaccinationRow) => boolean)[] = [
    (g, v) => g._id === v.id,
    (g, v) => key(g.name) === key(v.name) && g.numberOfDose === v.numberOfDose,
    (g, v) => key(g.name) === key(v.name),
  ];
  for (const same of passes) {
    given.forEach((g, i) => {
      if (match.has(i)) return;
      const found = [...free.values()].find((v) => same(g, v));
      if (found) {
        match.set(i, found);
        free.delete(found.id);
      }
    });
  }
  const values = (g: GivenVaccination, v?: VaccinationRow): VaccinationValues => ({
    name: g.name,
    numberOfDose: g.numberOfDose,
    givenOn: g.givenOn === undefined ? (v?.givenOn ?? null) : g.givenOn,
    nextDue: g.nextDue === undefined ? (v?.nextDue ?? null) : g.nextDue,
    serialNo: g.serialNo === undefined ? (v?.serialNo ?? null) : g.serialNo,
  });
  return {
    update: given.flatMap((g, i) => {
      const v = match.get(i);
      return v ? [{ id: v.id, values: values(g, v) }] : [];
    }),
    insert: given.flatMap((g, i) => (match.has(i) ? [] : [values(g)])),
    remove: [...free.keys()],
  };
}

/** Replaces a pet's vaccinations with the given list (call inside the edit's transaction). */
export async function replaceVaccinations(tx: DbOrTx, petId: string, given: readonly GivenVaccination[]): Promise<void> {
  const stored = await vaccinationsOf(tx, [petId]);
  await applyVaccinationChanges(tx, petId, vaccinationChanges(stored, given));
}

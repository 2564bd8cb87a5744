import type { DbOrTx } from '../../db/client.ts';
import { visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { findStaysInHouse, type InHouseRow } from './stays-in-house.repo.ts';

/** A stay with its boarding type's name, for the lists of pets in house (report cards, issue 20). */
export interface StayInHouse {
  row: InHouseRow;
  /** The boarding type's purpose ("Hostel", "Day Care", …). */
  purpose: string;
}

/** At most this many stays are listed as in house (the resort's capacity is far below it). */
export const STAYS_IN_HOUSE_MAX = 1000;

/** Every pet in house now (every boarding type), oldest entry first. */
export async function staysInHouse(db: DbOrTx): Promise<StayInHouse[]> {
  const rows = await findStaysInHouse(db, STAYS_IN_HOUSE_MAX);
  const types = new Map(
    (await visitTypesByIds(db, [...new Set(rows.map((r) => r.visitTypeId))])).map((t) => [t.id, t.purpose] as const),
  );
  return rows.map((row) => ({ row, purpose: types.get(row.visitTypeId) ?? '' }));
}

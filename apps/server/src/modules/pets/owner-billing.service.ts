import type { DbOrTx } from '../../db/client.ts';
import { findOwnerOfUserForBilling, findOwnersForBilling, findPetNames, type OwnerBillingRow } from './owner-billing.repo.ts';

export type { OwnerBillingRow };

/** What a GST document prints of its buyer (name, address, phone, email, GSTIN, state), by owner id. */
export async function ownersForBilling(db: DbOrTx, ids: readonly string[]): Promise<Map<string, OwnerBillingRow>> {
  return new Map((await findOwnersForBilling(db, ids)).map((r) => [r.id, r]));
}

/** The owner record linked to a customer account (whose documents the customer may read). */
export function ownerOfCustomer(db: DbOrTx, userId: string): Promise<OwnerBillingRow | undefined> {
  return findOwnerOfUserForBilling(db, userId);
}

/** Pets' names by id. */
export async function petNamesByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  return new Map((await findPetNames(db, ids)).map((r) => [r.id, r.name]));
}

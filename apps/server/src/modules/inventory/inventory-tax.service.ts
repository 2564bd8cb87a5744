import type { DbOrTx } from '../../db/client.ts';
import { findTaxedItemsById, findTaxedItemsByName, type TaxedItemRow } from './inventory-tax.repo.ts';

export type { TaxedItemRow };

/** Items' GST fields (HSN, rate, exempt, price includes tax) by id. */
export async function taxedItemsById(db: DbOrTx, ids: readonly string[]): Promise<Map<string, TaxedItemRow>> {
  return new Map((await findTaxedItemsById(db, ids)).map((r) => [r.id, r]));
}

/** Items' GST fields by name (lower case, trimmed): a shop line names its item; the oldest item of a name wins. */
export async function taxedItemsByName(db: DbOrTx, names: readonly string[]): Promise<Map<string, TaxedItemRow>> {
  const out = new Map<string, TaxedItemRow>();
  for (const r of await findTaxedItemsByName(db, names)) {
    const key = r.itemName.trim().toLowerCase();
    if (!out.has(key)) out.set(key, r);
  }
  return out;
}

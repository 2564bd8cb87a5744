import { shopVisitBody, toRupees, unitPricePaise, VISIT_TYPE_CODE } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { activeItemsById } from '../inventory/inventory.service.ts';
import { addShopVisit } from '../sales/new-visit.service.ts';
import { visitTypeByCode } from '../visit-types/visit-types.service.ts';
import type { CareItemRow } from './care.repo.ts';

/**
 * A dose the house gives from stock (issue 20), charged the way issue 18 charges a service during a stay: a Shop sale
 * of the inventory item, put on the stay's bill (`selectedPayment: 'stay_bill'`), so the stock is taken (never below
 * 0: 409), the charge is posted to the ledger and owed until check-out, all in the sale's one transaction under the
 * owner's ledger lock. The care task is written in that same transaction (`write`, the sale's `finish` step): when
 * the task is refused (recorded twice, the stay closed) nothing of the sale is kept either.
 */
export async function chargeHouseDose<T>(
  ctx: AppContext,
  d: { item: CareItemRow; petId: string; by: string },
  write: (tx: DbOrTx, visitId: string) => Promise<T>,
): Promise<T> {
  const itemId = d.item.inventoryItemId!;
  const quantity = Number(d.item.amount);
  const shop = await visitTypeByCode(ctx.db, VISIT_TYPE_CODE.Shop);
  if (!shop) throw conflict('The Shop visit type is missing: a dose from stock cannot be charged');
  const stock = (await activeItemsById(ctx.db, [itemId])).get(itemId);
  if (!stock) throw badRequest('The inventory item of this dose no longer exists', { itemId: 'Inventory item removed' });
  const unit = unitPricePaise({ ngo: stock.unitMinRetailNgoPaise, customer: stock.unitMaxRetailCustomerPaise }, 'pvtltd');
  const body = shopVisitBody.parse({
    petId: d.petId,
    visitType: shop.id,
    customerType: 'pvtltd',
    stockItems: [{ itemId, quantity }],
    details: { totalCalculatedPrice: toRupees(unit * quantity), selectedPayment: 'stay_bill' },
  });
  let out: { value: T } | null = null;
  await addShopVisit(ctx, body, d.by, {
    finish: async (tx, visit) => {
      out = { value: await write(tx, visit.id) };
    },
  });
  if (!out) throw new Error('The dose sale committed without its care task');
  return (out as { value: T }).value;
}

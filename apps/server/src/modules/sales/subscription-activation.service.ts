import { DEFAULT_TZ, dateInTz, ledgerBalance } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { accountOf, entriesBySubject, onSaleMoney } from '../payments/payments.service.ts';
import { saleMoneyArrived } from '../subscriptions/subscription-purchases.service.ts';
import { provideSaleDues } from '../subscriptions/subscription-views.service.ts';

/**
 * A subscription is paid before it is used (issue 16 "Paid before used"): a plan sold by card or payment link waits
 * for its money; when money lands on its sale (a checkout, a webhook, the link page, a staff check, an allocation
 * from the wallet or unapplied money) the ledger announces it inside its own transaction (payments/sale-money.ts), and
 * this listener applies what the sale sold once the sale is paid in full, and moves the subscription's payment dates
 * to the business day the money arrived. The subscriptions module does not read the ledger (payments depends on it);
 * this module tells it what is due on a sale. Both are registered when this file is loaded (the app loads it through
 * sales/subscription-sales.routes.ts).
 */

/** The business time zone the day money arrived is counted in (set from the app's config when its routes load). */
let businessTz = DEFAULT_TZ;

export function useBusinessTimeZone(tz: string): void {
  businessTz = tz;
}

/** The sale (visit) is charged something and nothing of it is due: paid in full. */
export async function salePaidInFull(tx: DbOrTx, visitId: string): Promise<boolean> {
  const { balance } = await accountOf(tx, { visitId });
  return balance.chargedPaise - balance.creditedPaise > 0 && balance.duePaise === 0;
}

onSaleMoney(async (tx, e) => {
  const { visitId, subscriptionId } = e.subject;
  if (!visitId && !subscriptionId) return;
  await saleMoneyArrived(tx, {
    ...(visitId ? { visitId } : {}),
    ...(subscriptionId ? { subscriptionId } : {}),
    date: dateInTz(e.now, businessTz),
    now: e.now,
    paidInFull: salePaidInFull,
  });
});

provideSaleDues(async (db, visitIds) => {
  const entries = await entriesBySubject(db, 'visitId', visitIds);
  return new Map([...entries].map(([id, rows]) => [id, ledgerBalance(rows).duePaise]));
});

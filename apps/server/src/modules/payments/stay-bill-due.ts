import type { DbOrTx } from '../../db/client.ts';

/**
 * What a stay's bill owes beyond the stay's own account: the services added to it (issue 18), whose accounts the
 * sales module reads (payments depends on no module that sells). A card order for a boarding asks for the stay's
 * due plus this, so one card payment at check-out pays the whole bill (the sales module then allocates it to each
 * service's account: sales/stay-bill.service.ts). Registered once, when that module loads.
 */
export type StayBillDue = (db: DbOrTx, boardingId: string) => Promise<number>;

let reader: StayBillDue | null = null;

export function provideStayBillDue(fn: StayBillDue): void {
  reader = fn;
}

/** The services' due on the bill of the boarding an account names (0 for any other account). */
export async function stayBillExtraPaise(db: DbOrTx, ids: { boardingId?: string }): Promise<number> {
  return ids.boardingId && reader ? reader(db, ids.boardingId) : 0;
}

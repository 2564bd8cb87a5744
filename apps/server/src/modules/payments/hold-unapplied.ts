import { formatINR, type LedgerMethod, type LedgerVia, nameAndPhone, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { ownersByIds, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import type { LedgerRow } from './payments.repo.ts';
import { recordPayment } from './payments.service.ts';

/**
 * Captured money that pays nothing we can sell it for (a sale settled another way, an order for another amount, an
 * online purchase that could not be made): booked to the owner's unapplied account, with a staff notification, in
 * the caller's money transaction (owner's ledger lock held). Captured money is never dropped: staff refund it or
 * apply it to a sale from the owner's statement. Shared by settle.ts and checkout-orders.service.ts.
 */
export interface Unapplied {
  ownerId: string;
  petId: string | null;
  amountPaise: number;
  method: LedgerMethod;
  via: LedgerVia;
  by: string | null;
  provider: string | null;
  ref: { orderId: string } | { linkId: string };
  providerPaymentId: string;
  /** The ledger row's note. */
  note: string;
  /** Why it pays nothing, for the notification: 'after the sale was settled another way (or for another amount)'. */
  why: string;
  tz: string;
  now: Date;
}

export async function holdAsUnapplied(tx: DbOrTx, u: Unapplied): Promise<LedgerRow> {
  const row = (await recordPayment(tx, {
    ownerId: u.ownerId,
    petId: u.petId,
    account: 'unapplied',
    for: {},
    amountPaise: u.amountPaise,
    method: u.method,
    via: u.via,
    createdBy: u.by,
    provider: u.provider,
    ...('orderId' in u.ref ? { providerOrderId: u.ref.orderId } : { providerLinkId: u.ref.linkId }),
    providerPaymentId: u.providerPaymentId,
    note: u.note,
    tz: u.tz,
    now: u.now,
  }))!;
  let whose = '';
  if (u.petId) {
    const pet = (await petsWithOwnersByIds(tx, [u.petId])).get(u.petId);
    if (pet) whose = ` for ${pet.name} (${nameAndPhone(pet.owner.name, pet.owner.phone)})`;
  } else {
    const owner = (await ownersByIds(tx, [u.ownerId])).get(u.ownerId);
    if (owner) whose = ` from ${owner.phone ? `${owner.name} (${owner.phone})` : owner.name}`;
  }
  const amount = formatINR(toRupees(u.amountPaise));
  const by = 'orderId' in u.ref ? 'a card payment' : 'a payment link';
  await raiseStaffNotification(tx, {
    kind: 'unapplied_payment',
    title: `${amount} received that pays no sale`,
    body: `${amount} arrived by ${by}${whose} ${u.why}, so it pays nothing yet. It is held on the owner's unapplied balance: refund it or apply it to a sale from the owner's statement.`,
    link: u.petId ? `/staff/history?pet=${u.petId}&statement=1` : null,
    ownerId: u.ownerId,
    refs: { paymentId: row.id },
    dedupeKey: `unapplied:${u.providerPaymentId}`,
    now: u.now,
  });
  return row;
}

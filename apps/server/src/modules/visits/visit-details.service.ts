import {
  type BoughtSubscriptionResponse,
  toRupees,
  type VisitDetails,
  type VisitLedgerRow,
  walkInPetStandIn,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { entriesBySubject, type LedgerRow } from '../payments/payments.service.ts';
import { boardingsOfVisits } from '../boarding/boarding.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { subscriptionById } from '../subscriptions/subscriptions.service.ts';
import { visitTypeById, visitTypeToApi } from '../visit-types/visit-types.service.ts';
import { findVisit, findVisitItems, type VisitItemRow } from './visit-records.repo.ts';
import { visitMoneyOf } from './visit-payments.service.ts';

/** One visit as its detail dialog reads it (GET /visit/getvisitdetails/{id}), and the subscription a visit bought. */

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** A shop item, medicine or vaccine line as the visit lookups answer it (the detail dialog and the Visit History list). */
export function visitItemLine(i: VisitItemRow) {
  return {
    name: i.name,
    price: toRupees(i.pricePaise),
    quantity: Number(i.quantity),
    unit: i.unit,
    category: i.category,
    doseNumber: i.doseNumber,
    volume: num(i.volume),
    // A visit's lines do not record a vaccine's type.
    type: null,
  };
}

/** One ledger row as the detail dialog lists it. */
function ledgerRow(e: LedgerRow): VisitLedgerRow {
  return {
    _id: e.id,
    kind: e.kind,
    status: e.status,
    method: e.method ?? null,
    amount: toRupees(e.amountPaise),
    receiptNo: e.receiptNo ?? null,
    at: (e.paidAt ?? e.createdAt).toISOString(),
  };
}

/** The ledger rows of a visit's sale and of the stay it started (a stay's later rows name only the stay), oldest first. */
async function visitLedger(db: DbOrTx, visitId: string, boardingId: string | undefined): Promise<VisitLedgerRow[]> {
  const [ofVisit, ofStay] = await Promise.all([
    entriesBySubject(db, 'visitId', [visitId]),
    boardingId ? entriesBySubject(db, 'boardingId', [boardingId]) : new Map<string, LedgerRow[]>(),
  ]);
  const rows = new Map<string, LedgerRow>();
  for (const e of [...(ofVisit.get(visitId) ?? []), ...(boardingId ? (ofStay.get(boardingId) ?? []) : [])]) rows.set(e.id, e);
  return [...rows.values()]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map(ledgerRow);
}

/** When and why a visit was voided (null when it was not). */
export const voidedOf = (v: { voidedAt: Date | null; voidReason: string | null }) =>
  v.voidedAt ? { at: v.voidedAt.toISOString(), reason: v.voidReason ?? '' } : null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The visit with its pet and owner, its visit type's prices, and `details`: what the visit sold (price, discount,
 * customer type, days, subscription, follow-up, shop items, medicines, vaccines) with the payment derived from the
 * ledger. 404 for an unknown visit.
 */
export async function visitDetails(db: DbOrTx, id: string): Promise<VisitDetails> {
  const visit = await findVisit(db, id);
  if (!visit) throw notFound('Visit');
  const [type, pets, items, boardings, money] = await Promise.all([
    visitTypeById(db, visit.visitTypeId),
    petsWithOwnersByIds(db, visit.petId ? [visit.petId] : []),
    findVisitItems(db, [visit.id]),
    boardingsOfVisits(db, [visit.id]),
    visitMoneyOf(db, [visit.id]),
  ]);
  const buyer = visit.buyerName ? { name: visit.buyerName, phone: visit.buyerPhone } : null;
  const pet = visit.petId ? pets.get(visit.petId) : undefined;
  if (!type || (!pet && !buyer)) throw notFound('Visit');
  const stored = isRecord(visit.details) ? visit.details : {};
  const { payment, paymentLeft } = money.get(visit.id)!;
  const boardingId = boardings.get(visit.id)?.id;
  const ledger = await visitLedger(db, visit.id, boardingId);
  const price = toRupees(visit.pricePaise);
  return {
    _id: visit.id,
    createdAt: visit.createdAt.toISOString(),
    purpose: visit.purpose,
    price,
    pet: pet
      ? {
          _id: pet.id,
          name: pet.name,
          species: pet.species,
          breed: pet.breed,
          color: pet.color,
          dob: pet.dob,
          owner: { _id: pet.owner.id, name: pet.owner.name, phone: pet.owner.phone, email: pet.owner.email },
        }
      : walkInPetStandIn(buyer!),
    ...(buyer ? { buyer } : {}),
    visitType: visitTypeToApi(type),
    details: {
      ...stored,
      purpose: visit.purpose,
      price,
      finalPrice: price,
      discount: toRupees(visit.discountPaise),
      ...(visit.customerType ? { customerType: visit.customerType } : {}),
      ...(visit.numberOfDays !== null ? { numberOfDays: visit.numberOfDays } : {}),
      isSubscriptionAvailed: visit.isSubscriptionAvailed,
      subscriptionId: visit.subscriptionId,
      items: items.filter((i) => i.kind === 'shop').map(visitItemLine),
      medicines: items.filter((i) => i.kind === 'medicine').map(visitItemLine),
      vaccines: items.filter((i) => i.kind === 'vaccine').map(visitItemLine),
      paymentLeft,
      payment,
    },
    boardingId: boardingId ?? null,
    createdBy: visit.createdBy,
    voided: voidedOf(visit),
    ledger,
  };
}

/** GET /visit/buyy/{visitId}: the subscription that visit bought (or used); 404 when it has none. */
export async function boughtSubscription(db: DbOrTx, visitId: string): Promise<BoughtSubscriptionResponse> {
  const visit = await findVisit(db, visitId);
  if (!visit) throw notFound('Visit');
  const data = visit.subscriptionId ? await subscriptionById(db, visit.subscriptionId) : undefined;
  if (!data) throw notFound('Subscription');
  const validityInDays = data.planId.validityInDays;
  return {
    success: true,
    message: 'Subscription found',
    data: {
      ...data,
      subscriptionType: { ...data.subscriptionType, validityInDays, price: data.price },
      validityInDays,
    },
  };
}

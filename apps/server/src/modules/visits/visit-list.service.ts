import { toRupees, type VisitListRow, walkInPetStandIn } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { findVisitsByIds, findVisitsToIndex } from './visit-list.repo.ts';
import { findVisitItems } from './visit-records.repo.ts';
import { visitItemLine } from './visit-details.service.ts';

export { onVisitVoided, type VisitVoidedListener } from './visit-changes.ts';

/**
 * What the Visit History search (history module) reads of visits: a visit to index (its search row copies the
 * purpose, the pet and the time) and a page of visits as the list's rows, in
 * four batched queries run side by side whatever the page size (no query per row).
 */
export type VisitToIndex = Awaited<ReturnType<typeof findVisitsToIndex>>[number];

export async function visitsToIndex(db: DbOrTx, ids: readonly string[]): Promise<VisitToIndex[]> {
  return findVisitsToIndex(db, ids);
}

/** What the search row knows of a visit and the visit itself does not: the money from the ledger. */
export interface ListMoney {
  /** The visit's pet (null: a walk-in sale) and visit type as the search row holds them, so every lookup of a page runs at once. */
  petId: string | null;
  visitTypeId: string;
  duePaise: number;
  paidPaise: number;
  paymentState: VisitListRow['paymentState'];
  ownerId: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const textOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The list rows of these visits, in the order of `ids` (ids of no visit are left out): the contract of
 * `getvisitlist` (the fields of GET /visit/getvisitdetails) with the search row's money. Four queries for any page.
 */
export async function visitListRows(
  db: DbOrTx,
  ids: readonly string[],
  money: ReadonlyMap<string, ListMoney>,
): Promise<VisitListRow[]> {
  const known = ids.flatMap((id) => {
    const m = money.get(id);
    return m ? [m] : [];
  });
  // One round trip: the visits, their lines, their pets with owners and their visit types, side by side.
  const [visits, items, pets, types] = await Promise.all([
    findVisitsByIds(db, ids),
    findVisitItems(db, ids),
    petsWithOwnersByIds(
      db,
      known.flatMap((m) => (m.petId ? [m.petId] : [])),
    ),
    visitTypesByIds(db, [...new Set(known.map((m) => m.visitTypeId))]),
  ]);
  const byId = new Map(visits.map((v) => [v.id, v]));
  const typeById = new Map(types.map((t) => [t.id, t]));
  const linesOf = new Map<string, typeof items>();
  for (const i of items) {
    const list = linesOf.get(i.visitId);
    if (list) list.push(i);
    else linesOf.set(i.visitId, [i]);
  }
  return ids.flatMap((id) => {
    const v = byId.get(id);
    const m = money.get(id);
    const buyer = v?.buyerName ? { name: v.buyerName, phone: v.buyerPhone } : null;
    const found = v?.petId ? pets.get(v.petId) : undefined;
    const type = v && typeById.get(v.visitTypeId);
    if (!v || !m || (!found && !buyer) || !type) return [];
    const pet = found
      ? {
          _id: found.id,
          name: found.name,
          species: found.species,
          breed: found.breed,
          color: found.color,
          dob: found.dob,
          owner: { name: found.owner.name, phone: found.owner.phone },
        }
      : (({ owner, ...rest }) => ({ ...rest, owner: { name: owner.name, phone: owner.phone } }))(walkInPetStandIn(buyer!));
    const stored = isRecord(v.details) ? v.details : {};
    const lines = linesOf.get(id) ?? [];
    const price = toRupees(v.pricePaise);
    return [
      {
        _id: v.id,
        createdAt: v.createdAt.toISOString(),
        pet,
        visitType: {
          _id: type.id,
          purpose: type.purpose,
          price: toRupees(type.pricePaise),
          halfdayPrice: toRupees(type.halfdayPricePaise),
        },
        details: {
          ...stored,
          purpose: v.purpose,
          price,
          discount: toRupees(v.discountPaise),
          customerType: v.customerType,
          numberOfDays: v.numberOfDays,
          isSubscriptionAvailed: v.isSubscriptionAvailed,
          nextFollowUp: textOrNull(stored.nextFollowUp),
          followUpPurpose: textOrNull(stored.followUpPurpose),
          items: lines.filter((i) => i.kind === 'shop').map(visitItemLine),
          medicines: lines.filter((i) => i.kind === 'medicine').map(visitItemLine),
          vaccines: lines.filter((i) => i.kind === 'vaccine').map(visitItemLine),
        },
        purpose: v.purpose,
        price,
        due: toRupees(m.duePaise),
        paid: toRupees(m.paidPaise),
        paymentState: m.paymentState,
        petId: v.petId ?? '',
        ownerId: m.ownerId,
        ...(buyer ? { buyer } : {}),
      },
    ];
  });
}

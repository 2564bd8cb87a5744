import { type PetHistoryEntry, type PetVisit, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { type Cursor, page } from '../../lib/cursor.ts';
import { itemsByIdAnyState } from '../inventory/inventory.service.ts';
import { visitTypesByIds, visitTypeToApi } from '../visit-types/visit-types.service.ts';
import { voidedOf } from './visit-details.service.ts';
import { type VisitMoney, visitMoneyOf } from './visit-payments.service.ts';
import { itemLinesOf, newestVisitsOfPet, pageVisitsOfPet } from './visits.repo.ts';

/** Most visits the pet history (registrations-by-date screen) returns. */
export const HISTORY_MAX = 200;

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** The names of the inventory items these visits used, from the inventory module in one lookup. */
async function itemNames(db: DbOrTx, rows: readonly { itemId: string | null }[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.itemId ? [r.itemId] : [])))];
  const items = await itemsByIdAnyState(db, ids);
  return new Map([...items.values()].map((i) => [i.id, i.itemName]));
}

function itemOf(names: ReadonlyMap<string, string>, itemId: string | null) {
  const itemName = itemId ? names.get(itemId) : undefined;
  return itemId && itemName !== undefined ? { _id: itemId, itemName } : null;
}

/**
 * A pet's visits as the visit list reads them (spec 000 §3 "Visit (as read in
 * lists)"), newest first, paged. The caller has checked that the pet exists and
 * that the caller may read it.
 */
export async function listPetVisits(
  db: DbOrTx,
  pet: { id: string; name: string },
  opts: { limit: number; cursor?: Cursor },
): Promise<{ list: PetVisit[]; nextCursor: string | null }> {
  const rows = await pageVisitsOfPet(db, pet.id, opts.limit, opts.cursor);
  const { rows: pageRows, nextCursor } = page(rows, opts.limit);
  const [items, typeRows, money] = await Promise.all([
    itemNames(db, pageRows),
    visitTypesByIds(db, [...new Set(pageRows.map((r) => r.visitTypeId))]),
    visitMoneyOf(
      db,
      pageRows.map((r) => r.id),
    ),
  ]);
  const types = new Map(typeRows.map((t) => [t.id, t]));
  return {
    nextCursor,
    list: pageRows.flatMap((r) => {
      const type = types.get(r.visitTypeId);
      return type ? [toPetVisit(r, type, pet, items, money.get(r.id)!)] : [];
    }),
  };
}

type VisitPageRow = Awaited<ReturnType<typeof pageVisitsOfPet>>[number];
type VisitType = Awaited<ReturnType<typeof visitTypesByIds>>[number];

function toPetVisit(
  r: VisitPageRow,
  t: VisitType,
  pet: { id: string; name: string },
  items: ReadonlyMap<string, string>,
  money: VisitMoney,
): PetVisit {
  return {
    _id: r.id,
    createdAt: r.createdAt.toISOString(),
    purpose: r.purpose,
    price: toRupees(r.pricePaise),
    pet: { _id: pet.id, name: pet.name },
    visitType: visitTypeToApi(t),
    // What was paid and what is left come from the ledger, never from what the visit's details stored.
    details: {
      ...(r.details && typeof r.details === 'object' && !Array.isArray(r.details) ? (r.details as Record<string, unknown>) : {}),
      ...money,
    },
    item: itemOf(items, r.itemId),
    quantity: num(r.quantity),
    volumeML: num(r.volumeML),
    voided: voidedOf(r),
  };
}

/** A pet's visit history with items (spec 000 §2 "Pet registrations by date"), newest first, bounded. */
export async function petHistory(db: DbOrTx, petId: string): Promise<PetHistoryEntry[]> {
  const rows = await newestVisitsOfPet(db, petId, HISTORY_MAX);
  const [lines, items] = await Promise.all([
    itemLinesOf(
      db,
      rows.map((r) => r.id),
    ),
    itemNames(db, rows),
  ]);
  const byVisit = new Map<string, PetHistoryEntry['items']>();
  for (const l of lines) {
    const list = byVisit.get(l.visitId) ?? [];
    list.push({
      kind: l.kind,
      name: l.name,
      quantity: Number(l.quantity),
      unit: l.unit,
      volume: num(l.volume),
      doseNumber: l.doseNumber,
    });
    byVisit.set(l.visitId, list);
  }
  return rows.map((r) => ({
    _id: r.id,
    createdAt: r.createdAt.toISOString(),
    purpose: r.purpose,
    price: toRupees(r.pricePaise),
    item: itemOf(items, r.itemId),
    quantity: num(r.quantity),
    volumeML: num(r.volumeML),
    items: byVisit.get(r.id) ?? [],
  }));
}

import { type PetHistoryEntry, type PetVisit, toRupees } from '@pawdesk/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inventoryItems, visitItems, visitTypes, visits } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs, newestFirst, page } from '../../lib/cursor.ts';

/** Most visits the pet history (registrations-by-date screen) returns. */
export const HISTORY_MAX = 200;

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

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
  const conds: SQL[] = [eq(visits.petId, pet.id)];
  if (opts.cursor) conds.push(afterCursor(visits.createdAt, visits.id, opts.cursor));
  const rows = await db
    .select({
      id: visits.id,
      createdAt: visits.createdAt,
      cursorTs: cursorTs(visits.createdAt),
      purpose: visits.purpose,
      pricePaise: visits.pricePaise,
      details: visits.details,
      quantity: visits.quantity,
      volumeML: visits.volumeML,
      type: {
        id: visitTypes.id,
        purpose: visitTypes.purpose,
        pricePaise: visitTypes.pricePaise,
        halfdayPricePaise: visitTypes.halfdayPricePaise,
        consultationPvtPaise: visitTypes.consultationPvtPaise,
        consultationPvtEmergencyPaise: visitTypes.consultationPvtEmergencyPaise,
        consultationNgoPaise: visitTypes.consultationNgoPaise,
        consultationNgoEmergencyPaise: visitTypes.consultationNgoEmergencyPaise,
      },
      itemId: inventoryItems.id,
      itemName: inventoryItems.itemName,
    })
    .from(visits)
    .innerJoin(visitTypes, eq(visits.visitTypeId, visitTypes.id))
    .leftJoin(inventoryItems, eq(visits.itemId, inventoryItems.id))
    .where(and(...conds))
    .orderBy(...newestFirst(visits.createdAt, visits.id))
    .limit(opts.limit + 1);
  const { rows: pageRows, nextCursor } = page(rows, opts.limit);
  return {
    nextCursor,
    list: pageRows.map((r) => ({
      _id: r.id,
      createdAt: r.createdAt.toISOString(),
      purpose: r.purpose,
      price: toRupees(r.pricePaise),
      pet: { _id: pet.id, name: pet.name },
      visitType: {
        _id: r.type.id,
        purpose: r.type.purpose,
        price: toRupees(r.type.pricePaise),
        halfdayPrice: toRupees(r.type.halfdayPricePaise),
        consultationPricePvt: toRupees(r.type.consultationPvtPaise),
        consultationPricePvtEmergency: toRupees(r.type.consultationPvtEmergencyPaise),
        consultationPriceNgo: toRupees(r.type.consultationNgoPaise),
        consultationPriceNgoEmergency: toRupees(r.type.consultationNgoEmergencyPaise),
      },
      details:
        r.details && typeof r.details === 'object' && !Array.isArray(r.details) ? (r.details as Record<string, unknown>) : {},
      item: r.itemId && r.itemName !== null ? { _id: r.itemId, itemName: r.itemName } : null,
      quantity: num(r.quantity),
      volumeML: num(r.volumeML),
    })),
  };
}

/** A pet's visit history with items (spec 000 §2 "Pet registrations by date"), newest first, bounded. */
export async function petHistory(db: DbOrTx, petId: string): Promise<PetHistoryEntry[]> {
  const rows = await db
    .select({
      id: visits.id,
      createdAt: visits.createdAt,
      purpose: visits.purpose,
      pricePaise: visits.pricePaise,
      quantity: visits.quantity,
      volumeML: visits.volumeML,
      itemId: inventoryItems.id,
      itemName: inventoryItems.itemName,
    })
    .from(visits)
    .leftJoin(inventoryItems, eq(visits.itemId, inventoryItems.id))
    .where(eq(visits.petId, petId))
    .orderBy(...newestFirst(visits.createdAt, visits.id))
    .limit(HISTORY_MAX);
  const lines = rows.length
    ? await db
        .select({
          visitId: visitItems.visitId,
          name: visitItems.name,
          quantity: visitItems.quantity,
          unit: visitItems.unit,
          volume: visitItems.volume,
        })
        .from(visitItems)
        .where(
          inArray(
            visitItems.visitId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const byVisit = new Map<string, PetHistoryEntry['items']>();
  for (const l of lines) {
    const list = byVisit.get(l.visitId) ?? [];
    list.push({ name: l.name, quantity: Number(l.quantity), unit: l.unit, volume: num(l.volume) });
    byVisit.set(l.visitId, list);
  }
  return rows.map((r) => ({
    _id: r.id,
    createdAt: r.createdAt.toISOString(),
    purpose: r.purpose,
    price: toRupees(r.pricePaise),
    item: r.itemId && r.itemName !== null ? { _id: r.itemId, itemName: r.itemName } : null,
    quantity: num(r.quantity),
    volumeML: num(r.volumeML),
    items: byVisit.get(r.id) ?? [],
  }));
}

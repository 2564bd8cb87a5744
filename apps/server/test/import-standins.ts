/**
 * Stand-ins for records of collections whose importers were written beside these tests (issue 21): the fixture's
 * visit types, plans, inventory items and some visits, written straight into the database with the fixture's ids.
 * The catalogue stand-ins skip a collection whose importer is registered in IMPORTERS.
 */
import { BOARDING_PURPOSES, toPaise, VISIT_TYPE_CODE } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { inventoryItems, subscriptionPlans, visits, visitTypes } from '../src/db/schema/index.ts';
import { IMPORTERS } from '../src/modules/import/write/collections/index.ts';
import { fixtureDocuments, fixtureHashes, fixtureId, SMALL_FIXTURE } from './import-fixture.ts';

const imported = (collection: string) => IMPORTERS.some((i) => i.collection === collection);
const hex = (v: unknown) => (v as { toHexString(): string }).toHexString();
const paise = (v: unknown) => (v === null || v === undefined ? 0 : toPaise(Number(v)));

export async function installCatalogueStandIns(db: Db): Promise<void> {
  const docs = fixtureDocuments(SMALL_FIXTURE, await fixtureHashes());
  if (!imported('visittypes')) {
    for (const d of docs.visittypes!()) {
      const purpose = String(d.purpose);
      const code = (VISIT_TYPE_CODE as Record<string, string>)[purpose] ?? purpose.toLowerCase().replace(/\W+/g, '_');
      await db.execute(sql`update visit_types set purpose = purpose || ' (installed)', code = code || '_installed'
        where lower(purpose) = lower(${purpose}) or code = ${code}`);
      await db
        .insert(visitTypes)
        .values({
          id: hex(d._id),
          code,
          purpose,
          pricePaise: paise(d.price),
          halfdayPricePaise: paise(d.halfdayprice),
          consultationPvtPaise: paise(d.consultationPricePvt),
          consultationNgoPaise: paise(d.consultationPriceNgo),
          consultationNgoEmergencyPaise: paise(d.consultationPriceNGOEmergency),
          isBoarding: (BOARDING_PURPOSES as readonly string[]).includes(purpose),
          hasSubscription: d.isSubscriptionAvailable === true,
        })
        .onConflictDoNothing();
    }
  }
  if (!imported('subscriptionplans')) {
    for (const d of docs.subscriptionplans!()) {
      const duration = Number(d.duration ?? 0);
      const groomings = Number(d.numberOfGroomings ?? 0);
      await db
        .insert(subscriptionPlans)
        .values({
          id: hex(d._id),
          visitTypeId: hex(d.subscriptionType),
          name: `Plan ${hex(d._id).slice(-2)}`,
          pricePaise: paise(d.price),
          durationDays: duration > 0 ? duration : Math.max(1, groomings) * 30,
          numberOfGroomings: groomings,
        })
        .onConflictDoNothing();
    }
  }
  if (!imported('inventories')) {
    for (const d of docs.inventories!()) {
      const unit = typeof d.stockUnit === 'string' ? d.stockUnit : 'item';
      const type = d.itemType === 'injection' ? 'syringe' : String(d.itemType);
      await db
        .insert(inventoryItems)
        .values({
          id: hex(d._id),
          itemName: String(d.itemName),
          stockUnit: unit,
          itemType: type,
          stock: typeof d.stock === 'number' ? d.stock : typeof d.stockUnit === 'number' ? d.stockUnit : 0,
        })
        .onConflictDoNothing();
    }
  }
}

/** The fixture's visit types, in its order (the index is the one in their ids). */
export const FIXTURE_VISIT_TYPES = [
  'Hostel',
  'Day Care',
  'Veterinary',
  'Grooming',
  'Dog Park',
  'Day School',
  'Play School',
  'Inquiry',
  'Shop',
] as const;

/**
 * Visit types with the fixture's ids. The installed ones keep their purposes (unique), so these are named
 * '<purpose> (original)' with codes of their own: a booking naming the fixture's id finds one of these; a booking
 * found by name finds the installed one.
 */
export async function standInVisitTypes(db: Db): Promise<void> {
  await db
    .insert(visitTypes)
    .values(
      FIXTURE_VISIT_TYPES.map((purpose, i) => ({
        id: fixtureId('visittypes', i),
        code: `original_${i}`,
        purpose: `${purpose} (original)`,
        sortOrder: 100 + i,
      })),
    )
    .onConflictDoNothing();
}

/** The fixture's visit `v` (its pet is pet v % pets, its type the v-th modulo the types), for notices that name it. */
export async function standInVisits(db: Db, indexes: readonly number[], pets: number): Promise<void> {
  await db
    .insert(visits)
    .values(
      indexes.map((v) => ({
        id: fixtureId('visits', v),
        petId: fixtureId('pets', v % pets),
        visitTypeId: fixtureId('visittypes', v % FIXTURE_VISIT_TYPES.length),
        purpose: FIXTURE_VISIT_TYPES[v % FIXTURE_VISIT_TYPES.length]!,
      })),
    )
    .onConflictDoNothing();
}

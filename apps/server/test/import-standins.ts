/**
 * Stand-ins for the original's catalogue while its importers (visittypes, subscriptionplans, inventories: issue 21,
 * written in parallel) have not landed: the fixture's visit types, plans and inventory items are written straight
 * into the database with the fixture's ids, as those importers will (an installed visit type matched by purpose is
 * replaced by the original's, keeping its code; here the installed one is renamed out of the way). Each stand-in is
 * skipped once the collection's importer is registered in IMPORTERS, so this file can be deleted then.
 */
import { BOARDING_PURPOSES, toPaise, VISIT_TYPE_CODE } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { inventoryItems, subscriptionPlans, visitTypes } from '../src/db/schema/index.ts';
import { IMPORTERS } from '../src/modules/import/write/collections/index.ts';
import { fixtureDocuments, fixtureHashes, SMALL_FIXTURE } from './import-fixture.ts';

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

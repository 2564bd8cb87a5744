import { createHash } from 'node:crypto';
import {
  DEFAULT_PACKAGE,
  DEFAULT_PLANS,
  DEFAULT_VISIT_TYPES,
  type Purpose,
  PURPOSES,
  SERVICE_CATALOG,
  toPaise,
  VISIT_TYPE_CODE,
} from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { boardingPackages, customerServices, subscriptionPlans, visitTypes } from '../schema/index.ts';

/** The default package's id: the one migration 0012 gives it (substr(md5('package:15-days-boarding'), 1, 24)). */
export const DEFAULT_PACKAGE_ID = createHash('md5').update('package:15-days-boarding').digest('hex').slice(0, 24);

/**
 * Reference data every database needs (visit types with default prices, the
 * public service catalogue, default subscription plans, the default boarding
 * package). Idempotent: it adds what is missing and never overwrites what
 * admins changed.
 */
export async function installReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(visitTypes)
      .values(
        DEFAULT_VISIT_TYPES.map((v) => ({
          code: v.code,
          purpose: v.purpose,
          pricePaise: toPaise(v.price),
          halfdayPricePaise: toPaise(v.halfdayPrice),
          consultationPvtPaise: toPaise(v.consultationPricePvt),
          consultationPvtEmergencyPaise: toPaise(v.consultationPricePvtEmergency),
          consultationNgoPaise: toPaise(v.consultationPriceNgo),
          consultationNgoEmergencyPaise: toPaise(v.consultationPriceNgoEmergency),
          isBoarding: v.isBoarding,
          hasSubscription: v.hasSubscription,
          capacity: v.capacity,
          sortOrder: PURPOSES.indexOf(v.purpose),
        })),
      )
      .onConflictDoNothing();

    const typeIds = new Map(
      (await tx.select({ id: visitTypes.id, code: visitTypes.code }).from(visitTypes)).map((t) => [t.code, t.id] as const),
    );
    await tx
      .insert(customerServices)
      .values(
        SERVICE_CATALOG.map((s, i) => ({
          name: s.name,
          durationMinutes: s.duration,
          pricePaise: toPaise(s.price),
          description: s.description,
          sortOrder: i,
          visitTypeId: typeIds.get(s.visitType) ?? null,
        })),
      )
      .onConflictDoNothing({ target: customerServices.name });

    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(subscriptionPlans);
    if (n === 0) {
      const types = await tx.select({ id: visitTypes.id, code: visitTypes.code }).from(visitTypes);
      const byCode = new Map<string, string>(types.map((t) => [t.code, t.id]));
      const typeOf = (purpose: Purpose) => byCode.get(VISIT_TYPE_CODE[purpose]);
      await tx.insert(subscriptionPlans).values(
        DEFAULT_PLANS.filter((p) => typeOf(p.purpose)).map((p) => ({
          visitTypeId: typeOf(p.purpose)!,
          name: p.name,
          pricePaise: toPaise(p.price),
          durationDays: p.duration,
          numberOfGroomings: p.numberOfGroomings,
        })),
      );
    }

    // The business's boarding package (Hostel, 15 days, ₹11,500 per pet), under the id migration 0012 gives it on
    // databases that had a Hostel type then: added once, never re-added or changed (admins retire it instead).
    const [hostel] = await tx
      .select({ id: visitTypes.id })
      .from(visitTypes)
      .where(sql`${visitTypes.code} = ${DEFAULT_PACKAGE.code}`);
    if (hostel) {
      await tx
        .insert(boardingPackages)
        .values({
          id: DEFAULT_PACKAGE_ID,
          name: DEFAULT_PACKAGE.name,
          visitTypeId: hostel.id,
          days: DEFAULT_PACKAGE.days,
          pricePaise: toPaise(DEFAULT_PACKAGE.price),
        })
        .onConflictDoNothing({ target: boardingPackages.id });
    }
  });
}

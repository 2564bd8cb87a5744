import { DEFAULT_PLANS, DEFAULT_VISIT_TYPES, PURPOSES, SERVICE_CATALOG, toPaise } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { customerServices, subscriptionPlans, visitTypes } from '../schema/index.ts';

/**
 * Reference data every database needs (visit types with default prices, the
 * public service catalogue, default subscription plans). Idempotent: it adds
 * what is missing and never overwrites what admins changed.
 */
export async function installReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(visitTypes)
      .values(
        DEFAULT_VISIT_TYPES.map((v) => ({
          purpose: v.purpose,
          pricePaise: toPaise(v.price),
          halfdayPricePaise: toPaise(v.halfdayPrice),
          consultationPvtPaise: toPaise(v.consultationPricePvt),
          consultationPvtEmergencyPaise: toPaise(v.consultationPricePvtEmergency),
          consultationNgoPaise: toPaise(v.consultationPriceNgo),
          consultationNgoEmergencyPaise: toPaise(v.consultationPriceNgoEmergency),
          isBoarding: v.isBoarding,
          hasSubscription: v.hasSubscription,
          sortOrder: PURPOSES.indexOf(v.purpose),
        })),
      )
      .onConflictDoNothing({ target: visitTypes.purpose });

    await tx
      .insert(customerServices)
      .values(
        SERVICE_CATALOG.map((s, i) => ({
          name: s.name,
          durationMinutes: s.duration,
          pricePaise: toPaise(s.price),
          description: s.description,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing({ target: customerServices.name });

    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(subscriptionPlans);
    if (n === 0) {
      const types = await tx.select({ id: visitTypes.id, purpose: visitTypes.purpose }).from(visitTypes);
      const byPurpose = new Map(types.map((t) => [t.purpose, t.id]));
      await tx.insert(subscriptionPlans).values(
        DEFAULT_PLANS.filter((p) => byPurpose.has(p.purpose)).map((p) => ({
          visitTypeId: byPurpose.get(p.purpose)!,
          name: p.name,
          pricePaise: toPaise(p.price),
          durationDays: p.duration,
          numberOfGroomings: p.numberOfGroomings,
        })),
      );
    }
  });
}

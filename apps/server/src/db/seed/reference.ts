import {
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
  });
}

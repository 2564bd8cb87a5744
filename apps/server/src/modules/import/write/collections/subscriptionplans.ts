import { eq } from 'drizzle-orm';
import { subscriptionPlans } from '../../../../db/schema/index.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderVisitType } from '../placeholders.repo.ts';
import { importedIds, replaceRow } from '../replace.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { amount, count, rupees } from './amounts.ts';
import { offerSubscriptionsWherePlansExist } from './visittypes.ts';

/**
 * Pawdesk needs a plan's days above 0; the original's count plans (groomings) have none. Such a plan gets 1 day:
 * grooming subscriptions count sessions, and days matter only to day plans (docs/decisions.md, issue 21).
 */
export const COUNT_PLAN_DAYS = 1;

const planName = (purpose: string, days: number | null, groomings: number) =>
  days ? `${purpose} ${days} day${days === 1 ? '' : 's'}` : `${purpose} ${groomings} grooming${groomings === 1 ? '' : 's'}`;

/**
 * subscriptionplans → subscription_plans. The installed plans are replaced by the original's where one matches:
 * the same visit type (after the visit types' import, the installed plans already point at the original's types)
 * and the same days (a day plan) or the same number of groomings (a count plan); the installed plan takes the
 * original's id (subscriptions and events that name it follow) and keeps its name, validity and whether it is on
 * offer; the price, days and groomings are the original's. Installed plans with no match stay. The original's plans
 * have no name: a new one is named from its type and terms ("Hostel 15 days", "Grooming 3 groomings"). A price sent as
 * text is read and listed.
 */
export const subscriptionPlansImporter: CollectionImporter = {
  collection: 'subscriptionplans',
  async importBatch(tx, docs, ctx) {
    const types = await lookups.visitTypes(ctx);
    const cache = await lookups.plans(ctx);
    const imported = await importedIds(tx, 'subscription_plans');
    const installed = (await tx.select().from(subscriptionPlans)).filter((p) => !imported.has(p.id));
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const typeRef = f.ref('subscriptionType');
      let visitTypeId = typeRef;
      if (!visitTypeId || !types.has(visitTypeId)) {
        ctx.problem(
          doc,
          `subscriptionType: visit type ${typeRef ?? 'missing'} does not exist (deleted); the plan is kept under 'Deleted visit type'`,
        );
        visitTypeId = await placeholderVisitType(tx, ctx);
      }
      const purpose = types.get(visitTypeId)?.purpose ?? 'Deleted visit type';
      let price = amount(ctx, doc, f, 'price');
      if (price === null || price < 0) {
        ctx.problem(doc, `price: ${price === null ? 'missing' : rupees(price)}; recorded as ₹0.00`);
        price = 0;
      }
      const duration = count(ctx, doc, f, 'duration');
      const groomings = count(ctx, doc, f, 'numberOfGroomings');
      const days = duration && duration > 0 ? duration : null;
      const sessions = groomings ?? 0;
      const values = {
        visitTypeId,
        pricePaise: price,
        durationDays: days ?? COUNT_PLAN_DAYS,
        numberOfGroomings: sessions,
        updatedAt: f.updated(),
      };
      const noDays = (kept: number, whose: string) =>
        ctx.problem(
          doc,
          `duration: ${duration === null ? 'none' : duration} (${sessions > 0 ? `a plan of ${sessions} groomings` : 'and no groomings either'}); Pawdesk needs days above 0, so it has ${kept} (${whose}; grooming subscriptions count sessions, not days)`,
        );
      const mine = cache.get(doc.id);
      if (mine) {
        if (!days) {
          values.durationDays = mine.durationDays;
          noDays(mine.durationDays, 'as before');
        }
        await tx.update(subscriptionPlans).set(values).where(eq(subscriptionPlans.id, doc.id));
      } else {
        const match = installed.find(
          (p) =>
            p.visitTypeId === visitTypeId && (days ? p.durationDays === days : p.numberOfGroomings === sessions && sessions > 0),
        );
        if (match) {
          installed.splice(installed.indexOf(match), 1);
          if (!days) {
            values.durationDays = match.durationDays;
            noDays(match.durationDays, `the installed plan's`);
          }
          await replaceRow(tx, ctx, 'subscription_plans', match.id, doc.id, {
            release: async () => {},
            insertCopy: () =>
              tx.insert(subscriptionPlans).values({
                ...match,
                ...values,
                id: doc.id,
                createdAt: f.created(),
              }),
          });
          ctx.problem(
            doc,
            `replaces Pawdesk's installed plan "${match.name}" (${rupees(match.pricePaise)}, ${match.durationDays} days, ${match.numberOfGroomings} groomings), which takes this id, the original's price ${rupees(price)} and terms`,
          );
          cache.delete(match.id);
        } else {
          if (!days) noDays(COUNT_PLAN_DAYS, 'a placeholder');
          await tx.insert(subscriptionPlans).values({
            ...values,
            id: doc.id,
            name: planName(purpose, days, sessions),
            createdAt: f.created(),
          });
        }
      }
      cache.set(doc.id, { id: doc.id, ...values });
      outcomes.push({ kind: 'imported', table: 'subscription_plans', id: doc.id });
    }
    return outcomes;
  },

  async finish(tx, ctx) {
    await offerSubscriptionsWherePlansExist(tx, ctx);
  },
};

import { DEFAULT_TZ, dateInTz } from '@pawdesk/shared';
import { subscriptions } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderPet } from '../placeholders.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';

/**
 * subscriptions → subscriptions: a pet's balance on a plan (days left, or sessions left on a count plan, whose
 * `daysLeft` is null in the original). Imported before visits and boardings, which name the subscription they used
 * or sold. The rules (docs/decisions.md "Importing visits and money"):
 *
 * - The plan gives the purpose (visit type), the price and the duration kept on the subscription. A subscription
 *   whose plan was deleted is left out and listed (it cannot be used or renewed without one); one whose pet was
 *   deleted is kept, inactive, on 'Deleted pet' and listed.
 * - `active` missing (records before May 2025) is the schema's default, true, as the original's code read it;
 *   an active one with nothing left is inactive (listed), as Pawdesk ends one at zero.
 * - The original has no unique (pet, plan) and topped up the first one `findOne` found; Pawdesk holds one live
 *   subscription per pet and purpose. The first one met in the export stays live; a later live one of the same pet
 *   and purpose is kept inactive with its balance (listed), and a later one of the same pet and plan is listed as a
 *   duplicate. Nothing is merged: adding balances would give days nobody paid for twice.
 * - No money: the original recorded a purchase's money on its Buy / Renew Subscription visit, which the visits
 *   importer posts (naming this subscription). A subscription bought online has no such visit and no money in the
 *   export (its Razorpay payment is not in the data), so none is posted.
 * - Payment dates are the business days (Asia/Kolkata) of the original's instants; no validity end (the original
 *   had none).
 */
export const subscriptionsImporter: CollectionImporter = {
  collection: 'subscriptions',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const plans = await lookups.plans(ctx);
    const subs = await lookups.subscriptions(ctx);
    const rows: (typeof subscriptions.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const planRef = f.ref('planId');
      const plan = planRef ? plans.get(planRef) : undefined;
      if (!plan) {
        ctx.problem(doc, `planId: plan ${planRef ?? '(missing)'} does not exist (deleted); the subscription is left out`);
        outcomes.push({ kind: 'skipped', reason: 'its plan was deleted' });
        continue;
      }
      const petRef = f.ref('petId');
      let petId = petRef && petOwner.has(petRef) ? petRef : null;
      let active = f.get('active') === undefined || f.get('active') === null ? true : f.bool('active', true);
      if (!petId) {
        ctx.problem(doc, `petId: pet ${petRef ?? '(missing)'} does not exist (deleted); kept on 'Deleted pet', inactive`);
        petId = await placeholderPet(tx, ctx);
        active = false;
      }
      const daysLeft = f.count('daysLeft') ?? 0;
      const groomingsLeft = f.count('numberOfGroomings') ?? 0;
      let discountPaise = f.paise('discount') ?? 0;
      if (discountPaise < 0) {
        ctx.problem(doc, `discount: negative (₹${discountPaise / 100}); taken as none`);
        discountPaise = 0;
      }
      if (active && daysLeft === 0 && groomingsLeft === 0) {
        ctx.problem(doc, 'active with no days or sessions left: imported as inactive (used up)');
        active = false;
      }
      const purposeKey = `${petId}|${plan.visitTypeId}`;
      const planKey = `${petId}|${plan.id}`;
      const samePlan = subs.byPlan.get(planKey);
      if (samePlan && samePlan !== doc.id && petId === petRef) {
        ctx.problem(
          doc,
          `the same pet and plan as subscription ${samePlan} (the original allowed both; it topped up the first): kept as a separate record`,
        );
      }
      if (active) {
        const holder = subs.live.get(purposeKey);
        if (holder && holder !== doc.id) {
          ctx.problem(
            doc,
            `the pet already holds subscription ${holder} for this purpose, and holds one live at a time: this one is kept inactive with its balance`,
          );
          active = false;
        } else subs.live.set(purposeKey, doc.id);
      } else if (subs.live.get(purposeKey) === doc.id) subs.live.delete(purposeKey);
      if (!samePlan) subs.byPlan.set(planKey, doc.id);
      if (!subs.anyOfPurpose.has(purposeKey)) subs.anyOfPurpose.set(purposeKey, doc.id);
      subs.planOf.set(doc.id, plan.id);
      const first = f.instant('firstPaymentDate');
      const last = f.instant('lastPaymentDate');
      const created = f.created();
      rows.push({
        id: doc.id,
        petId,
        planId: plan.id,
        visitTypeId: plan.visitTypeId,
        daysLeft,
        groomingsLeft,
        active,
        awaitingPayment: false,
        validUntil: null,
        discountPaise,
        pricePaise: plan.pricePaise,
        durationDays: plan.durationDays,
        firstPaymentDate: first ? dateInTz(first, DEFAULT_TZ) : null,
        lastPaymentDate: last ? dateInTz(last, DEFAULT_TZ) : first ? dateInTz(first, DEFAULT_TZ) : null,
        createdAt: created,
        updatedAt: f.updated(),
      });
      outcomes.push({ kind: 'imported', table: 'subscriptions', id: doc.id });
    }
    await upsertMany(tx, subscriptions, rows, subscriptions.id, ['id', 'createdAt']);
    return outcomes;
  },
};

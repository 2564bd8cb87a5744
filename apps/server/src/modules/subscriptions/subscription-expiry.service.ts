import { formatDate } from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { enqueueEmails, type OutgoingEmail } from '../notifications/notifications.service.ts';
import { notifyOwner } from '../notifications/owner-inbox.service.ts';
import { type PetWithOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { plansByIds, visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { eventsOfSubscriptions, SALE_KINDS } from './subscription-events.repo.ts';
import { writeEnd } from './subscription-purchases.service.ts';
import { expireIfPast, findPastValidity, markWarned, type SubscriptionRecord } from './subscription-records.repo.ts';
import { runningOut } from './subscription-lists.service.ts';

/**
 * The subscriptions' daily jobs (jobs/daily.ts), both worked out from the business clock and the rows, so they are
 * idempotent and catch up on days the server was down:
 * - expiry: an active subscription becomes inactive on the next business day after its validity ends, with what
 *   remained in its history ('expired');
 * - the warning: the owner of an active subscription with 7 or fewer days left (day plans), or whose validity ends
 *   within 7 days, gets one email through the outbox per purchase (`expiry_warned_on`, cleared by a renewal; the
 *   outbox's dedupe key names the purchase too).
 */

const BATCH = 200;

/** Makes the subscriptions past their validity inactive. Answers how many it expired. */
export async function expireSubscriptions(ctx: AppContext): Promise<number> {
  const today = ctx.clock.today();
  let expired = 0;
  for (;;) {
    const rows = await findPastValidity(ctx.db, today, BATCH);
    for (const r of rows) {
      const done = await ctx.db.transaction(async (tx) => {
        // Re-checked under the row's lock: another instance (or a renewal extending it) may have got there first.
        const row = await expireIfPast(tx, r.id, today);
        if (row) await writeEnd(tx, row, 'expired', ctx.clock.now());
        return Boolean(row);
      });
      if (done) expired++;
    }
    if (rows.length < BATCH) return expired;
  }
}

export const EXPIRY_WARNING_KIND = 'subscription_expiring';

function warningEmail(
  ctx: AppContext,
  w: { row: SubscriptionRecord; reason: 'days' | 'validity'; pet: PetWithOwner | undefined; purpose: string; plan: string },
  purchaseId: string,
  today: string,
): OutgoingEmail {
  const petName = w.pet?.name ?? 'your pet';
  const ownerName = w.pet?.owner.name ?? '';
  const b = ctx.config.business;
  const left =
    w.reason === 'days'
      ? `has ${w.row.daysLeft} ${w.row.daysLeft === 1 ? 'day' : 'days'} left`
      : `can be used until ${formatDate(w.row.validUntil)}`;
  const body = [
    `Dear ${ownerName || 'customer'},`,
    '',
    `${petName}'s ${w.purpose} subscription (${w.plan}) ${left}.`,
    'Renew it at the desk, or buy a plan from My Subscriptions, to keep using it without a break.',
    '',
    `${b.name}`,
    `${b.phone}${b.email ? ` · ${b.email}` : ''}`,
  ].join('\n');
  return {
    dedupeKey: `${EXPIRY_WARNING_KIND}:${w.row.id}:${purchaseId}`,
    kind: EXPIRY_WARNING_KIND,
    refDate: today,
    ownerId: w.pet?.owner.id ?? '',
    ownerName,
    toAddress: w.pet?.owner.email?.trim() || null,
    subject: `${petName}'s ${w.purpose} subscription is running out`,
    body,
    meta: { subscriptionId: w.row.id, petId: w.row.petId, reason: w.reason },
  };
}

/** Emails the owners of subscriptions running out, once per purchase. Answers how many it queued (or kept unreachable). */
export async function warnExpiringSubscriptions(ctx: AppContext): Promise<number> {
  const today = ctx.clock.today();
  let warned = 0;
  for (;;) {
    const list = await runningOut(ctx.db, today, { unwarnedOnly: true, limit: BATCH });
    const rows = list.map((l) => l.row);
    const ids = rows.map((r) => r.id);
    const [pets, plans, types, events] = await Promise.all([
      petsWithOwnersByIds(
        ctx.db,
        rows.map((r) => r.petId),
      ),
      plansByIds(ctx.db, [...new Set(rows.map((r) => r.planId))]),
      visitTypesByIds(ctx.db, [...new Set(rows.map((r) => r.visitTypeId))]),
      eventsOfSubscriptions(ctx.db, ids),
    ]);
    for (const { row, reason } of list) {
      // The purchase warned about: its latest applied purchase or renewal (events are newest first).
      const purchase = events.find(
        (e) => e.subscriptionId === row.id && (SALE_KINDS as readonly string[]).includes(e.kind) && e.status === 'applied',
      );
      const email = warningEmail(
        ctx,
        {
          row,
          reason,
          pet: pets.get(row.petId),
          purpose: types.find((t) => t.id === row.visitTypeId)?.purpose ?? '',
          plan: plans.find((p) => p.id === row.planId)?.name ?? '',
        },
        purchase?.id ?? row.id,
        today,
      );
      const done = await ctx.db.transaction(async (tx) => {
        if (!(await markWarned(tx, row.id, today))) return false;
        if (email.ownerId) {
          await enqueueEmails(tx, [email]);
          // The owner's inbox entry; the email is the one just queued.
          await notifyOwner(tx, {
            ownerId: email.ownerId,
            kind: EXPIRY_WARNING_KIND,
            title: email.subject,
            body: email.body.split('\n').slice(2, 4).join(' ').trim(),
            link: '/customer/subscription',
            refs: { subscriptionId: row.id, petId: row.petId },
            dedupeKey: email.dedupeKey,
            now: ctx.clock.now(),
            refDate: today,
            email: false,
          });
        }
        return true;
      });
      if (done) warned++;
    }
    if (list.length < BATCH) return warned;
  }
}

import { addDays, dateInTz } from '@pawdesk/shared';
import type { PackageEndReason, PackagePetStatus, PackageStatus } from '../../../../db/schema/packages.ts';
import { and, inArray, sql } from 'drizzle-orm';
import { boardingPackageSubscriptions, packagePets, payments } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderPet } from '../placeholders.repo.ts';
import type { CollectionImporter, Incoming, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { customerOwners } from './customer-owner.ts';
import { offerFor } from './package-offers.ts';

/** A pet's row on an imported package: derived from the package and the original pet id (a rerun finds it). */
export const packagePetId = (packageId: string, originalPetId: string) =>
  derivedId('boardingsubscriptions', packageId, 'pet', originalPetId);

const LIVE_PET: readonly PackagePetStatus[] = ['waiting', 'boarded'];
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * The original's status → Pawdesk's. `active` (and `approved`, which the original's approval turns into active at
 * once) runs: its pets are on the package from its start day, and Pawdesk's daily job charges their further days
 * from the wallet. `pending` is a request waiting for check-in. `inactive` ended (completed when no day was left; the
 * original does not say whether the customer, staff or an empty wallet ended it); `rejected` ended by staff.
 */
function statusOf(
  original: string,
  started: boolean,
  daysLeft: number,
): { status: PackageStatus; endReason: PackageEndReason | null; note?: string } {
  switch (original) {
    case 'active':
    case 'approved':
      if (daysLeft <= 0)
        return {
          status: 'ended',
          endReason: 'completed',
          note: `status ${original} with no days left: imported as ended (completed)`,
        };
      if (!started)
        return {
          status: 'awaiting_checkin',
          endReason: null,
          note: `status ${original} without a start date: imported as waiting for check-in`,
        };
      return {
        status: 'active',
        endReason: null,
        note:
          original === 'approved'
            ? 'status approved (the original activates a package when it is approved): imported as active'
            : undefined,
      };
    case 'pending':
      return { status: 'awaiting_checkin', endReason: null };
    case 'inactive':
      return { status: 'ended', endReason: daysLeft <= 0 ? 'completed' : null };
    case 'rejected':
      return { status: 'ended', endReason: 'staff', note: 'status rejected: imported as ended by staff (it never started)' };
    default:
      return {
        status: 'ended',
        endReason: null,
        note: `status ${original ? `"${original}"` : 'missing'} is not one of the original's: imported as ended`,
      };
  }
}

/**
 * boardingsubscriptions → package_subscriptions (Pawdesk's boarding packages, issue 16) with their package_pets. The
 * package belongs to the owner of the customer account (made from the account when it has none, listed); its pets
 * are the original's petIds (a deleted pet is kept on 'Deleted pet', a pet of another owner is listed). The snapshot
 * (name, days, price per pet) is the original's; the ₹766.67 a day the original stored is not: Pawdesk charges the
 * exact share of the price (docs/decisions.md). Days charged = durationDays − daysRemaining. A pet is on one live
 * package at most: a later live package that names a pet already on one keeps it off, listed.
 *
 * Money: the original's card path took ₹totalPrice × pets by Razorpay and activated the package without crediting
 * the wallet (its days were still charged to the wallet). That payment pays no charge in Pawdesk: it is held on the
 * owner's unapplied balance with its Razorpay ids, for staff to apply or refund, and listed.
 */
export const boardingSubscriptionsImporter: CollectionImporter = {
  collection: 'boardingsubscriptions',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const wanted = docs.flatMap((doc) => {
      const id = new Fields(ctx, doc).ref('userId');
      return id ? [{ doc, userId: id }] : [];
    });
    const ownersOf = await customerOwners(tx, ctx, wanted);

    // Pets already live on another package (an earlier batch or run), and Razorpay ids already in the ledger.
    const allPetIds = [
      ...new Set(docs.flatMap((d) => (Array.isArray(d.doc.petIds) ? (d.doc.petIds as unknown[]) : []).map(String))),
    ].filter((id) => /^[0-9a-f]{24}$/.test(id));
    const liveElsewhere = new Map<string, string>();
    if (allPetIds.length) {
      const rows = await tx
        .select({ petId: packagePets.petId, packageId: packagePets.packageSubscriptionId })
        .from(packagePets)
        .where(and(inArray(packagePets.petId, allPetIds), inArray(packagePets.status, [...LIVE_PET])));
      for (const r of rows) liveElsewhere.set(r.petId, r.packageId);
    }
    const payIds = docs.map((d) => String(d.doc.razorpayPaymentId ?? '').trim()).filter(Boolean);
    const usedPayIds = new Set(
      payIds.length
        ? (
            await tx.select({ id: payments.providerPaymentId }).from(payments).where(inArray(payments.providerPaymentId, payIds))
          ).map((r) => r.id)
        : [],
    );

    const pkgRows: (typeof boardingPackageSubscriptions.$inferInsert)[] = [];
    const petRows: (typeof packagePets.$inferInsert)[] = [];
    const outcomes = new Map<Incoming, Outcome>();
    // Running packages first: a pet named by a running package and a request stays on the running one.
    const rank = (d: Incoming) => (['active', 'approved'].includes(String(d.doc.status ?? '').toLowerCase()) ? 0 : 1);
    for (const doc of [...docs].sort((a, b) => rank(a) - rank(b))) {
      const f = new Fields(ctx, doc);
      const userId = f.ref('userId');
      if (!userId) {
        ctx.problem(doc, 'userId: missing; the package belongs to no customer and was not imported');
        outcomes.set(doc, { kind: 'skipped', reason: 'no customer account' });
        continue;
      }
      const { ownerId } = ownersOf.get(userId)!;
      const name = f.text('planName') || '15 Days Boarding Plan';
      const days = f.count('durationDays') ?? 15;
      const pricePaise = f.paise('totalPrice') ?? 1_150_000;
      if (days < 1 || pricePaise < days) {
        ctx.problem(
          doc,
          `durationDays ${days} and totalPrice ${rupees(pricePaise)} make no package (at least a day and a paisa a day); not imported`,
        );
        outcomes.set(doc, { kind: 'skipped', reason: 'not a package (no days or no price)' });
        continue;
      }
      const offer = await offerFor(tx, ctx, doc, { name, days, pricePaise });
      const started = f.instant('startDate');
      const remaining = f.count('daysRemaining') ?? days;
      const charged = Math.max(0, Math.min(days, days - remaining));
      if (remaining > days)
        ctx.problem(doc, `daysRemaining ${remaining} is more than the package's ${days} days: taken as no day charged`);
      const original = f.text('status').toLowerCase() || 'pending';
      let { status, endReason, note } = statusOf(original, !!started, remaining);
      if (note) ctx.problem(doc, note);

      const originalPets = (Array.isArray(f.get('petIds')) ? (f.get('petIds') as unknown[]) : [])
        .map((p) => f.ref('petIds', p))
        .filter((p): p is string => !!p);
      const unique = [...new Set(originalPets)];
      if (unique.length < originalPets.length) ctx.problem(doc, 'petIds: a pet is named twice; kept once');
      const declared = f.count('numberOfPets');
      if (declared !== null && declared !== unique.length) {
        ctx.problem(
          doc,
          `numberOfPets ${declared} but ${unique.length} pet${unique.length === 1 ? '' : 's'} named: the pets named are kept`,
        );
      }
      const perDay = f.paise('pricePerDay');
      const daily = f.paise('dailyCharge');
      if (perDay !== null && daily !== null && Math.abs(perDay * (declared ?? unique.length) - daily) > 1) {
        ctx.problem(
          doc,
          `dailyCharge ${rupees(daily)} is not pricePerDay ${rupees(perDay)} × ${declared ?? unique.length} pets; Pawdesk charges the exact share of the price`,
        );
      }

      const startDay = started ? dateInTz(started) : null;
      const updated = f.updated();
      const endedAt = status === 'ended' ? (f.instant('lastDeductionDate') ?? f.instant('endDate') ?? updated) : null;
      const pets: (typeof packagePets.$inferInsert)[] = [];
      for (const originalPet of unique) {
        let petId = originalPet;
        let petStatus: PackagePetStatus =
          status === 'active'
            ? charged >= days
              ? 'done'
              : 'boarded'
            : status === 'awaiting_checkin'
              ? 'waiting'
              : charged >= days
                ? 'done'
                : 'removed';
        const known = petOwner.get(originalPet);
        if (!known) {
          ctx.problem(doc, `petIds: pet ${originalPet} does not exist (deleted); kept on 'Deleted pet', off the package`);
          petId = await placeholderPet(tx, ctx);
          if (LIVE_PET.includes(petStatus)) petStatus = 'removed';
        } else if (known.ownerId !== ownerId) {
          ctx.problem(
            doc,
            `petIds: ${known.name} (${originalPet}) belongs to another owner than the customer's; kept on the package as the original had it`,
          );
        }
        const other = liveElsewhere.get(petId);
        if (LIVE_PET.includes(petStatus) && other && other !== doc.id) {
          ctx.problem(
            doc,
            `${known?.name ?? petId} is already on the live package ${other}: kept off this one (a pet is on one live package at most)`,
          );
          petStatus = 'removed';
        }
        if (LIVE_PET.includes(petStatus)) liveElsewhere.set(petId, doc.id);
        pets.push({
          id: packagePetId(doc.id, originalPet),
          packageSubscriptionId: doc.id,
          petId,
          boardingId: null,
          status: petStatus,
          startDate: status === 'awaiting_checkin' ? null : startDay,
          daysCharged: status === 'awaiting_checkin' ? 0 : charged,
          addedBy: null,
          addedAt: f.created(),
          removedAt: petStatus === 'removed' ? (endedAt ?? updated) : null,
        });
      }
      if ((status === 'active' || status === 'awaiting_checkin') && !pets.some((p) => LIVE_PET.includes(p.status!))) {
        ctx.problem(doc, `no pet of this ${original} package can be on it: imported as ended`);
        status = 'ended';
        endReason = endReason ?? 'staff';
      }
      pkgRows.push({
        id: doc.id,
        packageId: offer.id,
        ownerId,
        name,
        visitTypeId: offer.visitTypeId,
        days,
        pricePaise,
        status,
        activatedVia: 'customer',
        endReason,
        lowBalanceWarnedOn: null,
        createdBy: null,
        createdAt: f.created(),
        startedAt: status === 'awaiting_checkin' ? null : started,
        endedAt: status === 'ended' ? (endedAt ?? updated) : null,
        endedBy: null,
        updatedAt: updated,
      });
      petRows.push(...pets);

      // The card path's payment: money taken that pays no charge, held on the owner's unapplied balance.
      const payId = f.text('razorpayPaymentId');
      const orderId = f.text('razorpayOrderId');
      const petsPaid = Math.max(1, declared ?? unique.length);
      const paid = payId ? pricePaise * petsPaid : 0;
      const was = doc.previous?.money?.paid ?? 0;
      let posted = was;
      if (paid > 0 && was === 0) {
        const dup = usedPayIds.has(payId);
        usedPayIds.add(payId);
        ctx.problem(
          doc,
          `paid ${rupees(paid)} by Razorpay (${payId}) for ${petsPaid} pet${petsPaid === 1 ? '' : 's'} × ${rupees(pricePaise)} without crediting the wallet (the original's card path): held on the owner's unapplied balance for staff to apply or refund`,
        );
        const at = started ?? f.created();
        ctx.ledger.add({
          id: derivedId('boardingsubscriptions', doc.id, 'payment'),
          kind: 'payment',
          status: 'completed',
          account: 'unapplied',
          ownerId,
          method: 'card',
          amountPaise: paid,
          provider: 'razorpay',
          providerOrderId: orderId || null,
          providerPaymentId: dup ? null : payId,
          note: `${name}: paid online without crediting the wallet (original system${dup ? `, Razorpay payment ${payId}` : ''})`,
          paidAt: at,
          createdAt: at,
        });
        posted = paid;
      } else if (paid !== was) {
        ctx.problem(
          doc,
          `the Razorpay payment changed since the last import (${rupees(was)} → ${rupees(paid)}): not posted again (the ledger keeps what was posted); check the owner's statement`,
        );
      } else if (!payId && orderId) {
        ctx.problem(doc, `a Razorpay order (${orderId}) without a payment: nothing was paid`);
      }
      ctx.source({ paid: paid - was });
      if (status === 'active') {
        const dueFrom = startDay ? addDays(startDay, charged) : null;
        ctx.problem(
          doc,
          `running: ${charged} of ${days} days charged in the original; Pawdesk's daily job charges the wallet for each further day from ${dueFrom} on (days already past are caught up at its first run: end the package at the desk first if they are not owed)`,
        );
      }
      outcomes.set(doc, { kind: 'imported', table: 'package_subscriptions', id: doc.id, money: { paid: posted } });
    }
    await upsertMany(tx, boardingPackageSubscriptions, pkgRows, boardingPackageSubscriptions.id, [
      'id',
      'createdAt',
      'lowBalanceWarnedOn',
    ]);
    if (petRows.length) {
      await tx
        .insert(packagePets)
        .values(petRows)
        .onConflictDoUpdate({
          target: packagePets.id,
          set: {
            status: sql`excluded.status`,
            startDate: sql`excluded.start_date`,
            // The wallets importer raises it to the days its charges paid: never lowered here.
            daysCharged: sql`greatest(${packagePets.daysCharged}, excluded.days_charged)`,
            removedAt: sql`excluded.removed_at`,
          },
        });
    }
    return docs.map((d) => outcomes.get(d)!);
  },
};

import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { serviceFlagLiftRequests, serviceFlags } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { petFlagId } from './pets.ts';

/** The lifted flag kept for a pet whose unblock requests outlived its blacklisting (one per pet). */
export const liftedPetFlagId = (petId: string) => derivedId('pets', petId, 'lifted-flag');

const STATUSES = ['pending', 'approved', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

/**
 * blacklistrequests → service_flag_lift_requests, the owner's request to lift a pet's do-not-serve flag (issue 20).
 * A pending or rejected request belongs to the pet's live flag, the one the pets importer made from isBlacklisted
 * (petFlagId). A request whose pet is no longer blacklisted (the original clears the blacklist when it approves a
 * request, or when staff unblock the pet), and every approved one, belongs to a lifted flag kept for the history —
 * one per pet, lifted when the approval says (else when the request last changed), by the admin named. A request for
 * a pet the original deleted is skipped and listed (no pet to serve or not serve). One pending request per flag, as
 * the original allowed: a second is skipped and listed.
 */
export const blacklistRequestsImporter: CollectionImporter = {
  collection: 'blacklistrequests',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const ownerIds = await lookups.owners(ctx);
    const users = await lookups.users(ctx);
    const petIds = [...new Set(docs.map((d) => new Fields(ctx, d).ref('pet')).filter((p): p is string => !!p))];
    const live = new Set(
      petIds.length
        ? (
            await tx
              .select({ id: serviceFlags.id })
              .from(serviceFlags)
              .where(and(inArray(serviceFlags.id, petIds.map(petFlagId)), eq(serviceFlags.status, 'active')))
          ).map((r) => r.id)
        : [],
    );
    // Flags that already hold a pending request (not one of this batch's, which may have changed).
    const pendingOn = new Map<string, string>();
    const flagIds = petIds.flatMap((p) => [petFlagId(p), liftedPetFlagId(p)]);
    if (flagIds.length) {
      const rows = await tx
        .select({ id: serviceFlagLiftRequests.id, flagId: serviceFlagLiftRequests.flagId })
        .from(serviceFlagLiftRequests)
        .where(
          and(
            inArray(serviceFlagLiftRequests.flagId, flagIds),
            eq(serviceFlagLiftRequests.status, 'pending'),
            notInArray(
              serviceFlagLiftRequests.id,
              docs.map((d) => d.id),
            ),
          ),
        );
      for (const r of rows) pendingOn.set(r.flagId, r.id);
    }

    const lifted = new Map<string, typeof serviceFlags.$inferInsert>();
    const approvedFlags = new Set<string>();
    const rows: (typeof serviceFlagLiftRequests.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    // Oldest first, so the lifted flag's times come from the first request and the pending one kept is the first.
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const petId = f.ref('pet');
      const pet = petId ? petOwner.get(petId) : undefined;
      if (!petId || !pet) {
        ctx.problem(doc, `pet: ${petId ?? 'missing'} does not exist (deleted in the original); the unblock request was skipped`);
        outcomes.push({ kind: 'skipped', reason: 'the pet was deleted' });
        continue;
      }
      let status = f.text('status').toLowerCase() as Status;
      if (!STATUSES.includes(status)) {
        ctx.problem(doc, `status ${status ? `"${status}"` : 'missing'}: taken as pending`);
        status = 'pending';
      }
      const created = f.created();
      const updated = f.updated();
      const resolvedAt = status === 'pending' ? null : (f.instant('resolvedAt') ?? updated);
      const resolvedBy = f.optText('resolvedBy');
      let flagId = petFlagId(petId);
      if (status === 'approved' || !live.has(flagId)) {
        flagId = liftedPetFlagId(petId);
        if (status !== 'approved') {
          ctx.problem(
            doc,
            `${pet.name} is no longer blacklisted in the original: the ${status} request is kept on its lifted flag`,
          );
        }
        const had = lifted.get(flagId);
        // Lifted when an approval says (the latest), else when a request last changed.
        const byApproval = status === 'approved';
        const liftedAt = byApproval ? resolvedAt! : updated;
        if (!had) {
          lifted.set(flagId, {
            id: flagId,
            subject: 'pet',
            petId,
            reason: 'Blacklisted in the original system (the reason was cleared there when the blacklist was lifted)',
            status: 'lifted',
            decidedByName: null,
            decidedAt: created,
            liftedByName: byApproval ? (resolvedBy ?? 'original system') : 'original system',
            liftedAt,
            liftNote: byApproval ? f.optText('adminNote') : null,
            createdAt: created,
          });
          if (byApproval) approvedFlags.add(flagId);
        } else {
          if (created < had.decidedAt!) had.decidedAt = had.createdAt = created;
          const approvedBefore = approvedFlags.has(flagId);
          if (
            (byApproval && (!approvedBefore || liftedAt > had.liftedAt!)) ||
            (!byApproval && !approvedBefore && liftedAt > had.liftedAt!)
          ) {
            had.liftedAt = liftedAt;
            if (byApproval) {
              had.liftedByName = resolvedBy ?? 'original system';
              had.liftNote = f.optText('adminNote');
              approvedFlags.add(flagId);
            }
          }
        }
      }
      if (status === 'pending') {
        const other = pendingOn.get(flagId);
        if (other && other !== doc.id) {
          ctx.problem(
            doc,
            `another request (${other}) is already pending for ${pet.name}: this one was skipped (one pending request per flag)`,
          );
          outcomes.push({ kind: 'skipped', reason: 'a second pending request for the same flag' });
          continue;
        }
        pendingOn.set(flagId, doc.id);
      }
      const originalOwner = f.ref('owner');
      let ownerId = originalOwner ? ctx.resolve('owners', originalOwner) : null;
      if (!ownerId || !ownerIds.has(ownerId)) {
        if (originalOwner) ctx.problem(doc, `owner: ${originalOwner} does not exist; the pet's owner is named instead`);
        ownerId = pet.ownerId;
      } else if (ownerId !== pet.ownerId) {
        ctx.problem(doc, `owner: ${ownerId} is not the pet's owner (${pet.ownerId}); kept as the original has it`);
      }
      const customer = f.ref('customerUserId');
      let reason = f.text('reason');
      if (!reason) {
        reason = 'No reason given';
        ctx.problem(doc, 'reason: missing; recorded as "No reason given"');
      }
      rows.push({
        id: doc.id,
        flagId,
        ownerId,
        customerUserId: customer && users.has(customer) ? customer : null,
        reason,
        status,
        adminNote: f.optText('adminNote'),
        resolvedAt,
        resolvedBy: null,
        resolvedByName: status === 'pending' ? null : resolvedBy,
        createdAt: created,
      });
      outcomes.push({ kind: 'imported', table: 'service_flag_lift_requests', id: doc.id });
    }
    if (lifted.size)
      await tx
        .insert(serviceFlags)
        .values([...lifted.values()])
        .onConflictDoNothing();
    await upsertMany(tx, serviceFlagLiftRequests, rows, serviceFlagLiftRequests.id, ['id', 'createdAt']);
    return outcomes;
  },
};

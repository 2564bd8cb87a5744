import {
  type CreateDnsFlagBody,
  type CustomerDnsFlag,
  DNS_CONFLICT_CODE,
  DNS_MESSAGES as M,
  type DnsFlag,
  type DnsReview,
  type DoNotServeMark,
  dateInTz,
  doNotServeMessage,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, forbidden, notFound, pgCode } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from '../auth/auth.service.ts';
import { notifyOwner } from '../notifications/owner-inbox.service.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { ownersByIds, petsOfOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import {
  activeFlags,
  type FlagRow,
  findFlag,
  findReview,
  insertFlag,
  insertOverride,
  insertReview,
  latestReviewsOf,
  liveFlagsOn,
  pageFlags,
  pagePendingReviews,
  type ReviewRow,
  updateFlag,
  updateReview,
} from './donotserve.repo.ts';
import { currentServeScope } from './override-scope.service.ts';

/**
 * "Do not serve" (issue 20). This module imports only pets, notifications, staff notifications, auth and audit —
 * never sales, reservations or appointments — so every sale and booking path may call `assertMayServe` without a
 * module cycle.
 */

/** What a sale or booking is for: the owner (may be null when only pets are named) and the pets. */
export interface ServeSubject {
  ownerId: string | null;
  petIds: readonly string[];
}

/** What an override let through, recorded with it. */
export interface ServeAllowed {
  kind: 'visit' | 'reservation' | 'appointment' | 'package' | 'prescription' | 'plan_order';
  id: string;
}

/** The admin who made a flag active (flagged, or approved the request), as the refusal names them. */
async function flaggerName(db: DbOrTx, f: FlagRow): Promise<string> {
  if (f.decidedByName) return f.decidedByName;
  const id = f.decidedBy ?? f.requestedBy;
  return (id ? (await findUserById(db, id))?.fullName : undefined) ?? 'an admin';
}

/**
 * Refuses (409, the reason in the message) when the owner, a pet or a pet's owner is flagged do not serve, unless
 * the request carries an admin's `dnsOverride` (override.plugin.ts): then the override is recorded for each flag
 * it passes (who, why, which flag, what it allowed) and audited. Call it inside the write's transaction, after the
 * write (so `allowed.id` exists): the refusal rolls the write back.
 */
export async function assertMayServe(ctx: AppContext, tx: DbOrTx, subject: ServeSubject, allowed: ServeAllowed): Promise<void> {
  const petIds = [...new Set(subject.petIds)];
  const ownerIds = new Set<string>(subject.ownerId ? [subject.ownerId] : []);
  if (petIds.length) for (const p of (await petsWithOwnersByIds(tx, petIds)).values()) ownerIds.add(p.owner.id);
  const flags = await liveFlagsOn(tx, { petIds, ownerIds: [...ownerIds] }, ['active']);
  if (!flags.length) return;
  const scope = currentServeScope();
  const override = scope?.override;
  if (override && scope.principal?.isAdmin) {
    for (const f of flags) {
      await insertOverride(tx, {
        flagId: f.id,
        byUserId: scope.principal.id,
        reason: override.reason,
        allowedKind: allowed.kind,
        allowedId: allowed.id,
        createdAt: ctx.clock.now(),
      });
      await recordAudit(tx, {
        actorId: scope.principal.id,
        action: 'donotserve.override',
        entity: 'service_flag',
        entityId: f.id,
        after: { reason: override.reason, flagReason: f.reason, allowed: allowed.kind, allowedId: allowed.id },
      });
    }
    return;
  }
  // The pet's own flag first: it says the most about why this visit is refused.
  const f = flags.find((x) => x.subject === 'pet') ?? flags[0]!;
  const audience = scope?.principal?.role === 'customer' ? 'customer' : 'staff';
  const since = (f.decidedAt ?? f.createdAt).toISOString();
  const message = doNotServeMessage({ reason: f.reason, by: await flaggerName(tx, f), since }, audience, ctx.config.tz);
  throw conflict(message, { code: DNS_CONFLICT_CODE, doNotServe: { flagId: f.id, subject: f.subject, reason: f.reason } });
}

// ------------------------------------------------------------------------------------------------------ views

interface Names {
  pets: Awaited<ReturnType<typeof petsWithOwnersByIds>>;
  owners: Awaited<ReturnType<typeof ownersByIds>>;
  users: Map<string, string>;
}

async function namesFor(db: DbOrTx, flags: readonly FlagRow[], reviews: readonly ReviewRow[] = []): Promise<Names> {
  const pets = await petsWithOwnersByIds(
    db,
    flags.flatMap((f) => (f.petId ? [f.petId] : [])),
  );
  const owners = await ownersByIds(
    db,
    flags.flatMap((f) => (f.ownerId ? [f.ownerId] : [])),
  );
  const userIds = new Set<string>();
  for (const f of flags) for (const id of [f.requestedBy, f.decidedBy, f.liftedBy]) if (id) userIds.add(id);
  for (const r of reviews) if (r.resolvedBy) userIds.add(r.resolvedBy);
  const users = new Map<string, string>();
  // A handful of admins and staff: one primary-key read each.
  for (const id of userIds) users.set(id, (await findUserById(db, id))?.fullName ?? 'a former user');
  return { pets, owners, users };
}

const person = (n: Names, id: string | null, name?: string | null) =>
  id ? { _id: id, name: n.users.get(id) ?? name ?? 'a former user' } : name ? { _id: null, name } : null;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function reviewView(n: Names, r: ReviewRow): DnsReview {
  return {
    _id: r.id,
    flagId: r.flagId,
    reason: r.reason,
    status: r.status,
    adminNote: r.adminNote,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: iso(r.resolvedAt),
    resolvedBy: person(n, r.resolvedBy, r.resolvedByName),
  };
}

function flagView(n: Names, f: FlagRow, review?: ReviewRow): DnsFlag {
  const pet = f.petId ? n.pets.get(f.petId) : undefined;
  const owner = f.ownerId ? n.owners.get(f.ownerId) : undefined;
  return {
    _id: f.id,
    subject: f.subject,
    petId: f.petId,
    ownerId: f.ownerId ?? pet?.owner.id ?? null,
    subjectName: pet?.name ?? owner?.name ?? '',
    ownerName: pet?.owner.name ?? owner?.name ?? '',
    reason: f.reason,
    status: f.status,
    requestedBy: person(n, f.requestedBy),
    requestedAt: iso(f.requestedAt),
    decidedBy: person(n, f.decidedBy, f.decidedByName),
    decidedAt: iso(f.decidedAt),
    decisionNote: f.decisionNote,
    liftedBy: person(n, f.liftedBy, f.liftedByName),
    liftedAt: iso(f.liftedAt),
    liftNote: f.liftNote,
    pendingReview: review?.status === 'pending' ? reviewView(n, review) : null,
  };
}

async function flagViews(db: DbOrTx, flags: readonly FlagRow[]): Promise<DnsFlag[]> {
  const reviews = await latestReviewsOf(
    db,
    flags.map((f) => f.id),
  );
  const n = await namesFor(db, flags, [...reviews.values()]);
  return flags.map((f) => flagView(n, f, reviews.get(f.id)));
}

const markOf = (f: FlagRow, by: string): DoNotServeMark => ({
  flagId: f.id,
  reason: f.reason,
  since: (f.decidedAt ?? f.createdAt).toISOString(),
  by,
});

// ------------------------------------------------------------------------------------------------------ reads

/** GET /donotserve: one page of active flags or of staff requests waiting for an admin. */
export async function listFlags(db: DbOrTx, q: { status: 'active' | 'requested'; limit: number; offset: number }) {
  const { rows, total } = await pageFlags(db, q.status, q.limit, q.offset);
  return { success: true as const, flags: await flagViews(db, rows), total };
}

/** GET /donotserve/reviews: owners' requests to lift a flag, waiting for an admin. */
export async function listReviews(db: DbOrTx, q: { limit: number; offset: number }) {
  const { rows, total } = await pagePendingReviews(db, q.limit, q.offset);
  const flags = new Map<string, FlagRow>();
  for (const r of rows) {
    const f = await findFlag(db, r.flagId);
    if (f) flags.set(f.id, f);
  }
  const n = await namesFor(db, [...flags.values()], rows);
  const reviews = rows.flatMap((r) => {
    const f = flags.get(r.flagId);
    return f ? [{ ...reviewView(n, r), flag: flagView(n, f, r) }] : [];
  });
  return { success: true as const, reviews, total };
}

/** GET /donotserve/subject: a pet's flags (and its owner's), or an owner's; the active one that refuses service. */
export async function subjectFlags(db: DbOrTx, q: { petId?: string; ownerId?: string }) {
  let ownerId = q.ownerId ?? null;
  if (q.petId) {
    const pet = (await petsWithOwnersByIds(db, [q.petId])).get(q.petId);
    if (!pet) throw notFound('Pet');
    ownerId = pet.owner.id;
  } else if (ownerId && !(await ownersByIds(db, [ownerId])).has(ownerId)) throw notFound('Owner');
  const rows = await liveFlagsOn(db, { petIds: q.petId ? [q.petId] : [], ownerIds: ownerId ? [ownerId] : [] }, [
    'active',
    'requested',
  ]);
  const flags = await flagViews(db, rows);
  const active = flags.filter((f) => f.status === 'active');
  const first = active.find((f) => f.subject === 'pet') ?? active[0];
  const row = first ? rows.find((r) => r.id === first._id)! : undefined;
  return {
    success: true as const,
    doNotServe: row ? markOf(row, first!.decidedBy?.name ?? 'an admin') : null,
    flags,
  };
}

/** Most active flags the list badges carry (the resort flags a few owners, not thousands). */
const MARKS_MAX = 2000;

/** GET /donotserve/marks: every active flag by pet and by owner, for the badges of staff lists. */
export async function marks(db: DbOrTx) {
  const rows = await activeFlags(db, MARKS_MAX);
  const pets: Record<string, DoNotServeMark> = {};
  const owners: Record<string, DoNotServeMark> = {};
  const names = new Map<string, string>();
  for (const f of rows) {
    const key = f.decidedBy ?? '';
    if (!names.has(key)) names.set(key, await flaggerName(db, f));
    const m = markOf(f, f.decidedByName ?? names.get(key)!);
    if (f.petId) pets[f.petId] = m;
    if (f.ownerId) owners[f.ownerId] = m;
  }
  return { success: true as const, pets, owners };
}

/** The flags a customer may see and ask about: on their owner record and their pets (active ones). */
async function customerActiveFlags(db: DbOrTx, userId: string) {
  const owner = await customerOwnerOf(db, userId);
  if (!owner) return { owner: undefined, flags: [] as FlagRow[] };
  const petIds = (await petsOfOwner(db, { userId }, 500)).map((p) => p.id);
  const flags = await liveFlagsOn(db, { petIds, ownerIds: [owner.id] }, ['active']);
  return { owner, flags };
}

/** GET /customer/donotserve: the caller's flagged pets and self, with the reason and their latest review. */
export async function customerFlags(db: DbOrTx, userId: string): Promise<{ success: true; flags: CustomerDnsFlag[] }> {
  const { flags } = await customerActiveFlags(db, userId);
  const reviews = await latestReviewsOf(
    db,
    flags.map((f) => f.id),
  );
  const n = await namesFor(db, flags);
  return {
    success: true,
    flags: flags.map((f) => {
      const r = reviews.get(f.id);
      const v = flagView(n, f);
      const { resolvedBy: _hidden, ...review } = r ? reviewView(n, r) : { resolvedBy: null };
      return {
        _id: f.id,
        subject: f.subject,
        petId: f.petId,
        subjectName: v.subjectName,
        reason: f.reason,
        since: (f.decidedAt ?? f.createdAt).toISOString(),
        review: r ? (review as CustomerDnsFlag['review']) : null,
      };
    }),
  };
}

// ------------------------------------------------------------------------------------------------------ writes

const UNIQUE_VIOLATION = '23505';

/** The subject's name and owner (404 for an unknown pet or owner). */
async function subjectOf(db: DbOrTx, b: { petId?: string; ownerId?: string }) {
  if (b.petId) {
    const pet = (await petsWithOwnersByIds(db, [b.petId])).get(b.petId);
    if (!pet) throw notFound('Pet');
    return { name: pet.name, ownerId: pet.owner.id };
  }
  const owner = (await ownersByIds(db, [b.ownerId!])).get(b.ownerId!);
  if (!owner) throw notFound('Owner');
  return { name: owner.name, ownerId: owner.id };
}

/** The owner is told their pet's (or their own) service is paused, in their inbox and by email. */
async function tellPaused(ctx: AppContext, tx: DbOrTx, f: FlagRow, name: string, ownerId: string) {
  const now = ctx.clock.now();
  await notifyOwner(tx, {
    ownerId,
    kind: 'service_paused',
    title: f.subject === 'pet' ? `Service paused for ${name}` : 'Service paused',
    body: `The resort has paused service${f.subject === 'pet' ? ` for ${name}` : ''}: ${f.reason}. You may ask for a review from My Pets on your dashboard.`,
    link: '/customer/dashboard',
    refs: { flagId: f.id },
    dedupeKey: `dns_paused:${f.id}`,
    now,
    refDate: dateInTz(now, ctx.config.tz),
  });
}

async function tellResumed(ctx: AppContext, tx: DbOrTx, f: FlagRow, note: string | null) {
  const s = await subjectOf(tx, { petId: f.petId ?? undefined, ownerId: f.ownerId ?? undefined });
  const now = ctx.clock.now();
  await notifyOwner(tx, {
    ownerId: s.ownerId,
    kind: 'service_resumed',
    title: f.subject === 'pet' ? `Service resumed for ${s.name}` : 'Service resumed',
    body: `The resort has lifted the pause on service${f.subject === 'pet' ? ` for ${s.name}` : ''}.${note ? ` ${note}` : ''}`,
    link: '/customer/dashboard',
    refs: { flagId: f.id },
    dedupeKey: `dns_resumed:${f.id}`,
    now,
    refDate: dateInTz(now, ctx.config.tz),
  });
}

/**
 * POST /donotserve: an admin's flag is active at once; a staff member's is a request an admin decides. One live
 * (requested or active) flag per pet or owner: a second is a 409 (the partial unique index decides between two at
 * the same instant).
 */
export async function createFlag(ctx: AppContext, b: CreateDnsFlagBody & { reason: string }, who: Principal) {
  const now = ctx.clock.now();
  const admin = who.isAdmin;
  let name = '';
  try {
    const flag = await ctx.db.transaction(async (tx) => {
      const s = await subjectOf(tx, b);
      name = s.name;
      const row = await insertFlag(tx, {
        subject: b.petId ? 'pet' : 'owner',
        petId: b.petId ?? null,
        ownerId: b.petId ? null : (b.ownerId ?? null),
        reason: b.reason,
        status: admin ? 'active' : 'requested',
        requestedBy: who.id,
        requestedAt: now,
        ...(admin ? { decidedBy: who.id, decidedAt: now } : {}),
        createdAt: now,
      });
      await recordAudit(tx, {
        actorId: who.id,
        action: admin ? 'donotserve.flag' : 'donotserve.request',
        entity: 'service_flag',
        entityId: row.id,
        after: {
          subject: row.subject,
          petId: row.petId,
          ownerId: row.ownerId,
          name: s.name,
          reason: row.reason,
          status: row.status,
        },
      });
      if (admin) await tellPaused(ctx, tx, row, s.name, s.ownerId);
      else
        await raiseStaffNotification(tx, {
          kind: 'dns_flag_requested',
          title: `Do-not-serve flag requested: ${s.name}`,
          body: b.reason,
          link: '/staff/donotserve',
          ownerId: s.ownerId,
          refs: { flagId: row.id },
          dedupeKey: `dns_flag_requested:${row.id}`,
          audience: 'admin',
          now,
        });
      return row;
    });
    return { success: true as const, message: admin ? M.flagged : M.requested, flag: (await flagViews(ctx.db, [flag]))[0]! };
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw conflict(M.alreadyFlagged(name || 'This pet or owner'));
    throw err;
  }
}

/** Decides a staff member's request (admins): approved, the flag is active now; rejected, with a note. */
export async function decideFlag(
  ctx: AppContext,
  id: string,
  decision: 'approve' | 'reject',
  note: string | null,
  who: Principal,
) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const f = await findFlag(tx, id, true);
    if (!f) throw notFound('Flag');
    if (f.status !== 'requested') throw conflict(M.notRequested);
    const approve = decision === 'approve';
    const row = (await updateFlag(tx, id, ['requested'], {
      status: approve ? 'active' : 'rejected',
      decidedBy: who.id,
      decidedAt: now,
      decisionNote: note,
    }))!;
    await recordAudit(tx, {
      actorId: who.id,
      action: approve ? 'donotserve.approve' : 'donotserve.reject',
      entity: 'service_flag',
      entityId: id,
      before: { status: f.status },
      after: { status: row.status, note },
    });
    if (approve) {
      const s = await subjectOf(tx, { petId: f.petId ?? undefined, ownerId: f.ownerId ?? undefined });
      await tellPaused(ctx, tx, row, s.name, s.ownerId);
    }
    return row;
  });
  const message = decision === 'approve' ? M.approved : M.rejected;
  return { success: true as const, message, flag: (await flagViews(ctx.db, [row]))[0]! };
}

/** Lifts an active flag (admins, with a note); an owner's pending review of it is approved with the same note. */
export async function liftFlag(ctx: AppContext, id: string, note: string, who: Principal) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const f = await findFlag(tx, id, true);
    if (!f) throw notFound('Flag');
    if (f.status !== 'active') throw conflict(M.notActive);
    const row = await liftIn(ctx, tx, f, note, who);
    const pending = (await latestReviewsOf(tx, [id])).get(id);
    if (pending?.status === 'pending') {
      await updateReview(tx, pending.id, { status: 'approved', adminNote: note, resolvedAt: now, resolvedBy: who.id });
    }
    return row;
  });
  return { success: true as const, message: M.lifted, flag: (await flagViews(ctx.db, [row]))[0]! };
}

async function liftIn(ctx: AppContext, tx: DbOrTx, f: FlagRow, note: string, who: Principal): Promise<FlagRow> {
  const row = (await updateFlag(tx, f.id, ['active'], {
    status: 'lifted',
    liftedBy: who.id,
    liftedAt: ctx.clock.now(),
    liftNote: note,
  }))!;
  await recordAudit(tx, {
    actorId: who.id,
    action: 'donotserve.lift',
    entity: 'service_flag',
    entityId: f.id,
    before: { status: 'active' },
    after: { status: 'lifted', note },
  });
  await tellResumed(ctx, tx, f, note);
  return row;
}

/**
 * POST /customer/donotserve/:id/review: the owner asks for an active flag on them or their pet to be lifted (a
 * flag that is not theirs is a 404, as if it did not exist). One pending request per flag: a second is a 409.
 * The admins are told.
 */
export async function requestReview(ctx: AppContext, flagId: string, reason: string, who: Principal) {
  if (who.role !== 'customer') throw forbidden();
  const now = ctx.clock.now();
  try {
    const review = await ctx.db.transaction(async (tx) => {
      const { owner, flags } = await customerActiveFlags(tx, who.id);
      const f = flags.find((x) => x.id === flagId);
      if (!owner || !f) throw notFound('Flag');
      if ((await latestReviewsOf(tx, [f.id])).get(f.id)?.status === 'pending') throw conflict(M.reviewPending);
      const r = await insertReview(tx, {
        flagId: f.id,
        ownerId: owner.id,
        customerUserId: who.id,
        reason,
        status: 'pending',
        createdAt: now,
      });
      const s = await subjectOf(tx, { petId: f.petId ?? undefined, ownerId: f.ownerId ?? undefined });
      await recordAudit(tx, {
        actorId: who.id,
        action: 'donotserve.review_request',
        entity: 'service_flag',
        entityId: f.id,
        after: { reviewId: r.id, reason },
      });
      await raiseStaffNotification(tx, {
        kind: 'dns_review_requested',
        title: `Review of a do-not-serve flag asked: ${s.name}`,
        body: reason,
        link: '/staff/donotserve',
        ownerId: owner.id,
        refs: { flagId: f.id, reviewId: r.id },
        dedupeKey: `dns_review_requested:${r.id}`,
        audience: 'admin',
        now,
      });
      return r;
    });
    return { success: true as const, message: M.reviewRequested, review: reviewView(await namesFor(ctx.db, []), review) };
  } catch (err) {
    if (pgCode(err) === UNIQUE_VIOLATION) throw conflict(M.reviewPending);
    throw err;
  }
}

/** Decides an owner's review (admins): approved lifts the flag; rejected keeps it. The owner is told either way. */
export async function decideReview(
  ctx: AppContext,
  id: string,
  decision: 'approve' | 'reject',
  note: string | null,
  who: Principal,
) {
  const now = ctx.clock.now();
  const review = await ctx.db.transaction(async (tx) => {
    const r = await findReview(tx, id, true);
    if (!r) throw notFound('Review request');
    if (r.status !== 'pending') throw conflict(M.reviewNotPending);
    const f = await findFlag(tx, r.flagId, true);
    if (!f) throw notFound('Flag');
    const approve = decision === 'approve';
    const row = (await updateReview(tx, id, {
      status: approve ? 'approved' : 'rejected',
      adminNote: note,
      resolvedAt: now,
      resolvedBy: who.id,
    }))!;
    await recordAudit(tx, {
      actorId: who.id,
      action: approve ? 'donotserve.review_approve' : 'donotserve.review_reject',
      entity: 'service_flag',
      entityId: f.id,
      after: { reviewId: id, note },
    });
    if (approve && f.status === 'active') await liftIn(ctx, tx, f, note ?? r.reason, who);
    if (!approve) {
      const s = await subjectOf(tx, { petId: f.petId ?? undefined, ownerId: f.ownerId ?? undefined });
      await notifyOwner(tx, {
        ownerId: r.ownerId,
        kind: 'service_review_rejected',
        title: `Review not granted${f.subject === 'pet' ? ` for ${s.name}` : ''}`,
        body: `The resort has kept the pause on service: ${note}`,
        link: '/customer/dashboard',
        refs: { flagId: f.id, reviewId: id },
        dedupeKey: `dns_review_rejected:${id}`,
        now,
        refDate: dateInTz(now, ctx.config.tz),
      });
    }
    return row;
  });
  const message = decision === 'approve' ? M.reviewApproved : M.reviewRejected;
  return { success: true as const, message, review: reviewView(await namesFor(ctx.db, [], [review]), review) };
}

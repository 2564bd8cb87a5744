import { REFUND_MESSAGES as M, toRupees, type VoidVisitResponse, WALK_IN_OWNER_ID } from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { boardingsOfVisits } from '../boarding/boarding.service.ts';
import { endSoldSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { cancelAtProvider, moneyTransaction, voidPending } from '../payments/money.service.ts';
import {
  accountOf,
  type LedgerRow,
  lockLedger,
  postCredit,
  type Subject,
  sweepOverpayment,
  toLedgerPayment,
} from '../payments/payments.service.ts';
import { ownerOfPet } from '../pets/pet-lookups.service.ts';
import { announceVisitVoided } from './visit-changes.ts';
import { findVisit, markVisitVoided } from './visit-records.repo.ts';

/**
 * POST /visit/voidvisit (admins): a visit recorded by mistake is voided, never edited nor deleted. In one money
 * transaction, under the owner's ledger lock: every charge of the visit (and its stay) not yet credited is credited
 * in full, pending payments are voided (their links cancelled at the provider after the commit), money already paid
 * moves to the owner's unapplied balance (where staff refund it or apply it to another sale), and the visit is marked
 * voided (when, by whom, why). Audited. A visit already voided, or whose pet is still boarded on it, is a 409.
 */
export async function voidVisit(
  ctx: AppContext,
  body: { visitId: string; reason: string },
  userId: string,
  log?: FastifyBaseLogger,
): Promise<VoidVisitResponse> {
  const visit = await findVisit(ctx.db, body.visitId);
  if (!visit) throw notFound('Visit');
  if (visit.voidedAt) throw conflict(M.alreadyVoided);
  const before = await accountOf(ctx.db, { visitId: visit.id });
  // The ledger's rows name the owner they were written for (a snapshot); a visit with none, the pet's owner now.
  const owners = before.entries.length
    ? [...new Set(before.entries.map((e) => e.ownerId))]
    : [visit.petId ? await ownerOfPet(ctx.db, visit.petId) : WALK_IN_OWNER_ID];

  const done = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, owners);
    const now = ctx.clock.now();
    if ((await boardingsOfVisits(tx, [visit.id])).get(visit.id)?.isBoarded) throw conflict(M.deboardBeforeVoid);
    const marked = await markVisitVoided(tx, visit.id, { at: now, by: userId, reason: body.reason });
    if (!marked) throw conflict(M.alreadyVoided);

    const { entries } = await accountOf(tx, { visitId: visit.id });
    const note = `Visit voided: ${body.reason}`;
    const credits: LedgerRow[] = [];
    for (const charge of entries.filter((e) => e.kind === 'charge' && e.status === 'completed')) {
      const credited = entries
        .filter((e) => e.kind === 'credit' && e.creditOf === charge.id)
        .reduce((s, e) => s + e.amountPaise, 0);
      const row = await postCredit(tx, {
        charge,
        amountPaise: charge.amountPaise - credited,
        note,
        createdBy: userId,
        tz: ctx.config.tz,
        now,
      });
      if (row) credits.push(row);
    }
    const voided = await voidPending(tx, entries, userId, now);
    // A Buy Subscription visit's charge names the subscription it sold: voided, it ends.
    const ended = await endSoldSubscriptions(
      tx,
      entries.flatMap((e) => (e.kind === 'charge' && e.subscriptionId ? [e.subscriptionId] : [])),
      { visitIds: [visit.id], now },
    );
    const first = entries[0];
    const moved = first
      ? await sweepOverpayment(tx, {
          ownerId: first.ownerId,
          petId: first.petId ?? visit.petId,
          subject: {
            visitId: visit.id,
            ...(first.boardingId ? { boardingId: first.boardingId } : {}),
          } satisfies Subject,
          by: userId,
          now,
          note: 'Visit voided: money paid for it moved to the owner’s unapplied balance',
        })
      : null;
    // Copies kept elsewhere (the Visit History search row): voided, with the money after the credits.
    await announceVisitVoided(tx, { visitId: visit.id, tz: ctx.config.tz });
    await recordAudit(tx, {
      actorId: userId,
      action: 'visit.void',
      entity: 'visit',
      entityId: visit.id,
      before: { voidedAt: null },
      after: {
        voidedAt: now.toISOString(),
        voidReason: body.reason,
        credits: credits.map((c) => c.id),
        voidedPayments: voided.map((v) => v.id),
        endedSubscriptions: ended,
        unapplied: toRupees(moved?.in.amountPaise ?? 0),
      },
    });
    return { marked, credits, voided, unappliedPaise: moved?.in.amountPaise ?? 0 };
  });

  await cancelAtProvider(ctx, done.voided, log);
  return {
    success: true,
    message: M.voided,
    visit: { _id: done.marked.id, voidedAt: done.marked.voidedAt!.toISOString(), voidReason: done.marked.voidReason! },
    credits: done.credits.map(toLedgerPayment),
    unapplied: toRupees(done.unappliedPaise),
  };
}

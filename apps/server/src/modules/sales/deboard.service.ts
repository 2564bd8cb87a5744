import {
  DEBOARD_ENDPOINT_CODES,
  DEBOARD_MESSAGES as M,
  type DeboardEndpoint,
  type DeboardResponse,
  formatINR,
  toPaise,
  toRupees,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { deboardBody } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { cancelAtProvider, moneyTransaction, voidPending } from '../payments/money.service.ts';
import { type LedgerRow, recordPayment, toLedgerPayment } from '../payments/payments.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { useSubscriptionDays } from '../subscriptions/subscription-days.service.ts';
import { closeBoarding } from '../boarding/stay-records.service.ts';
import { packagePetDeboarded } from '../packages/packages.service.ts';
import { loadStay, postExtraDays, type Stay, staySubject } from './stay.service.ts';

/**
 * Deboarding (spec 001 §4): in ONE transaction the stay is locked, the extra-day charge not yet posted goes into the
 * ledger, cash collected at the desk (exactly what is due) is recorded with a receipt, and the pet leaves only when
 * nothing is due: exit time, extra days, subscription days used (taken off the subscription), who deboarded. While
 * anything is due the answer is a 409 naming the amount and nothing is written.
 */

type Body = z.output<typeof deboardBody>;
const inr = (paise: number) => formatINR(toRupees(paise));

async function petName(db: DbOrTx, petId: string): Promise<string> {
  return (await petsWithOwnersByIds(db, [petId])).get(petId)?.name ?? 'the pet';
}

/** 400 when the boarding is not one of the endpoint's categories (the dog park overlay's day care call is allowed). */
function checkCategory(stay: Stay, endpoint: DeboardEndpoint) {
  const codes: readonly string[] = DEBOARD_ENDPOINT_CODES[endpoint];
  if (!codes.includes(stay.type.code)) {
    const message = M.wrongCategory(stay.type.purpose);
    throw badRequest(message, { boardingid: message });
  }
}

/** Cash at the desk must be exactly what is due. */
function checkCash(duePaise: number, amountPaise: number) {
  if (amountPaise > duePaise)
    throw badRequest(
      M.moreThanDue(inr(duePaise)),
      { 'payment.amount': M.moreThanDue(inr(duePaise)) },
      { due: toRupees(duePaise) },
    );
  if (amountPaise < duePaise)
    throw badRequest(M.payExactly(inr(duePaise)), { 'payment.amount': M.payExactly(inr(duePaise)) }, { due: toRupees(duePaise) });
}

export async function deboard(ctx: AppContext, endpoint: DeboardEndpoint, body: Body, userId: string): Promise<DeboardResponse> {
  const { answer, voided } = await moneyTransaction(ctx, async (tx) => {
    const stay = await loadStay(ctx, tx, body.boardingid, true);
    const b = stay.boarding;
    if (!b.isBoarded) throw conflict(M.alreadyDeboarded);
    checkCategory(stay, endpoint);
    const q = stay.quote;
    await postExtraDays(ctx, tx, stay, userId);
    const now = ctx.clock.now();

    let payment: LedgerRow | null = null;
    const cashPaise = body.payment ? toPaise(body.payment.amount) : 0;
    if (body.payment) checkCash(q.duePaise, cashPaise);
    if (cashPaise > 0) {
      payment = await recordPayment(tx, {
        ownerId: stay.ownerId,
        petId: b.petId,
        for: staySubject(b),
        amountPaise: cashPaise,
        method: 'cash',
        note: 'Collected while deboarding',
        createdBy: userId,
        tz: ctx.config.tz,
        now,
      });
    }
    const duePaise = q.duePaise - cashPaise;
    if (duePaise > 0) {
      // Thrown inside the transaction: the extra charge posted above is rolled back too.
      throw conflict(M.due(inr(duePaise), await petName(tx, b.petId)), { due: toRupees(duePaise) });
    }
    // Pending card checkouts and payment links are voided (and links cancelled after the commit): nothing is due.
    const voided = await voidPending(tx, stay.entries, userId, now);

    const closed = await closeBoarding(tx, b.id, {
      exitTime: now,
      extraDays: q.extraDays,
      subscriptionDaysUsed: q.subscriptionDaysUsed,
      deboardedBy: userId,
    });
    if (!closed) throw conflict(M.alreadyDeboarded);
    // A boarding package's stay (sold at ₹0, nothing due): the pet leaves its package, the last pet out ends it.
    await packagePetDeboarded(tx, { boardingId: b.id, petId: b.petId }, { by: userId, now });
    const subscription =
      b.subscriptionId && stay.subscription
        ? await useSubscriptionDays(tx, b.subscriptionId, q.subscriptionDaysUsed, now)
        : undefined;

    const answer = {
      success: true as const,
      message: M.deboarded,
      boarding: {
        _id: closed.id,
        isBoarded: false as const,
        exitTime: now.toISOString(),
        actualDays: q.actualDays,
        extraDays: q.extraDays,
        extraCharge: toRupees(q.extraChargePaise),
        subscriptionDaysUsed: q.subscriptionDaysUsed,
      },
      payment: payment ? toLedgerPayment(payment) : null,
      subscription: subscription ? { _id: subscription.id, daysLeft: subscription.daysLeft, active: subscription.active } : null,
    };
    return { answer, voided };
  });
  await cancelAtProvider(ctx, voided);
  return answer;
}

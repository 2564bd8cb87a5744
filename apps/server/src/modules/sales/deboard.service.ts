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
import { sendLinkAfterCommit } from '../payments/payment-links.service.ts';
import { type LedgerRow, recordPayment, toLedgerPayment } from '../payments/payments.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { staySettings } from '../site/settings.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { useSubscriptionDays } from '../subscriptions/subscription-days.service.ts';
import { closeBoarding } from '../boarding/stay-records.service.ts';
import { packagePetDeboarded } from '../packages/packages.service.ts';
import { loadStay, postExtraDays, type Stay, staySubject } from './stay.service.ts';

/**
 * Deboarding (spec 001 §4): in ONE transaction the stay is locked, the extra-day charge not yet posted goes into the
 * ledger, cash collected at the desk (exactly what the whole bill is due: the stay and the services on its bill,
 * issue 18) is recorded as one payment with a receipt on the stay's account (sales/stay-bill.service.ts moves each
 * service's share to its own account in the same transaction), and the pet leaves only when nothing is due: exit
 * time, extra days, subscription days used (taken off the subscription), who deboarded. While anything is due the
 * answer is a 409 naming the amount and nothing is written, except:
 * - `payLater` (staff chose it): the pet leaves with the bill owed on the owner's statement, asked for by a payment
 *   link (sent after the commit) for what no pending link or card order asks yet;
 * - the existing web client's call (`{boardingid}` alone, without an Idempotency-Key: Pawdesk's screens always send
 *   one) under the switch-over setting `legacyDeboardRecordsPayment`: the due is recorded as received with method
 *   'not recorded' and a receipt (the client's 'payment has been completed' tick), audited, and the pet leaves.
 */

type Body = z.output<typeof deboardBody>;

/** How the call was made: the existing web client's shape (no payment, no pay later, no Idempotency-Key). */
export interface DeboardCaller {
  existingClient: boolean;
}
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

export async function deboard(
  ctx: AppContext,
  endpoint: DeboardEndpoint,
  body: Body,
  userId: string,
  caller: DeboardCaller = { existingClient: false },
): Promise<DeboardResponse> {
  const { answer, voided, link } = await moneyTransaction(ctx, async (tx) => {
    const stay = await loadStay(ctx, tx, body.boardingid, true);
    const b = stay.boarding;
    if (!b.isBoarded) throw conflict(M.alreadyDeboarded);
    checkCategory(stay, endpoint);
    const q = stay.quote;
    await postExtraDays(ctx, tx, stay, userId);
    const now = ctx.clock.now();

    let payment: LedgerRow | null = null;
    const billPaise = stay.billDuePaise;
    const entry = { ownerId: stay.ownerId, petId: b.petId, for: staySubject(b), createdBy: userId, tz: ctx.config.tz, now };
    const cashPaise = body.payment ? toPaise(body.payment.amount) : 0;
    if (body.payment) checkCash(billPaise, cashPaise);
    if (cashPaise > 0) {
      payment = await recordPayment(tx, { ...entry, amountPaise: cashPaise, method: 'cash', note: 'Collected while deboarding' });
    }
    let duePaise = billPaise - cashPaise;
    let link: LedgerRow | null = null;
    if (duePaise > 0 && body.payLater) {
      // Pay later: what no pending link or card order asks for yet gets a link; the bill stays owed.
      const pendingPaise = q.pendingPaise + stay.services.reduce((n, s) => n + s.pendingPaise, 0);
      const open = duePaise - pendingPaise;
      if (open > 0) {
        link = await recordPayment(tx, {
          ...entry,
          amountPaise: open,
          method: 'payment_link',
          status: 'pending',
          note: 'Pay later: asked for while deboarding',
        });
      }
    } else if (duePaise > 0 && caller.existingClient && !body.payment && (await staySettings(tx)).legacyDeboardRecordsPayment) {
      // The existing client's only way to settle is its 'payment has been completed' tick: recorded as received.
      payment = await recordPayment(tx, {
        ...entry,
        amountPaise: duePaise,
        method: 'not_recorded',
        note: 'Recorded as received: the existing web client deboarded with this due (switch-over setting)',
      });
      await recordAudit(tx, {
        actorId: userId,
        action: 'boarding.legacy_deboard_payment',
        entity: 'boarding',
        entityId: b.id,
        after: { amount: toRupees(duePaise), paymentId: payment!.id, receiptNo: payment!.receiptNo, method: 'not_recorded' },
      });
      duePaise = 0;
    }
    if (duePaise > 0 && !body.payLater) {
      // Thrown inside the transaction: the extra charge posted above is rolled back too.
      throw conflict(M.due(inr(duePaise), await petName(tx, b.petId)), { due: toRupees(duePaise) });
    }
    // Nothing is due: pending card checkouts and payment links are voided (and links cancelled after the commit).
    // Pay later keeps them: they are how the owner pays.
    const voided = duePaise > 0 ? [] : await voidPending(tx, stay.entries, userId, now);

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
      due: toRupees(duePaise),
    };
    return { answer, voided, link };
  });
  await cancelAtProvider(ctx, voided);
  if (!link) return answer;
  const sent = await sendLinkAfterCommit(ctx, link);
  return {
    ...answer,
    message: M.deboardedPayLater(inr(toPaise(answer.due ?? 0))),
    payment: sent.payment ? toLedgerPayment(sent.payment) : null,
    linkError: sent.linkError,
    ...(sent.linkEmailed !== undefined ? { linkEmailed: sent.linkEmailed } : {}),
  };
}

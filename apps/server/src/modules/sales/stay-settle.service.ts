import {
  DEBOARD_MESSAGES as M,
  formatINR,
  type SettleStayResponse,
  type settleStayBody,
  toPaise,
  toRupees,
} from '@pawdesk/shared';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { cancelAtProvider, moneyTransaction, voidPending } from '../payments/money.service.ts';
import { sendLinkAfterCommit } from '../payments/payment-links.service.ts';
import { recordPayment } from '../payments/payments.service.ts';
import { paymentAnswer } from './visit-sale.service.ts';
import { boardingsOfVisits } from '../boarding/boarding.service.ts';
import { loadStay, postExtraDays, quoteToApi, staySubject } from './stay.service.ts';

/**
 * POST /visit/updatehostelvisit: settles a stay as of now. Under the stay's locks it posts the extra-day charge not
 * yet posted (recorded on the visit), then takes the payment asked for: cash (up to what is due, receipt now), a
 * payment link (a pending payment for what is due less what other pending payments ask; the link is created and
 * emailed after the commit), or card / none (only settles: the client then calls /payments/create-order with
 * `notes.boardingId`).
 */

type Body = z.output<typeof settleStayBody>;

/** The boarding the body names: by its id, else the one its visit started (404 when that visit boarded no pet). */
async function boardingIdOf(ctx: AppContext, body: Body): Promise<string> {
  if (body.boardingid) return body.boardingid;
  const boarding = (await boardingsOfVisits(ctx.db, [body.visitId!])).get(body.visitId!);
  if (!boarding) throw notFound('Boarding');
  return boarding.id;
}

export async function settleStay(ctx: AppContext, body: Body, userId: string): Promise<SettleStayResponse> {
  const boardingId = await boardingIdOf(ctx, body);
  const { payment, voided } = await moneyTransaction(ctx, async (tx) => {
    const stay = await loadStay(ctx, tx, boardingId, true);
    const b = stay.boarding;
    if (!b.isBoarded) throw conflict(M.alreadyDeboarded);
    const q = stay.quote;
    await postExtraDays(ctx, tx, stay, userId);
    const now = ctx.clock.now();
    const entry = { ownerId: stay.ownerId, petId: b.petId, for: staySubject(b), createdBy: userId, tz: ctx.config.tz, now };

    // The whole bill: the stay's own due and the services on it (issue 18); money on the stay pays them too.
    const billPaise = stay.billDuePaise;
    if (body.method === 'cash') {
      const amountPaise = toPaise(body.amount ?? 0);
      if (amountPaise > billPaise) {
        const message = M.moreThanDue(formatINR(toRupees(billPaise)));
        throw badRequest(message, { amount: message }, { due: toRupees(billPaise) });
      }
      // Money taken at the desk cancels what is pending another way (a link sent, a card order): no double collection.
      const voided = amountPaise > 0 ? await voidPending(tx, stay.entries, userId, now) : [];
      const payment = await recordPayment(tx, { ...entry, amountPaise, method: 'cash', note: 'Stay settled at the desk' });
      return { payment, voided };
    }
    if (body.method === 'payment_link') {
      const open = billPaise - q.pendingPaise - stay.services.reduce((n, s) => n + s.pendingPaise, 0);
      if (open <= 0) throw conflict(M.nothingDue);
      const payment = await recordPayment(tx, { ...entry, amountPaise: open, method: 'payment_link', status: 'pending' });
      return { payment, voided: [] };
    }
    return { payment: null, voided: [] };
  });

  await cancelAtProvider(ctx, voided);
  const settled = await sendLinkAfterCommit(ctx, payment);
  const stay = await loadStay(ctx, ctx.db, boardingId);
  return { success: true as const, message: M.updated, deboard: quoteToApi(stay), payment: paymentAnswer(settled) };
}

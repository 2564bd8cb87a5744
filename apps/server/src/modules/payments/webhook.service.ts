import { PAYMENT_MESSAGES as M } from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type SettleInput, settle } from './settle.ts';

/**
 * Razorpay's webhooks (`POST /payments/webhook`), verified by `x-razorpay-signature` over the raw body:
 * `payment.captured` and `order.paid` complete the pending card payment of their order, `payment_link.paid`
 * the pending payment of its link. The same event twice records one payment; events about orders, links or
 * payments that are not ours are answered 200 (so Razorpay stops retrying) and logged.
 */
export type WebhookStatus = 'processed' | 'duplicate' | 'ignored';

type Entity = Record<string, unknown>;

/** `payload.<name>.entity`, when it is an object. */
function entity(event: Entity, name: string): Entity | null {
  const payload = event.payload as Entity | undefined;
  const wrapper = payload?.[name] as Entity | undefined;
  const e = wrapper?.entity;
  return e && typeof e === 'object' && !Array.isArray(e) ? (e as Entity) : null;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);

/** What the event asks to settle, or why it is ignored. */
function readEvent(event: Entity): SettleInput | string {
  const payment = entity(event, 'payment');
  const paymentId = str(payment?.id);
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const orderId = str(entity(event, 'order')?.id) ?? str(payment?.order_id);
      if (!paymentId || !orderId) return 'no order or payment in the event';
      if (payment?.status !== undefined && payment.status !== 'captured') return `payment is ${String(payment.status)}`;
      return { ref: { orderId }, providerPaymentId: paymentId, amountPaise: int(payment?.amount), method: 'card' };
    }
    case 'payment_link.paid': {
      const linkId = str(entity(event, 'payment_link')?.id);
      if (!paymentId || !linkId) return 'no payment link or payment in the event';
      return { ref: { linkId }, providerPaymentId: paymentId, amountPaise: int(payment?.amount) };
    }
    default:
      return `event ${String(event.event)} is not handled`;
  }
}

export async function handleWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: unknown,
  log: FastifyBaseLogger,
): Promise<WebhookStatus> {
  if (typeof signature !== 'string' || !ctx.payments.verifyWebhookSignature(rawBody, signature)) {
    throw badRequest(M.webhookSignatureInvalid);
  }
  let event: Entity;
  try {
    event = JSON.parse(rawBody) as Entity;
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
  if (!event || typeof event !== 'object') throw badRequest('Request body must be a JSON object');
  const input = readEvent(event);
  if (typeof input === 'string') {
    log.info({ event: String(event.event) }, `payment webhook ignored: ${input}`);
    return 'ignored';
  }
  try {
    const done = await settle(ctx, input);
    if (done) return done.outcome;
    log.warn(
      { event: String(event.event), ref: input.ref, payment: input.providerPaymentId },
      'payment webhook ignored: no pending payment of this amount waits on this order or link',
    );
    return 'ignored';
  } catch (err) {
    // Paid twice (an order paid by another payment already): a refund case for staff, not a retry for Razorpay.
    if (err instanceof AppError && err.statusCode === 409) {
      log.error(
        { event: String(event.event), ref: input.ref, payment: input.providerPaymentId },
        `payment webhook: ${err.message}`,
      );
      return 'ignored';
    }
    throw err;
  }
}

import { createHash } from 'node:crypto';
import { type LedgerVia, PAYMENT_MESSAGES as M } from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordProviderFee } from './payments.repo.ts';
import { eventById, insertEvent } from './provider-events.repo.ts';
import { isRefundEvent, settleRefundEvent } from './refunds.service.ts';
import { type SettleInput, settle } from './settle.ts';

/**
 * Razorpay's webhooks (`POST /payments/webhook`), verified by `x-razorpay-signature` over the raw body:
 * `payment.captured` and `order.paid` complete the pending card payment of their order, `payment_link.paid`
 * the pending payment of its link, `refund.processed` and `refund.failed` decide a pending refund (refunds.service.ts). The same event twice records one payment; events about orders, links or
 * payments that are not ours are answered 200 (so Razorpay stops retrying) and logged.
 */
export type WebhookStatus = 'processed' | 'duplicate' | 'unapplied' | 'ignored';

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

type EventInput = SettleInput & { feePaise?: number; settlementId?: string };

/** What the event asks to settle, or why it is ignored. */
function readEvent(event: Entity): EventInput | string {
  const payment = entity(event, 'payment');
  const paymentId = str(payment?.id);
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const orderId = str(entity(event, 'order')?.id) ?? str(payment?.order_id);
      if (!paymentId || !orderId) return 'no order or payment in the event';
      if (payment?.status !== undefined && payment.status !== 'captured') return `payment is ${String(payment.status)}`;
      return {
        ref: { orderId },
        providerPaymentId: paymentId,
        amountPaise: int(payment?.amount),
        method: 'card',
        via: 'webhook',
        feePaise: int(payment?.fee),
        settlementId: str(payment?.settlement_id) ?? undefined,
      };
    }
    case 'payment_link.paid': {
      const linkId = str(entity(event, 'payment_link')?.id);
      if (!paymentId || !linkId) return 'no payment link or payment in the event';
      return {
        ref: { linkId },
        providerPaymentId: paymentId,
        amountPaise: int(payment?.amount),
        via: 'webhook',
        feePaise: int(payment?.fee),
        settlementId: str(payment?.settlement_id) ?? undefined,
      };
    }
    default:
      return `event ${String(event.event)} is not handled`;
  }
}

/**
 * Every verified event is kept in `provider_events` (its id, type, raw body, when it came, what we made of it and
 * the ledger row it produced), once per event id: a redelivered event answers `duplicate` without being processed
 * again. A body whose signature fails is refused (400) and not kept: a forged event must not take a real event's id.
 */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: string,
  signature: unknown,
  log: FastifyBaseLogger,
  eventIdHeader?: unknown,
  /** Who confirmed it, when it is not the provider: the offline link page confirmed by a staff member at the desk. */
  decided?: { via: LedgerVia; by: string | null },
): Promise<WebhookStatus> {
  const provider = ctx.payments.name;
  const receivedAt = ctx.clock.now();
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
  const eventId =
    typeof eventIdHeader === 'string' && eventIdHeader
      ? eventIdHeader.slice(0, 200)
      : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  const seen = await eventById(ctx.db, provider, eventId);
  if (seen && seen.outcome !== 'failed') return 'duplicate';
  const keep = (outcome: WebhookStatus | 'failed', detail: string | null, ledgerRowId: string | null = null) =>
    insertEvent(ctx.db, {
      provider,
      eventId,
      type: String(event.event ?? 'unknown').slice(0, 100),
      rawBody,
      signatureVerified: true,
      receivedAt,
      outcome,
      detail,
      ledgerRowId,
    });
  if (isRefundEvent(event)) {
    let r: Awaited<ReturnType<typeof settleRefundEvent>>;
    try {
      r = await settleRefundEvent(ctx, event);
    } catch (err) {
      await keep('failed', err instanceof Error ? err.message.slice(0, 500) : 'error');
      throw err;
    }
    if (r.outcome === 'ignored') log.warn({ event: String(event.event) }, `refund webhook ignored: ${r.detail}`);
    await keep(r.outcome, r.detail, r.row?.id ?? null);
    return r.outcome;
  }
  const input = readEvent(event);
  if (typeof input === 'string') {
    log.info({ event: String(event.event) }, `payment webhook ignored: ${input}`);
    await keep('ignored', input);
    return 'ignored';
  }
  let done: Awaited<ReturnType<typeof settle>>;
  try {
    done = await settle(ctx, decided ? { ...input, ...decided } : input);
  } catch (err) {
    await keep('failed', err instanceof Error ? err.message.slice(0, 500) : 'error');
    throw err;
  }
  if (!done) {
    log.warn(
      { event: String(event.event), ref: input.ref, payment: input.providerPaymentId },
      'payment webhook ignored: the order or link is not ours',
    );
    await keep('ignored', 'the order or link is not ours');
    return 'ignored';
  }
  if (input.feePaise !== undefined || input.settlementId) {
    await recordProviderFee(ctx.db, done.row.id, { feePaise: input.feePaise, settlementId: input.settlementId });
  }
  await keep(done.outcome, null, done.row.id);
  return done.outcome;
}

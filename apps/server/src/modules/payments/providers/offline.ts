import { randomInt } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import type { PaymentProvider, ProviderLink, ProviderOrder, ProviderPayment, ProviderRefund } from '../provider.ts';
import { ProviderError } from './errors.ts';
import {
  cancelLink,
  decideRefund,
  insertLink,
  insertOrder,
  insertPayment,
  insertRefund,
  linkById,
  markLinkPaid,
  type OfflineLinkRow,
  type OfflineOrderRow,
  type OfflinePaymentRow,
  type OfflineRefundRow,
  orderById,
  paymentById,
  paymentsOfOrder,
  refundById,
  refundedOf,
  setOrderStatus,
} from './offline.repo.ts';
import { checkoutSignature, hmacHex, verifyCheckout, verifyWebhook } from './signing.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A Razorpay-shaped id: `order_` + 14 base-62 characters. */
export const offlineId = (prefix: 'order' | 'pay' | 'plink' | 'rfnd') =>
  `${prefix}_${Array.from({ length: 14 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export interface OfflineSecrets {
  keySecret: string;
  webhookSecret: string;
}

/** The offline provider's secrets, derived from the server's secret: the same on every instance and after restarts. */
export function offlineSecrets(serverSecret: string): OfflineSecrets {
  return {
    keySecret: hmacHex(serverSecret, 'pawdesk offline payments: key secret'),
    webhookSecret: hmacHex(serverSecret, 'pawdesk offline payments: webhook secret'),
  };
}

const notFound = (what: string) => new ProviderError(404, 'BAD_REQUEST_ERROR', `The id provided does not exist (${what})`);

const toOrder = (o: OfflineOrderRow): ProviderOrder => ({
  id: o.id,
  amountPaise: o.amountPaise,
  currency: 'INR',
  receipt: o.receipt ?? '',
  notes: o.notes,
});

const toPayment = (p: OfflinePaymentRow): ProviderPayment => ({
  id: p.id,
  orderId: p.orderId,
  amountPaise: p.amountPaise,
  status: p.status === 'captured' ? 'captured' : 'failed',
  method: p.method,
  notes: p.notes,
});

/** A payment as Razorpay's webhooks and API describe it (the fields the webhook handler reads, and a few more). */
export const paymentEntity = (p: OfflinePaymentRow) => ({
  id: p.id,
  entity: 'payment',
  amount: p.amountPaise,
  currency: 'INR',
  status: p.status,
  order_id: p.orderId,
  method: p.method,
  captured: p.status === 'captured',
  notes: p.notes,
  created_at: Math.floor(p.createdAt.getTime() / 1000),
});

/** A refund as Razorpay's refund API and webhooks describe it. */
export const refundEntity = (r: OfflineRefundRow) => ({
  id: r.id,
  entity: 'refund',
  amount: r.amountPaise,
  currency: 'INR',
  payment_id: r.paymentId,
  notes: r.notes,
  receipt: null,
  status: r.status,
  speed_requested: 'normal',
  speed_processed: 'normal',
  created_at: Math.floor(r.createdAt.getTime() / 1000),
});

const toRefund = (r: OfflineRefundRow): ProviderRefund => ({
  id: r.id,
  paymentId: r.paymentId,
  amountPaise: r.amountPaise,
  status: r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending',
  notes: r.notes,
});

export type CheckoutResult =
  | { status: 'captured'; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
  | {
      status: 'failed';
      razorpay_order_id: string;
      razorpay_payment_id: string;
      error: { code: string; description: string; reason: string };
    };

/**
 * The offline provider: Razorpay's behaviour, kept in the database, for a laptop with no network. A local
 * checkout dialog pays an order (`payOrder`) and answers the checkout result Razorpay's checkout would, signed
 * the same way; a local payment-link page marks a link paid (`payLink`) and produces the `payment_link.paid`
 * webhook Razorpay would send, signed with the webhook secret, for the same webhook handler to process.
 */
export class OfflineProvider implements PaymentProvider {
  readonly name = 'offline' as const;
  readonly keyId = 'rzp_offline';

  constructor(
    private readonly db: Db,
    private readonly secrets: OfflineSecrets,
    /** Where people open the app (links in emails): `https://desk.example.com`. */
    private readonly publicUrl: string,
  ) {}

  async createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder> {
    return toOrder(await insertOrder(this.db, { id: offlineId('order'), ...input }));
  }

  async fetchOrder(orderId: string): Promise<ProviderOrder> {
    const o = await orderById(this.db, orderId);
    if (!o) throw notFound('order');
    return toOrder(o);
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const p = await paymentById(this.db, paymentId);
    if (!p) throw notFound('payment');
    return toPayment(p);
  }

  async fetchOrderPayments(orderId: string): Promise<ProviderPayment[]> {
    if (!(await orderById(this.db, orderId))) throw notFound('order');
    return (await paymentsOfOrder(this.db, orderId)).map(toPayment);
  }

  async createPaymentLink(input: Parameters<PaymentProvider['createPaymentLink']>[0]): Promise<ProviderLink> {
    const id = offlineId('plink');
    const l = await insertLink(this.db, {
      id,
      amountPaise: input.amountPaise,
      description: input.description,
      referenceId: input.referenceId,
      customer: input.customer,
      notes: input.notes,
    });
    return { id: l.id, shortUrl: this.linkUrl(l.id), amountPaise: l.amountPaise, status: 'created' };
  }

  /** As Razorpay: only a `created` link can be cancelled; a paid, cancelled or expired one is a 400. */
  async cancelPaymentLink(linkId: string): Promise<ProviderLink> {
    const l = await cancelLink(this.db, linkId);
    if (l) return { id: l.id, shortUrl: this.linkUrl(l.id), amountPaise: l.amountPaise, status: 'cancelled' };
    const other = await linkById(this.db, linkId);
    if (!other) throw notFound('payment link');
    throw new ProviderError(400, 'BAD_REQUEST_ERROR', `This payment link is ${other.status} and cannot be cancelled`);
  }

  /**
   * As Razorpay: a captured payment is refunded up to what is left of it (pending and processed refunds count); the
   * refund is pending until `processRefund` (the offline refund route) processes or fails it.
   */
  async refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<ProviderRefund> {
    return this.db.transaction(async (tx) => {
      const p = await paymentById(tx, paymentId, true);
      if (!p) throw notFound('payment');
      if (p.status !== 'captured') throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'The payment has not been captured');
      if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0)
        throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'The refund amount must be at least INR 0.01');
      if ((await refundedOf(tx, p.id)) + amountPaise > p.amountPaise)
        throw new ProviderError(400, 'BAD_REQUEST_ERROR', 'The total refund amount is greater than the refund payment amount');
      return toRefund(await insertRefund(tx, { id: offlineId('rfnd'), paymentId: p.id, amountPaise, notes }));
    });
  }

  refundRow(refundId: string): Promise<OfflineRefundRow | undefined> {
    return refundById(this.db, refundId);
  }

  /**
   * Razorpay processing a refund, at `now` (the business clock): a pending refund becomes `processed` (`success`)
   * or `failed` (`failure`), once; the signed `refund.processed` / `refund.failed` event Razorpay would send is
   * returned for the webhook handler. A refund already decided gives its event again (a redelivery).
   */
  async processRefund(
    refundId: string,
    outcome: 'success' | 'failure',
    now: Date,
  ): Promise<{ rawBody: string; signature: string; refund: OfflineRefundRow }> {
    const { refund, payment } = await this.db.transaction(async (tx) => {
      const r = await refundById(tx, refundId, true);
      if (!r) throw notFound('refund');
      const decided =
        r.status === 'pending' ? await decideRefund(tx, r.id, outcome === 'success' ? 'processed' : 'failed', now) : r;
      return { refund: decided!, payment: (await paymentById(tx, r.paymentId))! };
    });
    const event = {
      entity: 'event',
      account_id: 'acc_offline',
      event: refund.status === 'processed' ? 'refund.processed' : 'refund.failed',
      contains: ['refund', 'payment'],
      payload: { refund: { entity: refundEntity(refund) }, payment: { entity: paymentEntity(payment) } },
      created_at: Math.floor((refund.processedAt ?? now).getTime() / 1000),
    };
    const rawBody = JSON.stringify(event);
    return { rawBody, signature: hmacHex(this.secrets.webhookSecret, rawBody), refund };
  }

  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean {
    return verifyCheckout(this.secrets.keySecret, orderId, paymentId, signature);
  }

  verifyWebhookSignature(rawBody: string, signature: string): boolean {
    return verifyWebhook(this.secrets.webhookSecret, rawBody, signature);
  }

  /** The local page the link opens. */
  linkUrl(linkId: string): string {
    return `${this.publicUrl.replace(/\/$/, '')}/api/v1/payments/offline/link/${linkId}`;
  }

  order(orderId: string): Promise<OfflineOrderRow | undefined> {
    return orderById(this.db, orderId);
  }

  link(linkId: string): Promise<OfflineLinkRow | undefined> {
    return linkById(this.db, linkId);
  }

  /**
   * The checkout dialog's Pay (success) or Fail (failure) button, at `now` (the business clock, `ctx.clock.now()`).
   * A paid order cannot be paid again (409, as Razorpay's checkout refuses it). Answers what Razorpay's checkout
   * hands the browser.
   */
  async payOrder(orderId: string, outcome: 'success' | 'failure', now: Date): Promise<CheckoutResult> {
    return this.db.transaction(async (tx) => {
      const o = await orderById(tx, orderId, true);
      if (!o) throw notFound('order');
      if (o.status === 'paid') throw new ProviderError(409, 'BAD_REQUEST_ERROR', 'This order is already paid');
      const captured = outcome === 'success';
      const p = await insertPayment(tx, {
        id: offlineId('pay'),
        orderId: o.id,
        amountPaise: o.amountPaise,
        status: captured ? 'captured' : 'failed',
        notes: o.notes,
        createdAt: now,
        capturedAt: captured ? now : null,
      });
      await setOrderStatus(tx, o.id, captured ? 'paid' : 'attempted');
      if (!captured) {
        return {
          status: 'failed',
          razorpay_order_id: o.id,
          razorpay_payment_id: p.id,
          error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' },
        };
      }
      return {
        status: 'captured',
        razorpay_order_id: o.id,
        razorpay_payment_id: p.id,
        razorpay_signature: checkoutSignature(this.secrets.keySecret, o.id, p.id),
      };
    });
  }

  /**
   * The link page's Pay button, at `now` (the business clock): the link is paid once (a second press changes
   * nothing; a cancelled or expired link is a 409) and the `payment_link.paid` event Razorpay would send is
   * returned with its signature.
   */
  async payLink(linkId: string, now: Date): Promise<{ rawBody: string; signature: string }> {
    const { link, payment } = await this.db.transaction(async (tx) => {
      const l = await linkById(tx, linkId, true);
      if (!l) throw notFound('payment link');
      if (l.status === 'paid' && l.paymentId) return { link: l, payment: (await paymentById(tx, l.paymentId))! };
      if (l.status !== 'created') throw new ProviderError(409, 'BAD_REQUEST_ERROR', `This payment link is ${l.status}`);
      const p = await insertPayment(tx, {
        id: offlineId('pay'),
        linkId: l.id,
        amountPaise: l.amountPaise,
        status: 'captured',
        method: 'upi',
        notes: l.notes,
        createdAt: now,
        capturedAt: now,
      });
      await markLinkPaid(tx, l.id, p.id);
      return { link: { ...l, status: 'paid', paymentId: p.id }, payment: p };
    });
    const event = {
      entity: 'event',
      account_id: 'acc_offline',
      event: 'payment_link.paid',
      contains: ['payment_link', 'payment'],
      payload: {
        payment_link: {
          entity: {
            id: link.id,
            entity: 'payment_link',
            amount: link.amountPaise,
            amount_paid: link.amountPaise,
            currency: 'INR',
            status: 'paid',
            reference_id: link.referenceId,
            short_url: this.linkUrl(link.id),
            notes: link.notes,
          },
        },
        payment: { entity: paymentEntity(payment) },
      },
      created_at: Math.floor(now.getTime() / 1000),
    };
    const rawBody = JSON.stringify(event);
    return { rawBody, signature: hmacHex(this.secrets.webhookSecret, rawBody) };
  }
}

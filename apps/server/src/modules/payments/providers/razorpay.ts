import Razorpay from 'razorpay';
import type {
  PaymentProvider,
  ProviderLink,
  ProviderOrder,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from '../provider.ts';
import { toProviderError } from './errors.ts';
import { verifyCheckout, verifyWebhook } from './signing.ts';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the SDK sends its calls instead of https://api.razorpay.com (a local stand-in in tests). */
  apiBase?: string;
}

/** What Razorpay answers; numbers may come as strings in the SDK's types. */
interface RzpOrder {
  id: string;
  amount: number | string;
  currency: string;
  receipt?: string | null;
  notes?: Record<string, unknown> | unknown[] | null;
}
interface RzpPayment {
  id: string;
  order_id?: string | null;
  amount: number | string;
  status: string;
  method?: string | null;
  notes?: Record<string, unknown> | unknown[] | null;
}
interface RzpRefund {
  id: string;
  payment_id: string;
  amount: number | string;
  status: string;
  notes?: Record<string, unknown> | unknown[] | null;
}
interface RzpLink {
  id: string;
  short_url: string;
  amount: number | string;
  status: string;
}

/** Razorpay sends `notes: []` when there are none; values may be numbers. */
export function notesOf(notes: unknown): Record<string, string> {
  if (!notes || typeof notes !== 'object' || Array.isArray(notes)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(notes)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
}

const PAYMENT_STATUSES: readonly ProviderPaymentStatus[] = ['created', 'authorized', 'captured', 'refunded', 'failed'];
const LINK_STATUSES: readonly ProviderLink['status'][] = ['created', 'paid', 'cancelled', 'expired'];

export const toOrder = (o: RzpOrder): ProviderOrder => ({
  id: o.id,
  amountPaise: Number(o.amount),
  currency: 'INR',
  receipt: o.receipt ?? '',
  notes: notesOf(o.notes),
});

export const toPayment = (p: RzpPayment): ProviderPayment => ({
  id: p.id,
  orderId: p.order_id ?? null,
  amountPaise: Number(p.amount),
  status: (PAYMENT_STATUSES as readonly string[]).includes(p.status) ? (p.status as ProviderPaymentStatus) : 'failed',
  method: p.method ?? null,
  notes: notesOf(p.notes),
});

export const toRefund = (r: RzpRefund): ProviderRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amountPaise: Number(r.amount),
  status: r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending',
  notes: notesOf(r.notes),
});

const toLink = (l: RzpLink): ProviderLink => ({
  id: l.id,
  shortUrl: l.short_url,
  amountPaise: Number(l.amount),
  // partially_paid cannot happen: links are created without accept_partial.
  status: (LINK_STATUSES as readonly string[]).includes(l.status) ? (l.status as ProviderLink['status']) : 'created',
});

/** The SDK fixes its host (https://api.razorpay.com); its HTTP client (axios) takes another base URL. */
function pointAt(sdk: Razorpay, apiBase: string): void {
  const rq = (sdk.api as unknown as { rq?: { defaults?: { baseURL?: string } } }).rq;
  if (!rq?.defaults) throw new Error('RAZORPAY_API_BASE: this version of the razorpay SDK cannot be pointed elsewhere');
  rq.defaults.baseURL = apiBase.replace(/\/$/, '');
}

/** Runs an SDK call; its failures become ProviderErrors (an answer's status, or none when unreachable). */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toProviderError(err);
  }
}

/** Razorpay through its official Node SDK. */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  private readonly sdk: Razorpay;

  constructor(private readonly keys: RazorpayKeys) {
    this.keyId = keys.keyId;
    this.sdk = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
    if (keys.apiBase) pointAt(this.sdk, keys.apiBase);
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder> {
    const o = await call(() =>
      this.sdk.orders.create({ amount: input.amountPaise, currency: 'INR', receipt: input.receipt, notes: input.notes }),
    );
    return toOrder(o as RzpOrder);
  }

  async fetchOrder(orderId: string): Promise<ProviderOrder> {
    return toOrder((await call(() => this.sdk.orders.fetch(orderId))) as RzpOrder);
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    return toPayment((await call(() => this.sdk.payments.fetch(paymentId))) as unknown as RzpPayment);
  }

  async fetchOrderPayments(orderId: string): Promise<ProviderPayment[]> {
    const r = (await call(() => this.sdk.orders.fetchPayments(orderId))) as unknown as { items?: RzpPayment[] };
    return (r.items ?? []).map(toPayment);
  }

  async createPaymentLink(input: Parameters<PaymentProvider['createPaymentLink']>[0]): Promise<ProviderLink> {
    const l = await call(() =>
      this.sdk.paymentLink.create({
        amount: input.amountPaise,
        currency: 'INR',
        accept_partial: false,
        description: input.description,
        reference_id: input.referenceId,
        customer: {
          name: input.customer.name,
          ...(input.customer.email ? { email: input.customer.email } : {}),
          ...(input.customer.contact ? { contact: input.customer.contact } : {}),
        },
        // Pawdesk sends the email itself (through the outbox), so Razorpay does not.
        notify: { email: false, sms: false },
        reminder_enable: false,
        notes: input.notes,
      }),
    );
    return toLink(l as unknown as RzpLink);
  }

  async cancelPaymentLink(linkId: string): Promise<ProviderLink> {
    return toLink((await call(() => this.sdk.paymentLink.cancel(linkId))) as unknown as RzpLink);
  }

  /** `POST /v1/payments/:id/refund` at normal speed; Razorpay's `refund.processed` / `refund.failed` webhooks decide it. */
  async refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<ProviderRefund> {
    const r = await call(() => this.sdk.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', notes }));
    return toRefund(r as unknown as RzpRefund);
  }

  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean {
    return verifyCheckout(this.keys.keySecret, orderId, paymentId, signature);
  }

  verifyWebhookSignature(rawBody: string, signature: string): boolean {
    return verifyWebhook(this.keys.webhookSecret, rawBody, signature);
  }
}

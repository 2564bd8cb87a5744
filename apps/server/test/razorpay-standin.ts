import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Razorpay's API (https://razorpay.com/docs/api/): an HTTP server on 127.0.0.1 that speaks
 * the endpoints the official SDK calls for orders (and an order's payments), payments and payment links (create, fetch, cancel) and refunds, with basic auth (key id and key
 * secret) and Razorpay's JSON shapes and error envelope. The real SDK is pointed at it (RAZORPAY_API_BASE).
 *
 * It also plays the parts Razorpay plays outside its API: a customer paying through checkout (`checkout`,
 * which answers the signed result checkout hands the browser) or through a payment link (`payLink`), Razorpay
 * processing a refund (`processRefund`, which answers its webhook), and the webhooks Razorpay sends (`webhook`, signed with
 * the webhook secret).
 */

type Notes = Record<string, string>;
interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes | [];
  created_at: number;
}
interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: null;
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  notes: Notes | [];
  fee: number;
  tax: number;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}
interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes | [];
  receipt: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
}
interface PaymentLink {
  id: string;
  entity?: undefined;
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  description: string;
  reference_id: string;
  customer: { name?: string; email?: string; contact?: string };
  notify: { email: boolean; sms: boolean };
  reminder_enable: boolean;
  notes: Notes | [];
  payments: { payment_id: string; amount: number; status: string; method: string }[] | null;
  short_url: string;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
  upi_link: boolean;
  expire_by: number;
  created_at: number;
  updated_at: number;
  user_id: string;
  order_id?: string;
  cancelled_at?: number;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const rid = (prefix: string) => `${prefix}_${Array.from({ length: 14 }, () => ALPHABET[randomInt(62)]).join('')}`;
const now = () => Math.floor(Date.now() / 1000);
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

export interface StandinKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface RazorpayStandin {
  url: string;
  keys: StandinKeys;
  orders: Map<string, Order>;
  payments: Map<string, Payment>;
  links: Map<string, PaymentLink>;
  refunds: Map<string, Refund>;
  /** Every request the SDK made: method, path, whether its basic auth was right. */
  requests: { method: string; path: string; authorized: boolean }[];
  /** A customer pays the order in checkout: a captured payment, and the result checkout hands the browser. */
  checkout(
    orderId: string,
    outcome?: 'success' | 'failure',
  ): {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
  /** A customer pays a payment link: a captured payment on the link's order; the link is paid (only a `created` one). */
  payLink(linkId: string): Payment;
  /** A webhook as Razorpay sends it, with its `x-razorpay-signature`. */
  webhook(event: 'payment.captured' | 'order.paid' | 'payment_link.paid', paymentId: string): { body: string; signature: string };
  /** Razorpay processes (or fails) a pending refund and sends its `refund.processed` (`refund.failed`) webhook. */
  processRefund(refundId: string, outcome?: 'processed' | 'failed'): { body: string; signature: string };
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, description: string, field?: string) =>
  send(res, status, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const notesOf = (v: unknown): Notes | [] =>
  v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length ? (v as Notes) : [];

export async function startRazorpayStandin(
  keys: StandinKeys = {
    keyId: 'rzp_test_StandinKey0001',
    keySecret: 'standin_key_secret_0001',
    webhookSecret: 'standin_webhook_secret_0001',
  },
  /** The port to listen on (default: any free one). */
  listenPort = 0,
): Promise<RazorpayStandin> {
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const links = new Map<string, PaymentLink>();
  const refunds = new Map<string, Refund>();
  const requests: RazorpayStandin['requests'] = [];
  const basic = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const newPayment = (amount: number, orderId: string | null, notes: Notes | [], status: Payment['status']): Payment => {
    const p: Payment = {
      id: rid('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status,
      order_id: orderId,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: null,
      email: 'owner@example.com',
      contact: '+919810000000',
      notes,
      fee: 0,
      tax: 0,
      error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: status === 'failed' ? 'Payment failed' : null,
      created_at: now(),
    };
    payments.set(p.id, p);
    return p;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    const authorized = req.headers.authorization === basic;
    requests.push({ method: req.method ?? '', path, authorized });
    if (!authorized) return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    const refund = path.match(/^\/v1\/payments\/([^/]+)\/refund$/);
    if (req.method === 'POST' && refund) {
      // https://razorpay.com/docs/api/refunds/create-normal/: a captured payment, up to what is left of it.
      const p = payments.get(refund[1]!);
      if (!p) return error(res, 400, 'The id provided does not exist');
      if (p.status !== 'captured' && p.status !== 'refunded')
        return error(res, 400, 'The payment has not been captured yet and cannot be refunded');
      const b = await readJson(req);
      const amount = b.amount === undefined ? p.amount - p.amount_refunded : Number(b.amount);
      if (!Number.isInteger(amount) || amount < 100) return error(res, 400, 'The amount must be at least INR 1.00', 'amount');
      if (p.amount_refunded + amount > p.amount)
        return error(res, 400, 'The total refund amount is greater than the refund payment amount', 'amount');
      const r: Refund = {
        id: rid('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: p.id,
        notes: notesOf(b.notes),
        receipt: typeof b.receipt === 'string' ? b.receipt : null,
        acquirer_data: { arn: null },
        created_at: now(),
        batch_id: null,
        status: 'pending',
        speed_processed: 'normal',
        speed_requested: b.speed === 'optimum' ? 'optimum' : 'normal',
      };
      refunds.set(r.id, r);
      p.amount_refunded += amount;
      return send(res, 200, r);
    }
    // https://razorpay.com/docs/api/orders/fetch-payments/: every payment attempt on an order.
    const orderPayments = path.match(/^\/v1\/orders\/([^/]+)\/payments$/);
    if (req.method === 'GET' && orderPayments) {
      const o = orders.get(orderPayments[1]!);
      if (!o) return error(res, 400, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === o.id);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    const [, resource, id] = path.match(/^\/v1\/(orders|payments|payment_links)(?:\/([^/]+))?$/) ?? [];
    if (req.method === 'POST' && path === '/v1/orders') {
      const b = await readJson(req);
      const amount = Number(b.amount);
      if (!Number.isInteger(amount) || amount < 100) return error(res, 400, 'The amount must be at least INR 1.00', 'amount');
      if (typeof b.receipt === 'string' && b.receipt.length > 40)
        return error(res, 400, 'receipt: the length must not be greater than 40 characters.', 'receipt');
      const o: Order = {
        id: rid('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: String(b.currency ?? 'INR'),
        receipt: typeof b.receipt === 'string' ? b.receipt : null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: notesOf(b.notes),
        created_at: now(),
      };
      orders.set(o.id, o);
      return send(res, 200, o);
    }
    if (req.method === 'GET' && resource === 'orders' && id) {
      const o = orders.get(id);
      return o ? send(res, 200, o) : error(res, 400, 'The id provided does not exist');
    }
    if (req.method === 'GET' && resource === 'payments' && id) {
      const p = payments.get(id);
      return p ? send(res, 200, p) : error(res, 400, 'The id provided does not exist');
    }
    if (req.method === 'POST' && path === '/v1/payment_links') {
      const b = await readJson(req);
      const amount = Number(b.amount);
      if (!Number.isInteger(amount) || amount < 100) return error(res, 400, 'The amount must be atleast INR 1.00', 'amount');
      if ([...links.values()].some((l) => l.reference_id === b.reference_id)) {
        return error(res, 400, `Payment Link with reference id ${String(b.reference_id)} already exists`);
      }
      const linkId = rid('plink');
      const l: PaymentLink = {
        id: linkId,
        amount,
        amount_paid: 0,
        currency: String(b.currency ?? 'INR'),
        accept_partial: Boolean(b.accept_partial),
        description: String(b.description ?? ''),
        reference_id: String(b.reference_id ?? ''),
        customer: (b.customer ?? {}) as PaymentLink['customer'],
        notify: (b.notify ?? { email: false, sms: false }) as PaymentLink['notify'],
        reminder_enable: Boolean(b.reminder_enable),
        notes: notesOf(b.notes),
        payments: null,
        short_url: `https://rzp.io/i/${linkId.slice(6, 16)}`,
        status: 'created',
        upi_link: false,
        expire_by: 0,
        created_at: now(),
        updated_at: now(),
        user_id: '',
      };
      links.set(linkId, l);
      return send(res, 200, l);
    }
    const cancel = path.match(/^\/v1\/payment_links\/([^/]+)\/cancel$/);
    if (req.method === 'POST' && cancel) {
      // Only a link in the `created` state can be cancelled (https://razorpay.com/docs/api/payments/payment-links/).
      const l = links.get(cancel[1]!);
      if (!l) return error(res, 400, 'The id provided does not exist');
      if (l.status !== 'created') return error(res, 400, `Payment Link cannot be cancelled as it is already ${l.status}`);
      Object.assign(l, { status: 'cancelled', cancelled_at: now(), updated_at: now() });
      return send(res, 200, l);
    }
    if (req.method === 'GET' && resource === 'payment_links' && id) {
      const l = links.get(id);
      return l ? send(res, 200, l) : error(res, 400, 'The id provided does not exist');
    }
    return error(res, 400, 'The requested URL was not found on the server.');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { code: 'SERVER_ERROR', description: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function event(name: string, payment: Payment) {
    const order = payment.order_id ? orders.get(payment.order_id) : undefined;
    const link = [...links.values()].find((l) => l.order_id && l.order_id === payment.order_id);
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (name !== 'payment.captured' && order) payload.order = { entity: order };
    if (name === 'payment_link.paid' && link) payload.payment_link = { entity: link };
    return {
      entity: 'event',
      account_id: 'acc_Standin0000001',
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    orders,
    payments,
    links,
    refunds,
    requests,
    checkout(orderId, outcome = 'success') {
      const o = orders.get(orderId);
      if (!o) throw new Error(`stand-in: no order ${orderId}`);
      const captured = outcome === 'success';
      const p = newPayment(o.amount, o.id, o.notes, captured ? 'captured' : 'failed');
      o.attempts += 1;
      o.status = captured ? 'paid' : 'attempted';
      if (captured) {
        o.amount_paid = o.amount;
        o.amount_due = 0;
      }
      return { razorpay_order_id: o.id, razorpay_payment_id: p.id, razorpay_signature: hmac(keys.keySecret, `${o.id}|${p.id}`) };
    },
    payLink(linkId) {
      const l = links.get(linkId);
      if (!l) throw new Error(`stand-in: no payment link ${linkId}`);
      // A paid, cancelled or expired link's page takes no payment.
      if (l.status !== 'created') throw new Error(`stand-in: payment link ${linkId} is ${l.status}`);
      // Razorpay pays a link through an order of its own, which the merchant never created.
      const o: Order = {
        id: rid('order'),
        entity: 'order',
        amount: l.amount,
        amount_paid: l.amount,
        amount_due: 0,
        currency: 'INR',
        receipt: l.reference_id,
        offer_id: null,
        status: 'paid',
        attempts: 1,
        notes: l.notes,
        created_at: now(),
      };
      orders.set(o.id, o);
      const p = newPayment(l.amount, o.id, l.notes, 'captured');
      Object.assign(l, {
        status: 'paid',
        amount_paid: l.amount,
        order_id: o.id,
        payments: [{ payment_id: p.id, amount: p.amount, status: 'captured', method: p.method }],
        updated_at: now(),
      });
      return p;
    },
    webhook(name, paymentId) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`stand-in: no payment ${paymentId}`);
      const body = JSON.stringify(event(name, p));
      return { body, signature: hmac(keys.webhookSecret, body) };
    },
    processRefund(refundId, outcome = 'processed') {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`stand-in: no refund ${refundId}`);
      const p = payments.get(r.payment_id)!;
      if (r.status === 'pending') {
        r.status = outcome;
        if (outcome === 'failed') p.amount_refunded -= r.amount;
        else if (p.amount_refunded === p.amount) p.status = 'refunded';
      }
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_Standin0000001',
        event: r.status === 'failed' ? 'refund.failed' : 'refund.processed',
        contains: ['refund', 'payment'],
        payload: { refund: { entity: r }, payment: { entity: p } },
        created_at: now(),
      });
      return { body, signature: hmac(keys.webhookSecret, body) };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

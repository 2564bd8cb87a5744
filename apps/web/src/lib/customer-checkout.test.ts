/** The customer's online payment: order, checkout, verification, then the success or cancel address. */
import { notifications } from '@mantine/notifications';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { server } from '../test/server';
import { api } from './api-client';
import type { CheckoutResult, OfflineOpener } from './checkout';
import { CUSTOMER_SDK_FAILED, type CustomerOrder, payOnline, sameSiteAddress } from './customer-checkout';
import { SubmissionKey } from './idempotency';

const ORDER: CustomerOrder = {
  id: 'order_ABCDEFGHIJKLMN',
  amount: 1200000,
  amountRupees: 12000,
  currency: 'INR',
  keyId: 'rzp_test_offline',
  provider: 'offline',
  success_url: '/api/v1/customer/payment/success?order_id=order_ABCDEFGHIJKLMN',
  cancel_url: '/customer/buysubscription?cancelled=1',
  description: 'Day School Monthly for Bruno',
};
const PAID: CheckoutResult = {
  razorpay_order_id: ORDER.id,
  razorpay_payment_id: 'pay_ABCDEFGHIJKLMN',
  razorpay_signature: 'sig',
};

let shown: MockInstance<typeof notifications.show>;

/** The server: its provider, the create-order answer (or refusal), and what verify-payment received. */
function mockServer({
  provider = 'offline',
  order = 200,
}: {
  provider?: 'offline' | 'razorpay';
  order?: number | 'no answer';
} = {}) {
  const seen = { orders: [] as (string | null)[], verified: [] as unknown[] };
  server.use(
    http.post('/api/v1/customer/payment/create-order', ({ request }) => {
      seen.orders.push(request.headers.get('idempotency-key'));
      if (order === 'no answer' && seen.orders.length < 2) return HttpResponse.error();
      if (typeof order === 'number' && order >= 400)
        return HttpResponse.json({ success: false, message: 'Invalid plan selected' }, { status: order });
      return HttpResponse.json({ success: true, ...ORDER, provider });
    }),
    http.post('/api/v1/payments/verify-payment', async ({ request }) => {
      seen.verified.push(await request.json());
      return HttpResponse.json({ success: true, message: '✅ Payment Done Successfully!' });
    }),
  );
  return seen;
}

const createOrder = (key: string) =>
  api<CustomerOrder>('/customer/payment/create-order', {
    method: 'POST',
    body: { petId: 'p', planId: 'q' },
    idempotencyKey: key,
  });
const input = { createOrder, orderFailed: 'Failed to purchase subscription' };

beforeEach(() => {
  shown = vi.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => shown.mockRestore());

describe('payOnline', () => {
  it('paid: verifies the checkout result, then goes to the server’s success address', async () => {
    const seen = mockServer();
    const go = vi.fn();
    const openOffline = vi.fn<OfflineOpener>(async () => PAID);
    const out = await payOnline(input, { openOffline, go, businessName: 'Pet DayCare Service' });
    expect(openOffline).toHaveBeenCalledWith(
      expect.objectContaining({
        businessName: 'Pet DayCare Service',
        description: ORDER.description,
        order: expect.objectContaining({
          order: expect.objectContaining({ id: ORDER.id, amount: 1200000 }),
          amountRupees: 12000,
        }),
      }),
    );
    expect(seen.verified).toEqual([PAID]);
    expect(go).toHaveBeenCalledWith(ORDER.success_url, 'success');
    expect(out).toEqual({ status: 'left', to: ORDER.success_url });
  });

  it('dismissed: goes to the cancel address, verifies nothing', async () => {
    const seen = mockServer();
    const go = vi.fn();
    const out = await payOnline(input, { openOffline: async () => 'dismissed', go });
    expect(seen.verified).toEqual([]);
    expect(go).toHaveBeenCalledWith(ORDER.cancel_url, 'cancel');
    expect(out).toEqual({ status: 'left', to: ORDER.cancel_url });
  });

  it('a refused order: the server’s message, no checkout', async () => {
    mockServer({ order: 400 });
    const openOffline = vi.fn<OfflineOpener>();
    const out = await payOnline(input, { openOffline, go: vi.fn() });
    expect(out.status).toBe('failed');
    expect(openOffline).not.toHaveBeenCalled();
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'Invalid plan selected' }));
  });

  it('an order that got no answer is sent again with the same Idempotency-Key', async () => {
    const seen = mockServer({ order: 'no answer' });
    await payOnline(input, { openOffline: async () => 'dismissed', go: vi.fn(), submission: new SubmissionKey() });
    expect(seen.orders).toHaveLength(2);
    expect(seen.orders[0]).toBeTruthy();
    expect(seen.orders[1]).toBe(seen.orders[0]);
  });

  it('Razorpay’s script failing to load: the customer’s message, no checkout and no address followed', async () => {
    const seen = mockServer({ provider: 'razorpay' });
    // happy-dom does not load remote scripts: the script element reports an error.
    const append = vi.spyOn(document.body, 'appendChild').mockImplementation((node) => {
      queueMicrotask(() => (node as HTMLScriptElement).onerror?.(new Event('error')));
      return node;
    });
    try {
      const openOffline = vi.fn<OfflineOpener>();
      const go = vi.fn();
      const out = await payOnline(input, { openOffline, go });
      expect(out.status).toBe('failed');
      expect(seen.orders).toHaveLength(1);
      expect(openOffline).not.toHaveBeenCalled();
      expect(go).not.toHaveBeenCalled();
      expect(seen.verified).toEqual([]);
      expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: CUSTOMER_SDK_FAILED }));
      expect(CUSTOMER_SDK_FAILED).toBe('Razorpay SDK failed to load. Please check your internet connection.');
    } finally {
      append.mockRestore();
    }
  });
});

describe('sameSiteAddress', () => {
  it.each([
    ['/api/v1/customer/payment/success?order_id=x', '/api/v1/customer/payment/success?order_id=x'],
    ['/customer/subscription?cancelled=1', '/customer/subscription?cancelled=1'],
    ['https://evil.example/x', '/fallback'],
    ['//evil.example/x', '/fallback'],
    ['/\\evil.example', '/fallback'],
    [undefined, '/fallback'],
  ])('%s → %s', (url, to) => expect(sameSiteAddress(url, '/fallback')).toBe(to));
});

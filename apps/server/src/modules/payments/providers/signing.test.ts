import { createHmac } from 'node:crypto';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, it } from 'vitest';
import { OfflineProvider, offlineSecrets } from './offline.ts';
import { RazorpayProvider } from './razorpay.ts';
import { checkoutSignature, hmacHex, sameSignature, verifyCheckout, verifyWebhook } from './signing.ts';

/** Computed here, independently of the code under test. */
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

const KEY_SECRET = 'pawdesk_test_key_secret_42';
const WEBHOOK_SECRET = 'pawdesk_test_webhook_secret_42';
const ORDER = 'order_DLXae45SLMwqTZ';
const PAYMENT = 'pay_DLXbWV0fmyNBvt';

describe('checkout signature: HMAC-SHA256 of order_id|payment_id with the key secret', () => {
  it('matches a fixed known-answer vector in Razorpay’s format', () => {
    // The expected hex is a constant, so a change of separator, order or encoding fails here.
    expect(checkoutSignature(KEY_SECRET, ORDER, PAYMENT)).toBe(
      '12378a3771cd49403345448864a301e3d716dff352d1bfcdb69522e50102154f',
    );
  });

  it('agrees with node:crypto and with the Razorpay SDK’s own validator', () => {
    const sig = hmac(KEY_SECRET, `${ORDER}|${PAYMENT}`);
    expect(checkoutSignature(KEY_SECRET, ORDER, PAYMENT)).toBe(sig);
    expect(validatePaymentVerification({ order_id: ORDER, payment_id: PAYMENT }, sig, KEY_SECRET)).toBe(true);
    expect(verifyCheckout(KEY_SECRET, ORDER, PAYMENT, sig)).toBe(true);
  });

  it('refuses a tampered order id, payment id, signature or secret', () => {
    const sig = hmac(KEY_SECRET, `${ORDER}|${PAYMENT}`);
    expect(verifyCheckout(KEY_SECRET, 'order_DLXae45SLMwqTY', PAYMENT, sig)).toBe(false);
    expect(verifyCheckout(KEY_SECRET, ORDER, 'pay_DLXbWV0fmyNBvu', sig)).toBe(false);
    expect(verifyCheckout(KEY_SECRET, PAYMENT, ORDER, sig)).toBe(false);
    expect(verifyCheckout(`${KEY_SECRET}x`, ORDER, PAYMENT, sig)).toBe(false);
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    expect(verifyCheckout(KEY_SECRET, ORDER, PAYMENT, flipped)).toBe(false);
  });

  it('a replayed signature is valid only for its own order and payment', () => {
    const first = hmac(KEY_SECRET, `${ORDER}|${PAYMENT}`);
    expect(verifyCheckout(KEY_SECRET, 'order_SecondOrder0001', PAYMENT, first)).toBe(false);
    expect(verifyCheckout(KEY_SECRET, ORDER, 'pay_SecondPayment01', first)).toBe(false);
  });

  it('refuses what is not a 64-digit hex string without throwing', () => {
    for (const bad of ['', 'abc', 'z'.repeat(64), `${'a'.repeat(64)}00`, null, undefined, 42]) {
      expect(sameSignature(hmacHex('k', 'd'), bad)).toBe(false);
    }
    expect(sameSignature(hmacHex('k', 'd'), hmacHex('k', 'd').toUpperCase())).toBe(true);
  });
});

describe('webhook signature: HMAC-SHA256 of the raw body with the webhook secret', () => {
  const body = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: { payment: { entity: { id: PAYMENT, order_id: ORDER, amount: 50000, status: 'captured' } } },
  });

  it('matches node:crypto and the SDK’s validateWebhookSignature', () => {
    const sig = hmac(WEBHOOK_SECRET, body);
    expect(Razorpay.validateWebhookSignature(body, sig, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhook(WEBHOOK_SECRET, body, sig)).toBe(true);
  });

  it('refuses a tampered amount, a tampered id, re-serialised JSON and the key secret', () => {
    const sig = hmac(WEBHOOK_SECRET, body);
    expect(verifyWebhook(WEBHOOK_SECRET, body.replace('50000', '5000'), sig)).toBe(false);
    expect(verifyWebhook(WEBHOOK_SECRET, body.replace(ORDER, 'order_DLXae45SLMwqTY'), sig)).toBe(false);
    // The same event with other whitespace is other bytes: the raw body is what is signed.
    expect(verifyWebhook(WEBHOOK_SECRET, JSON.stringify(JSON.parse(body), null, 1), sig)).toBe(false);
    expect(verifyWebhook(WEBHOOK_SECRET, body, hmac(KEY_SECRET, body))).toBe(false);
  });
});

describe('both providers verify with the same code', () => {
  it('Razorpay: key secret for checkout, webhook secret for webhooks', () => {
    const p = new RazorpayProvider({ keyId: 'rzp_test_x', keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET });
    expect(p.verifyCheckoutSignature(ORDER, PAYMENT, hmac(KEY_SECRET, `${ORDER}|${PAYMENT}`))).toBe(true);
    expect(p.verifyCheckoutSignature(ORDER, PAYMENT, hmac(WEBHOOK_SECRET, `${ORDER}|${PAYMENT}`))).toBe(false);
    expect(p.verifyWebhookSignature('{"a":1}', hmac(WEBHOOK_SECRET, '{"a":1}'))).toBe(true);
    expect(p.verifyWebhookSignature('{"a":1}', hmac(KEY_SECRET, '{"a":1}'))).toBe(false);
  });

  it('offline: secrets derived from the server secret, the same on every instance, distinct from each other', () => {
    const a = offlineSecrets('server-secret-1');
    expect(offlineSecrets('server-secret-1')).toEqual(a);
    expect(offlineSecrets('server-secret-2').keySecret).not.toBe(a.keySecret);
    expect(a.keySecret).not.toBe(a.webhookSecret);
    const p = new OfflineProvider(null as never, a, 'http://localhost');
    expect(p.verifyCheckoutSignature(ORDER, PAYMENT, hmac(a.keySecret, `${ORDER}|${PAYMENT}`))).toBe(true);
    expect(p.verifyWebhookSignature('{}', hmac(a.webhookSecret, '{}'))).toBe(true);
    expect(p.verifyWebhookSignature('{}', hmac(a.keySecret, '{}'))).toBe(false);
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, computed the same way by both providers so one verification runs in both modes:
 * - checkout: HMAC-SHA256 of `order_id|payment_id` with the key secret, hex (the `razorpay_signature` checkout returns);
 * - webhook: HMAC-SHA256 of the raw request body with the webhook secret, hex (the `x-razorpay-signature` header).
 * Comparisons are constant-time.
 */
export function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

export const checkoutSignature = (keySecret: string, orderId: string, paymentId: string) =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

/** True when `given` is the hex HMAC `expected`; false for anything else (wrong length, not hex, absent). */
export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export const verifyCheckout = (keySecret: string, orderId: string, paymentId: string, signature: unknown) =>
  sameSignature(checkoutSignature(keySecret, orderId, paymentId), signature);

export const verifyWebhook = (webhookSecret: string, rawBody: string, signature: unknown) =>
  sameSignature(hmacHex(webhookSecret, rawBody), signature);

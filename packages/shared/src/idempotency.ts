/**
 * Idempotent money writes (docs/decisions.md "Idempotent money writes"): a money-writing POST sent with an
 * `Idempotency-Key` header is done once per caller, route and key (kept 24 hours). Plain constants, no zod: the web
 * app's API client imports them.
 */

/** The request header. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 1 to 255 printable characters',
  otherRequest: 'This Idempotency-Key was used with a different request',
  processing: 'A request with this Idempotency-Key is still being processed',
} as const;

/** A key is 1 to 255 printable ASCII characters (space to tilde). */
export const isValidIdempotencyKey = (key: string): boolean => /^[\x20-\x7e]{1,255}$/.test(key);

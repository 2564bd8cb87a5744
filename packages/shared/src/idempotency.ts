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
  /**
   * The request was done (its sale committed) but the server stopped before it answered (a crash, a kill): a repeat
   * answers this 409 with the ledger rows it wrote, rather than 'still being processed' for the key's 24 hours.
   */
  answerLost: 'This request was done, but the server stopped before answering it: look at the record before sending it again',
} as const;

/** A key is 1 to 255 printable ASCII characters (space to tilde). */
export const isValidIdempotencyKey = (key: string): boolean => /^[\x20-\x7e]{1,255}$/.test(key);

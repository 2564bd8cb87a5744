import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether an `Authorization` header is `Bearer <token>`, for the fixed tokens of operations (METRICS_TOKEN, a local
 * command's token). Compared in constant time: the SHA-256 of both sides, of equal length whatever was sent.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/i.exec(header ?? '');
  const same = timingSafeEqual(digest(m?.[1] ?? ''), digest(token));
  return same && m !== null && token.length > 0;
}

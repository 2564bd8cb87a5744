import { randomBytes } from 'node:crypto';

/** A new 24-hex id: 4 bytes of seconds since the epoch, then 8 random bytes (ObjectId-shaped). */
export function newId(): string {
  const t = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return t + randomBytes(8).toString('hex');
}

import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { clearFailures, countAttempt, deleteExpiredFailures, uncountAttempt } from './auth.repo.ts';

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

/** A 429 that tells the client when to try again (the route sends `Retry-After`). */
export class TooManyAttempts extends AppError {
  constructor(
    readonly retryAfter: number,
    what = 'Too many login attempts.',
  ) {
    const minutes = Math.ceil(retryAfter / 60);
    super(429, `${what} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
      retryAfter,
    });
  }
}

/**
 * An address as the limits count it: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 network, since one
 * subscriber usually holds a whole /64 and could otherwise step through it.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return `other:${digest(ip).slice(0, 32)}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface ThrottleLimits {
  /** Failures allowed per account and address within the window. */
  perAccountAddress: number;
  /** Failures allowed per address (over all accounts) within the window. */
  perAddress: number;
  windowSeconds: number;
}

/**
 * Failed sign-ins counted in the database per (account, address) and per address, so the limits hold across
 * instances and somebody hammering an account from one address cannot lock its owner out elsewhere.
 *
 * An attempt is counted before the password is checked (one atomic upsert), so concurrent guesses cannot
 * slip past the limit; a refused or successful attempt is taken back again.
 */
export class LoginThrottle {
  private lastSweep = 0;
  constructor(
    private readonly db: DbOrTx,
    private readonly limits: ThrottleLimits,
  ) {}

  keys(email: string, ip: string) {
    const address = addressKey(ip);
    // Printable emails as they are (readable for operators); anything else by its digest, so a key stays short.
    const who = /^[\x21-\x7e]{1,254}$/.test(email) ? email : `sha256:${digest(email)}`;
    return { account: `acct:${who}|${address}`, address: `ip:${address}` };
  }

  /** Counts the attempt; throws TooManyAttempts (attempt not counted) when either limit is already reached. */
  async begin(email: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
    await this.sweep();
    const k = this.keys(email, ip);
    const counts = await countAttempt(this.db, [k.account, k.address], this.limits.windowSeconds);
    const over = counts.filter(
      (c) => c.failures > (c.key === k.address ? this.limits.perAddress : this.limits.perAccountAddress),
    );
    if (over.length > 0) {
      await uncountAttempt(this.db, [k.account, k.address]);
      throw new TooManyAttempts(Math.max(...over.map((c) => c.retryAfter)));
    }
    return {
      succeeded: async () => {
        await clearFailures(this.db, k.account);
        await uncountAttempt(this.db, [k.address]);
      },
    };
  }

  /** Deletes expired rows, at most once a minute per process. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await deleteExpiredFailures(this.db);
  }
}

/**
 * Counts one request against each key (in the database, so the limit holds across instances); when any key is over
 * its limit the request is taken back and refused with TooManyAttempts (429, Retry-After). Unlike the login
 * throttle, every request counts, successful or not.
 */
export async function countOrRefuse(
  db: DbOrTx,
  limits: readonly { key: string; max: number }[],
  windowSeconds: number,
  what: string,
): Promise<void> {
  const keys = limits.map((l) => l.key);
  const counts = await countAttempt(db, keys, windowSeconds);
  const over = counts.filter((c) => c.failures > (limits.find((l) => l.key === c.key)?.max ?? Number.POSITIVE_INFINITY));
  if (over.length === 0) return;
  await uncountAttempt(db, keys);
  throw new TooManyAttempts(Math.max(...over.map((c) => c.retryAfter)), what);
}

export const emailKey = (email: string) => (/^[\x21-\x7e]{1,254}$/.test(email) ? email : `sha256:${digest(email)}`);

import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import bcrypt from 'bcrypt';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/**
 * One row of the OWASP password storage cheat sheet for scrypt: N=2^14 (16 MiB of memory), r=8, p=5.
 * Hashes made with other parameters still verify and are upgraded on the next successful login.
 */
export const SCRYPT = { N: 2 ** 14, r: 8, p: 5 } as const;
const LEN = 32;
/** Parameters a stored hash may name; anything larger is refused rather than run. */
const MAX = { N: 2 ** 20, r: 32, p: 16 };

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const [alg, n, rr, pp, saltB64, hashB64, ...rest] = stored.split('$');
  if (alg !== 'scrypt' || !saltB64 || !hashB64 || rest.length > 0) return undefined;
  const [N, r, p] = [Number(n), Number(rr), Number(pp)];
  const ok = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  if (!ok(N, MAX.N) || !ok(r, MAX.r) || !ok(p, MAX.p) || (N & (N - 1)) !== 0 || N < 2) return undefined;
  return { N, r, p, salt: Buffer.from(saltB64, 'base64'), hash: Buffer.from(hashB64, 'base64') };
}

/** `scrypt$N$r$p$salt$hash` with a per-user random salt: the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT;
  const hash = await scrypt(password, salt, LEN, { N, r, p, maxmem: 256 * N * r });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * A bcrypt hash as the original system stored them (issue 21: its users keep their passwords): `$2a$`, `$2b$` or
 * `$2y$`, a two-digit cost, then 53 characters of salt and hash. Costs above 14 are refused rather than run (a cost-15
 * check is ~2 s of CPU: a stored hash must not be a way to tie up the server).
 */
const BCRYPT = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
export const BCRYPT_MAX_COST = 14;

/**
 * How many bcrypt checks run at once: all cores but one, so a burst of first logins by carried-over accounts never
 * takes the CPU the event loop needs (on a 2-core machine two parallel checks starved the loop for ~100 ms; one at a
 * time keeps its lag under ~10 ms). Further checks wait their turn; each account needs it only once.
 */
const BCRYPT_PARALLEL = Math.max(1, availableParallelism() - 1);
let bcryptRunning = 0;
const bcryptQueue: (() => void)[] = [];

async function bcryptCompare(password: string, stored: string): Promise<boolean> {
  if (bcryptRunning >= BCRYPT_PARALLEL) await new Promise<void>((resolve) => bcryptQueue.push(resolve));
  else bcryptRunning++;
  try {
    // `$2y$` is PHP's name for the same algorithm as `$2b$`; the addon knows `$2a$` and `$2b$`.
    return await bcrypt.compare(password, stored.replace(/^\$2y\$/, '$2b$'));
  } finally {
    // Hand the slot straight to the next waiter (the count stays), or free it.
    const next = bcryptQueue.shift();
    if (next) next();
    else bcryptRunning--;
  }
}

export function isBcryptHash(stored: string): boolean {
  const m = BCRYPT.exec(stored);
  return !!m && Number(m[1]) >= 4 && Number(m[1]) <= BCRYPT_MAX_COST;
}

/**
 * Verifies a password against a scrypt hash (Pawdesk's) or a bcrypt hash (carried over from the original system).
 * Both run off the event loop: scrypt in node:crypto's libuv pool, bcrypt in the native `bcrypt` addon's async
 * compare, also on the libuv pool (docs/decisions.md, "bcrypt for carried-over passwords"). Any other string is false.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$2')) {
    return isBcryptHash(stored) && bcryptCompare(password, stored);
  }
  const h = parse(stored);
  if (!h || h.hash.length === 0) return false;
  const actual = await scrypt(password, h.salt, h.hash.length, { N: h.N, r: h.r, p: h.p, maxmem: 256 * h.N * h.r });
  return actual.length === h.hash.length && timingSafeEqual(actual, h.hash);
}

/**
 * True when the hash was made with other parameters than today's, or with bcrypt (rehash it after a successful login).
 */
export function needsRehash(stored: string): boolean {
  const h = parse(stored);
  return !h || h.N !== SCRYPT.N || h.r !== SCRYPT.r || h.p !== SCRYPT.p || h.hash.length !== LEN;
}

/** A hash of a random password, so unknown accounts take as long as known ones. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));

import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

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

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h || h.hash.length === 0) return false;
  const actual = await scrypt(password, h.salt, h.hash.length, { N: h.N, r: h.r, p: h.p, maxmem: 256 * h.N * h.r });
  return actual.length === h.hash.length && timingSafeEqual(actual, h.hash);
}

/** True when the hash was made with other parameters than today's (rehash it after a successful login). */
export function needsRehash(stored: string): boolean {
  const h = parse(stored);
  return !h || h.N !== SCRYPT.N || h.r !== SCRYPT.r || h.p !== SCRYPT.p || h.hash.length !== LEN;
}

/** A hash of a random password, so unknown accounts take as long as known ones. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));

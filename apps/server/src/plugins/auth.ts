import type { Role } from '@pawdesk/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { DbOrTx } from '../db/client.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { sessionState } from '../modules/auth/auth.service.ts';
import { accountAndSession, touchSession } from '../modules/auth/sessions.service.ts';

export interface Principal {
  id: string;
  role: Role;
  isAdmin: boolean;
  /** The session of the token (tokens signed before sessions existed have none). */
  sid?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook: the request must carry a valid token of one of these roles (any role when none given). */
    auth(...roles: Role[]): onRequestHookHandler;
    /** Hook: the request must carry a valid token of a staff account that is an admin now. */
    authAdmin(): onRequestHookHandler;
    /** A token for the principal's session (`p.sid`, from `startSession`). */
    signToken(p: Principal): Promise<string>;
    /** Drops this instance's cached state of an account (other instances see the change within ACCOUNT_CACHE_MS). */
    forgetAccount(id: string): void;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The signed-in principal, or a 401 if the route forgot its auth hook. */
export function principal(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

const TOKEN_TTL = '7d';
/** How long an account's state (enabled, role, admin, sessions valid after) is trusted without asking the database. */
export const ACCOUNT_CACHE_MS = 2000;

type AccountState = NonNullable<Awaited<ReturnType<typeof sessionState>>>;

export default fp(async function auth(app: FastifyInstance, opts: { secret: string; db: DbOrTx }) {
  // Imported once: raw bytes would make jose import the HMAC key again on every request.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(opts.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  app.decorateRequest('principal', null);

  // `iat` has whole seconds; `iat_ms` says when in that second, so a login right after a revocation is valid.
  app.decorate('signToken', async (p: Principal) => {
    const now = Date.now();
    return new SignJWT({ role: p.role, admin: p.isAdmin, iat_ms: now, ...(p.sid ? { sid: p.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(p.id)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(TOKEN_TTL)
      .sign(key);
  });

  /**
   * Verified tokens, so a busy screen does not pay for an HMAC check on every call. A token's
   * verification is deterministic but for its expiry, which is checked on every hit. Bounded:
   * the oldest entry goes first.
   */
  interface Verified {
    id: string;
    role: Role;
    admin: boolean;
    /** When the token was issued, in ms (the start of its second for tokens without `iat_ms`). */
    issuedMs: number;
    exp: number;
    sid?: string;
  }
  const verified = new Map<string, Verified>();
  const VERIFIED_MAX = 5000;
  const invalid = () => unauthorized('Session expired or invalid. Please log in again.');

  async function verify(token: string): Promise<Verified> {
    const hit = verified.get(token);
    if (hit && hit.exp * 1000 > Date.now()) return hit;
    if (hit) verified.delete(token);
    let payload: {
      sub?: string;
      role?: unknown;
      admin?: unknown;
      exp?: number;
      iat?: number;
      iat_ms?: unknown;
      sid?: unknown;
    };
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
    } catch {
      throw invalid();
    }
    const { sub, role, exp, iat } = payload;
    if (!sub || (role !== 'staff' && role !== 'customer') || !exp || typeof iat !== 'number') throw invalid();
    const issuedMs =
      typeof payload.iat_ms === 'number' && Math.floor(payload.iat_ms / 1000) === iat ? payload.iat_ms : iat * 1000;
    if (payload.sid !== undefined && (typeof payload.sid !== 'string' || !/^[0-9a-f]{24}$/.test(payload.sid))) throw invalid();
    const v: Verified = { id: sub, role, admin: payload.admin === true, issuedMs, exp, sid: payload.sid };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, v);
    return v;
  }

  /** Account states read from the database, kept ACCOUNT_CACHE_MS. Bounded like the token cache. */
  const accounts = new Map<string, { state: AccountState | undefined; until: number }>();
  const ACCOUNTS_MAX = 10_000;
  app.decorate('forgetAccount', (id: string) => void accounts.delete(id));

  async function account(id: string): Promise<AccountState | undefined> {
    const hit = accounts.get(id);
    if (hit && hit.until > Date.now()) return hit.state;
    accounts.delete(id);
    const state = await sessionState(opts.db, id);
    if (accounts.size >= ACCOUNTS_MAX) accounts.delete(accounts.keys().next().value!);
    accounts.set(id, { state, until: Date.now() + ACCOUNT_CACHE_MS });
    return state;
  }

  /**
   * A token with a session: the account and the session row in one query, on every request (no cache), so a
   * logout on any instance refuses the token at once everywhere (docs/decisions.md, "Sessions"). Last seen is
   * written at most once a minute.
   */
  async function accountWithSession(id: string, sid: string): Promise<AccountState | undefined> {
    const row = await accountAndSession(opts.db, id, sid);
    if (!row || row.sessionUser === null || row.endedAt || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) {
      return undefined;
    }
    if (row.lastSeenAt && Date.now() - row.lastSeenAt.getTime() > 60_000) await touchSession(opts.db, sid);
    return row;
  }

  /**
   * The token's account must still exist, be enabled, have the token's role, and not have been logged out
   * since the token was issued. Role and admin flag come from the account, not the token.
   */
  async function authenticate(req: FastifyRequest): Promise<{ p: Principal; tokenAdmin: boolean }> {
    const header = req.headers.authorization;
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (!token) throw unauthorized('Authentication required');
    const v = await verify(token);
    const a = v.sid ? await accountWithSession(v.id, v.sid) : await account(v.id);
    if (!a || a.disabled || a.role !== v.role) throw invalid();
    if (a.sessionsValidAfter && v.issuedMs <= a.sessionsValidAfter.getTime()) throw invalid();
    const p: Principal = { id: v.id, role: a.role, isAdmin: a.role === 'staff' && a.isAdmin, sid: v.sid };
    req.principal = p;
    return { p, tokenAdmin: v.admin };
  }

  app.decorate('auth', (...roles: Role[]): onRequestHookHandler => {
    return async (req) => {
      const { p } = await authenticate(req);
      if (roles.length > 0 && !roles.includes(p.role)) throw forbidden();
    };
  });

  app.decorate('authAdmin', (): onRequestHookHandler => {
    return async (req) => {
      const { p, tokenAdmin } = await authenticate(req);
      if (p.isAdmin) return;
      // An admin token of an account that is no longer an admin: that session is over.
      if (tokenAdmin) throw invalid();
      throw forbidden('Only an admin can do this');
    };
  });
});

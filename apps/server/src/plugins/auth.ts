import type { Role } from '@pawdesk/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { forbidden, unauthorized } from '../lib/errors.ts';

export interface Principal {
  id: string;
  role: Role;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook: the request must carry a valid token of one of these roles (any role when none given). */
    auth(...roles: Role[]): onRequestHookHandler;
    signToken(p: Principal): Promise<string>;
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

export default fp(async function auth(app: FastifyInstance, opts: { secret: string }) {
  // Imported once: raw bytes would make jose import the HMAC key again on every request.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(opts.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

  app.decorateRequest('principal', null);

  app.decorate('signToken', async (p: Principal) =>
    new SignJWT({ role: p.role, admin: p.isAdmin })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(p.id)
      .setIssuedAt()
      .setExpirationTime(TOKEN_TTL)
      .sign(key),
  );

  /**
   * Verified tokens, so a busy screen does not pay for an HMAC check on every call. A token's
   * verification is deterministic but for its expiry, which is checked on every hit. Bounded:
   * the oldest entry goes first.
   */
  const verified = new Map<string, { principal: Principal; exp: number }>();
  const VERIFIED_MAX = 5000;
  const invalid = () => unauthorized('Session expired or invalid. Please log in again.');

  async function verify(token: string): Promise<Principal> {
    const hit = verified.get(token);
    if (hit && hit.exp * 1000 > Date.now()) return hit.principal;
    if (hit) verified.delete(token);
    let payload: { sub?: string; role?: unknown; admin?: unknown; exp?: number };
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
    } catch {
      throw invalid();
    }
    if (!payload.sub || (payload.role !== 'staff' && payload.role !== 'customer') || !payload.exp) throw invalid();
    const principal: Principal = { id: payload.sub, role: payload.role, isAdmin: payload.admin === true };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { principal, exp: payload.exp });
    return principal;
  }

  app.decorate('auth', (...roles: Role[]): onRequestHookHandler => {
    return async (req) => {
      const header = req.headers.authorization;
      const token = header?.replace(/^Bearer\s+/i, '').trim();
      if (!token) throw unauthorized('Authentication required');
      const p = await verify(token);
      req.principal = p;
      if (roles.length > 0 && !roles.includes(p.role)) throw forbidden();
    };
  });
});

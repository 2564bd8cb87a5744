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

  app.decorate('auth', (...roles: Role[]): onRequestHookHandler => {
    return async (req) => {
      const header = req.headers.authorization;
      const token = header?.replace(/^Bearer\s+/i, '').trim();
      if (!token) throw unauthorized('Authentication required');
      let payload: { sub?: string; role?: unknown; admin?: unknown };
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch {
        throw unauthorized('Session expired or invalid. Please log in again.');
      }
      if (!payload.sub || (payload.role !== 'staff' && payload.role !== 'customer')) {
        throw unauthorized('Session expired or invalid. Please log in again.');
      }
      req.principal = { id: payload.sub, role: payload.role, isAdmin: payload.admin === true };
      if (roles.length > 0 && !roles.includes(payload.role)) throw forbidden();
    };
  });
});

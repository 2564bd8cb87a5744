import { isValidIdempotencyKey } from '@pawdesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { safeError } from '../../lib/log-safe.ts';
import { type IdempotencyScope, runInScope } from './idempotency-scope.service.ts';
import {
  earlierAnswer,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_ROUTES,
  requestHash,
  StoredAnswer,
  storeAnswerOf,
} from './idempotency.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route writes money: it takes an Idempotency-Key (modules/idempotency). */
    idempotent?: boolean;
  }
}

/** Marks an answer given again from the stored one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Idempotency-Key on the money routes (IDEMPOTENT_ROUTES, or a route's `config: { idempotent: true }`). Registered
 * first among the API modules, so its onRoute hook sees every route. For such a route sent with the header:
 * - preValidation (after the route's auth): a bad key is a 400; an earlier answer to the same caller, route and key
 *   is given again (with the current state of its ledger rows); a different request with that key is a 409;
 * - the handler runs with the key in scope: `moneyTransaction` claims it in the sale's transaction;
 * - onSend: the answer of a request whose claim committed is stored with the key.
 * A request without the header runs exactly as before.
 */
async function idempotency(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const scopes = new WeakMap<FastifyRequest, IdempotencyScope>();
  const listed = new Set(IDEMPOTENT_ROUTES);
  const prefix = '/api/v1';

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.startsWith(prefix) ? route.url.slice(prefix.length) : route.url;
    const optedIn = route.config?.idempotent === true || methods.some((m) => listed.has(`${m} ${path}`));
    if (!optedIn || !methods.includes('POST')) return;
    route.config = { ...route.config, idempotent: true };
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function idempotentHandler(this: unknown, req: FastifyRequest, reply: FastifyReply) {
      const scope = scopes.get(req);
      if (!scope) return handler.call(this as never, req, reply);
      try {
        return await runInScope(scope, () => handler.call(this as never, req, reply));
      } catch (err) {
        if (err instanceof StoredAnswer) return reply.code(err.statusCode).header(REPLAYED_HEADER, 'true').send(err.body);
        throw err;
      }
    } as RouteHandlerMethod;
  });

  app.addHook('preValidation', async (req, reply) => {
    if (req.routeOptions.config?.idempotent !== true) return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!isValidIdempotencyKey(key))
      throw badRequest(IDEMPOTENCY_MESSAGES.badKey, { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.badKey });
    // Money routes are signed in (their auth ran in onRequest): the key is the caller's.
    if (!req.principal) return;
    const ref = { userId: req.principal.id, route: `${req.method} ${req.routeOptions.url}`, key };
    const hash = requestHash(req);
    const earlier = await earlierAnswer(ctx, ref, hash);
    if (earlier) return reply.code(earlier.statusCode).header(REPLAYED_HEADER, 'true').send(earlier.body);
    scopes.set(req, { ...ref, requestHash: hash, claimedId: null, open: null, finished: false });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const scope = scopes.get(req);
    if (!scope || scope.finished) return payload;
    scope.finished = true;
    if (scope.claimedId) {
      try {
        await storeAnswerOf(ctx.db, scope.claimedId, reply.statusCode, payload);
      } catch (err) {
        req.log.error({ err: safeError(err) }, 'idempotency: the answer could not be stored');
      }
    }
    return payload;
  });
}

export const idempotencyPlugin = fp(idempotency, { name: 'idempotency' }) as unknown as FastifyPluginAsyncZod<{
  ctx: AppContext;
}>;

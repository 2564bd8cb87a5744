import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const CORS_METHODS = 'GET, POST, PATCH, DELETE';
/** Idempotency-Key: money-writing POSTs (modules/idempotency). */
export const CORS_HEADERS = 'Authorization, Content-Type, Accept-Type, Idempotency-Key';
/** How long a browser may reuse a preflight answer (seconds). */
export const CORS_MAX_AGE = 600;

const isApi = (url: string) => url.startsWith('/api/');

/**
 * CORS for the API (`/api/…`), for the origins in `CORS_ORIGINS` only.
 * - A request whose Origin is on the list gets `Access-Control-Allow-Origin`
 *   with that origin (and `Retry-After`, `Idempotent-Replayed` readable by the page).
 * - A preflight (OPTIONS) from a listed origin is answered 204 with the allowed
 *   methods and request headers; tokens travel in the Authorization header, not
 *   cookies, so credentials are not allowed.
 * - Any other OPTIONS request, including a preflight from an origin not on the
 *   list, is answered 204 without CORS headers: the browser then refuses the
 *   call, and nothing tells the other origin which origins are allowed.
 * With an empty list no response carries a CORS header.
 */
export default fp(async function cors(app: FastifyInstance, opts: { origins: readonly string[] }) {
  const allowed = new Set(opts.origins.map((o) => o.toLowerCase()));

  const allowedOrigin = (req: FastifyRequest): string | undefined => {
    const origin = req.headers.origin;
    return origin && allowed.has(origin.toLowerCase()) ? origin : undefined;
  };

  if (allowed.size > 0) {
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!isApi(req.url)) return;
      // Answers differ by Origin: shared caches must keep them apart.
      reply.header('vary', 'Origin');
      const origin = allowedOrigin(req);
      if (!origin) return;
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'Retry-After, Idempotent-Replayed');
    });
  }

  app.options('/api/*', { schema: { hide: true } }, async (req, reply) => {
    if (allowedOrigin(req) && req.headers['access-control-request-method']) {
      reply
        .header('access-control-allow-methods', CORS_METHODS)
        .header('access-control-allow-headers', CORS_HEADERS)
        .header('access-control-max-age', String(CORS_MAX_AGE))
        .header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    }
    return reply.code(204).send();
  });
});

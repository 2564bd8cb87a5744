import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers are never stored by browsers or proxies: every answer to a
 * request that carried a token (success or error, whatever the route set), and
 * every other answer under `/api/v1` that did not choose its own caching (a
 * login answer holds a token). Static files keep theirs (plugins/static.ts), and so does a route that asks to
 * (`config.keepCacheControl`: photos, cached under their content hash, private to the browser).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sets its own Cache-Control on success (a photo under its content hash): keep it. */
    keepCacheControl?: boolean;
  }
}

export default fp(async function noStore(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.config?.keepCacheControl === true && reply.hasHeader('cache-control')) return payload;
    if (req.headers.authorization !== undefined || (req.url.startsWith('/api/v1/') && !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});

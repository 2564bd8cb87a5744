import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response (helmet). The middleware is built once:
 * @fastify/helmet rebuilds it, and parses the CSP directives again, on every request.
 */
export default fp(async function securityHeaders(app: FastifyInstance, opts: HelmetOptions) {
  const setHeaders = helmet(opts);
  app.addHook('onRequest', (req, reply, done) =>
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built web app with long-lived caching for hashed assets, and index.html for client routes. */
export default fp(async function staticWeb(app: FastifyInstance, opts: { root: string }) {
  if (!existsSync(path.join(opts.root, 'index.html'))) {
    app.log.warn({ root: opts.root }, 'web app not built; only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, file) {
      if (file.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  app.decorate('spaIndex', true);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** True when the built web app is served (client routes fall back to index.html). */
    spaIndex?: boolean;
  }
}

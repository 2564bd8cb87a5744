import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { type Clock, movableClock, systemClock } from './lib/clock.ts';
import type { AppContext } from './lib/context.ts';
import { JobRuns } from './lib/job-runs.ts';
import { createLogger, RequestLogController } from './lib/logger.ts';
import { apiModules } from './modules/index.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { createPaymentProvider } from './modules/payments/providers/index.ts';
import authPlugin from './plugins/auth.ts';
import corsPlugin from './plugins/cors.ts';
import errorsPlugin from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import inputPlugin, { badAddress, validateInput } from './plugins/input.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import noStore from './plugins/no-store.ts';
import securityHeaders from './plugins/security-headers.ts';
import staticPlugin from './plugins/static.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built web app (default true). */
  serveWeb?: boolean;
  /** false: no log; a logger from createLogger (tests read what it writes); default: createLogger(config). */
  logger?: false | FastifyBaseLogger;
  /** The card and payment-link provider (default: from config, Razorpay or offline); tests may pass their own. */
  payments?: PaymentProvider;
  /** The server's clock (default: the real time, or a movable one when config.testClock); tests may pass their own. */
  clock?: Clock;
  /**
   * The token `npm run backup` on this machine sends to ask the server for a backup (db/server-access.ts; main.ts
   * makes one for an embedded database). Absent: only admins may.
   */
  localToken?: string;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The whole application as a Fastify instance; it does not listen (tests inject). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const log = opts.logger === false ? undefined : (opts.logger ?? (await createLogger(config)));
  const app = Fastify({
    ...(log ? { loggerInstance: log } : { logger: false }),
    logController: new RequestLogController(),
    bodyLimit: 1024 * 1024,
    // The client address is the entry the nearest `trustProxy` proxies added; earlier entries are the client's own say.
    trustProxy: config.trustProxy === false ? false : (_addr: string, hop: number) => hop < Number(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: true },
    // A path that is not valid percent-encoding, or a path parameter too long: our JSON error shape (plugins/input.ts).
    frameworkErrors: badAddress,
  }).withTypeProvider<ZodTypeProvider>();

  // Bad input is a 400 in one place: the JSON parser and the validator of every route (plugins/input.ts).
  app.setValidatorCompiler(validateInput);
  await app.register(inputPlugin);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(corsPlugin, { origins: config.corsOrigins ?? [] });
  await app.register(noStore);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      message: `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pawdesk API', version: '1.0.0', description: 'Pet resort and clinic management API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { secret: config.jwtSecret, db: database.db });

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    clock: opts.clock ?? (config.testClock ? movableClock(config.tz) : systemClock(config.tz)),
    payments: opts.payments ?? createPaymentProvider(config, database.db),
    listen: database.listen,
    jobs: new JobRuns(),
    dumpDatabase: database.dump,
    localToken: opts.localToken,
  };
  app.decorate('appContext', ctx);

  await app.register(healthPlugin, { ctx });
  await app.register(metricsPlugin, { ctx, database, token: config.metricsToken });

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod, { ctx });
    },
    { prefix: '/api/v1' },
  );

  if (opts.serveWeb !== false) {
    await app.register(staticPlugin, { root: config.webDist ? path.resolve(config.webDist) : defaultWebDist });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (app.spaIndex && req.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ success: false, message: `Route ${req.method} ${url} not found` });
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The context every module receives (main.ts starts the jobs with it). */
    appContext: AppContext;
  }
}

import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import type { Config } from '../config.ts';
import { errSerializer, scrubText } from './log-safe.ts';

type RequestLike = { method?: string; url?: string; routeOptions?: { url?: string } };

const PATH_MAX = 200;

/**
 * What a log line says of a request: the route pattern (`/api/v1/pet/:id`)
 * when a route matched, else the path without its query string (emails in it
 * masked). Never the query string, headers or body.
 */
export function requestPath(req: RequestLike): string {
  const pattern = req.routeOptions?.url;
  if (pattern && !pattern.includes('*')) return pattern;
  const path = (req.url ?? '').split('?')[0] ?? '';
  return scrubText(path).slice(0, PATH_MAX);
}

const serializers = {
  req: (req: RequestLike) => ({ method: req.method, url: requestPath(req) }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  err: errSerializer,
};

/**
 * One log line per answered request, written when the answer is sent:
 * method, route pattern, status and time (and the error, made safe, when the
 * answer failed). Fastify's "incoming request" line and its "Route … not
 * found" line (which holds the raw URL with its query string) are left out.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The one-line form of a request in development: `GET /api/v1/pet/:id 200 4ms`. */
function devMessage(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  if (req && res && typeof log.responseTime === 'number') {
    return `${req.method} ${req.url} ${res.statusCode} ${Math.round(log.responseTime)}ms`;
  }
  return String(log[messageKey] ?? '');
}

/**
 * The process's logger. Production and tests write one JSON object per line;
 * development writes short human lines through pino-pretty (in colour on a
 * terminal). Both go to stdout unless `destination` (a writable stream) is given.
 */
export async function createLogger(
  config: Pick<Config, 'env' | 'logLevel'>,
  destination?: DestinationStream & NodeJS.WritableStream,
): Promise<Logger> {
  const options: LoggerOptions = {
    level: config.logLevel,
    serializers,
    // Defence in depth for objects logged by hand; the serializers above already leave these out.
    redact: {
      paths: ['*.authorization', '*.password', '*.passwordHash', '*.token', 'headers', '*.headers', 'body', '*.body'],
      censor: '[redacted]',
    },
  };
  if (config.env === 'development') {
    const { default: pretty } = await import('pino-pretty');
    return pino(
      options,
      pretty({
        destination: destination ?? 1,
        colorize: !destination && Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId,req,res,responseTime',
        messageFormat: devMessage,
      }),
    );
  }
  return destination ? pino(options, destination) : pino(options);
}

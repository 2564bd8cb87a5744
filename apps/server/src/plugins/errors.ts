import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, pgCode } from '../lib/errors.ts';

/** One error handler, one JSON shape: `{ success: false, message, errors? }`. No stack traces leave the server. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .send({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'body');
        errors[key] ??= v.message ?? 'Invalid value';
      }
      const first = err.validation[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ success: false, message: first, errors });
    }
    if (!isResponseSerializationError(err as never) && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body is not valid JSON'
          : err.statusCode === 429
            ? err.message || 'Too many requests. Please try again later.'
            : err.message;
      return reply.code(err.statusCode).send({ success: false, message });
    }
    const code = pgCode(err);
    if (code === '23505') return reply.code(409).send({ success: false, message: 'This record already exists' });
    if (code === '23503') return reply.code(400).send({ success: false, message: 'A referenced record does not exist' });
    if (code === '23514') return reply.code(409).send({ success: false, message: 'The change breaks a rule of the data' });
    if (code === '22P02' || code === '22007' || code === '22008' || code === '22003') {
      return reply.code(400).send({ success: false, message: 'Invalid value in request' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ success: false, message: 'Something went wrong. Please try again.' });
  });
});

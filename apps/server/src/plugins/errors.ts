import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { MEDIA_MESSAGES } from '@pawdesk/shared';
import { AppError, pgCode } from '../lib/errors.ts';
import { isPhotoTooLarge } from './input.ts';
import { safeError } from '../lib/log-safe.ts';

const PARTS: Record<string, string> = { body: 'Request body', querystring: 'Query string', params: 'Path', headers: 'Headers' };

/**
 * A zod issue's message, with zod's generic "Invalid input: expected object, received null" made plain: the body
 * (or one of its items) must be an object. Messages a schema set itself are kept.
 */
function issueMessage(v: { message?: string; keyword?: string; params?: Record<string, unknown> }, field: string, part: string) {
  const generic = !v.message || v.message.startsWith('Invalid input');
  const expected = v.params?.expected;
  if (generic && v.keyword === 'invalid_type' && (expected === 'object' || expected === 'record')) {
    return field === '' ? `${PARTS[part] ?? 'Request body'} must be a JSON object` : 'Must be an object';
  }
  return v.message ?? 'Invalid value';
}

/** Errors of a value that did not reach the database: `{ 'field.path': message }` and the first message. */
function validationAnswer(
  issues: readonly { message?: string; keyword?: string; instancePath: string; params?: Record<string, unknown> }[],
  part: string,
) {
  const errors: Record<string, string> = {};
  let first: string | undefined;
  for (const v of issues) {
    const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = issueMessage(v, field, part);
    errors[field || part] ??= message;
    first ??= message;
  }
  return { success: false, message: first ?? 'Invalid request', errors };
}

/** One error handler, one JSON shape: `{ success: false, message, errors? }`. No stack traces leave the server. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .send({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(validationAnswer(err.validation, err.validationContext ?? 'body'));
    }
    // A schema parsed inside a handler: the same answer as a route schema's.
    if (err instanceof ZodError) {
      const issues = err.issues.map((i) => ({
        ...i,
        keyword: i.code,
        instancePath: `/${i.path.join('/')}`,
        params: i as unknown as Record<string, unknown>,
      }));
      return reply.code(400).send(validationAnswer(issues, 'body'));
    }
    if (isPhotoTooLarge(err, req)) return reply.code(400).send({ success: false, message: MEDIA_MESSAGES.tooLarge });
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
    // Data exceptions a value caused (bad text, date, number, encoding, length): a safety net behind the schemas.
    if (code && ['22P02', '22007', '22008', '22003', '22001', '22021', '22P05', '54000'].includes(code)) {
      return reply.code(400).send({ success: false, message: 'Invalid value in request' });
    }
    req.log.error({ err: safeError(err) }, 'unhandled error');
    return reply.code(500).send({ success: false, message: 'Something went wrong. Please try again.' });
  });
});

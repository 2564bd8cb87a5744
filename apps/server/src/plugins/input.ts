import { BROKEN_TEXT_MESSAGE, CONTROL_CHARS_MESSAGE, hasBrokenChars, hasControlChars, MEDIA_MAX_BYTES } from '@pawdesk/shared';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * How a request's input gets in, the same for every route (the shared schemas do the rest):
 * - JSON bodies: an empty body (or only whitespace) counts as no body, so a GET or DELETE sent with
 *   `Content-Type: application/json` works and a POST that needs a body gets the usual validation 400;
 *   `__proto__` and `constructor.prototype` keys are dropped (secure-json-parse), like any unknown field.
 * - Validation: the route's zod schema, then a net under it: no string or key of what reaches the handler holds
 *   a control character other than tab and line breaks (the shared text helpers are stricter per field; this
 *   also covers schemas written with a bare `z.string()` or `z.record`).
 * - Photos (issue 20): an `image/*` or `application/octet-stream` body arrives as its bytes, up to 10 MB (a larger
 *   one is the 400 of `isPhotoTooLarge`); what the bytes really are is the media module's check, not the header's.
 */
export default fp(async function input(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    json(req, body as string, done);
  });
  const bytes = (_req: FastifyRequest, body: string | Buffer, done: (e: null, b: Buffer) => void) => done(null, body as Buffer);
  app.addContentTypeParser(/^image\//i, { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES }, bytes);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MEDIA_MAX_BYTES }, bytes);
});

/** A photo upload over the parser's 10 MB: a 400 with the photo's message rather than a bare 413. */
export function isPhotoTooLarge(err: FastifyError, req: FastifyRequest): boolean {
  const type = req.headers['content-type'] ?? '';
  return err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && /^(image\/|application\/octet-stream)/i.test(type);
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding (`/pet/getpetdetails/%zz`) or a path
 * parameter over the router's length limit, answered in our JSON error shape instead of Fastify's own.
 */
export function badAddress(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ success: false, message: 'A part of the address is too long' });
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ success: false, message: 'The address is not valid (bad percent-encoding)' });
  }
  reply.log.error({ code: err.code }, 'router error');
  return reply.code(500).send({ success: false, message: 'Something went wrong. Please try again.' });
}

/** Marks an error as one of fastify-type-provider-zod's, so the error handler reads it the same way. */
const ZOD_VALIDATION = Symbol.for('ZodFastifySchemaValidationError');

/** The validator compiler of every route: zod, then the control-character net on the parsed value. */
export const validateInput: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const result = validate(data) as { error?: unknown; value?: unknown };
    if (result.error) return result as never;
    const path = controlCharPath(result.value);
    if (path === null) return result as never;
    // The offending string (or key): a control character, else a broken (unpaired surrogate) character.
    const at = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], result.value);
    const isBad = (x: string) => hasControlChars(x, true) || hasBrokenChars(x);
    const bad = typeof at === 'string' && isBad(at) ? at : String(path.at(-1) ?? '');
    const error: FastifySchemaValidationError & { [ZOD_VALIDATION]: true } = {
      [ZOD_VALIDATION]: true,
      keyword: 'custom',
      instancePath: `/${path.join('/')}`,
      schemaPath: '#/control-characters',
      params: {},
      message: hasBrokenChars(bad) && !hasControlChars(bad, true) ? BROKEN_TEXT_MESSAGE : CONTROL_CHARS_MESSAGE,
    };
    return { error: [error] };
  };
};

interface Node {
  v: unknown;
  key?: string | number;
  parent?: Node;
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** True when some string or object key holds a control character: the fast pass, no paths kept (iterative). */
function anyControlChar(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (hasControlChars(v, true) || hasBrokenChars(v)) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (isPlain(v)) {
      for (const k in v) {
        if (hasControlChars(k) || hasBrokenChars(k)) return true;
        stack.push(v[k]);
      }
    }
  }
  return false;
}

/** The path of the first string (or object key) holding a control character other than tab and line breaks. */
export function controlCharPath(value: unknown): (string | number)[] | null {
  if (!anyControlChar(value)) return null;
  const pathOf = (n: Node, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at: Node | undefined = n; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  // Iterative, so deeply nested input cannot overflow the stack.
  const stack: Node[] = [{ v: value }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === 'string') {
      if (hasControlChars(v, true) || hasBrokenChars(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], key: i, parent: node });
    } else if (isPlain(v)) {
      const entries = Object.entries(v);
      for (const [k] of entries) if (hasControlChars(k) || hasBrokenChars(k)) return pathOf(node, k);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i]![1], key: entries[i]![0], parent: node });
    }
  }
  return null;
}

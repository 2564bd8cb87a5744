import { describe, expect, it } from 'vitest';
import { errSerializer, safeError, scrubText } from './log-safe.ts';

/** The shape node-postgres gives a unique violation, wrapped the way drizzle wraps it. */
function drizzleUniqueViolation() {
  const pgErr = Object.assign(new Error('duplicate key value violates unique constraint "users_email_uq"'), {
    name: 'error',
    code: '23505',
    severity: 'ERROR',
    detail: 'Key (email)=(asha@example.in) already exists.',
    table: 'users',
    constraint: 'users_email_uq',
    schema: 'public',
    where: 'SQL statement "insert … values (asha@example.in)"',
    internalQuery: 'select 1',
  });
  const query = 'insert into "users" ("email", "password_hash") values ($1, $2)';
  const params = ['asha@example.in', 'scrypt$16384$8$5$c2FsdA$aGFzaA'];
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause: pgErr }), { query, params });
}

describe('safeError', () => {
  it('keeps the codes, the statement with placeholders and the stack frames; drops parameters and row values', () => {
    const safe = safeError(drizzleUniqueViolation());
    expect(safe).toMatchObject({
      message: 'Failed query',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: {
        message: 'duplicate key value violates unique constraint "users_email_uq"',
        code: '23505',
        constraint: 'users_email_uq',
        table: 'users',
      },
    });
    expect(safe.stack).toMatch(/^Error: Failed query\n\s+at /);
    const text = JSON.stringify(safe);
    expect(text).not.toContain('asha');
    expect(text).not.toContain('scrypt$');
    expect(text).not.toMatch(/params|detail|where|internalQuery/);
  });

  it('masks the value PostgreSQL quotes in its message, but not the names of the error', () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "Bruno the 2nd"'), { code: '22P02' });
    expect(safeError(err).message).toBe('invalid input syntax for type integer: "…"');
    const notNull = Object.assign(new Error('null value in column "email" of relation "users" violates not-null constraint'), {
      column: 'email',
      table: 'users',
    });
    expect(safeError(notNull).message).toBe(notNull.message);
  });

  it('is stable when given its own output, and the serializer leaves other values alone', () => {
    const safe = safeError(drizzleUniqueViolation());
    expect(errSerializer(safe)).toBe(safe);
    expect(errSerializer('plain text')).toBe('plain text');
    expect(safeError('a@b.in failed')).toEqual({ type: 'string', message: '[email] failed' });
  });
});

describe('scrubText', () => {
  it.each([
    ['login of asha.k+1@example.co.in failed', 'login of [email] failed'],
    ['/api/v1/x/asha%40example.in', '/api/v1/x/[email]'],
    ['hash scrypt$16384$8$5$c2FsdA$aGFzaA.', 'hash [hash].'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here', 'token [token] here'],
    ['Unexpected token a, "asha" is not valid JSON', 'Unexpected token a, "…" is not valid JSON'],
  ])('%s', (input, output) => {
    expect(scrubText(input)).toBe(output);
  });
});

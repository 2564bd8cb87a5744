/**
 * What of an error may go to the log. Database errors carry the values of the
 * failed statement: drizzle's `DrizzleQueryError` has `params` (and repeats
 * them in its message and stack), PGlite's error has `params` too, and the
 * PostgreSQL error's `detail` holds the row (`Key (email)=(…) already
 * exists`). Those values are password hashes, emails, diagnoses. The safe
 * form keeps the error's type, a message without values, the SQL codes
 * (code, constraint, table, column…), the statement text with its `$1`
 * placeholders, the stack frames and the cause, and nothing else.
 */
export interface SafeError {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  dataType?: string;
  routine?: string;
  severity?: string;
  statusCode?: number;
  /** The SQL text with placeholders, never the parameters. */
  query?: string;
  stack?: string;
  cause?: SafeError;
}

const FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'severity'] as const;
const QUERY_MAX = 1000;
const MESSAGE_MAX = 500;

// Also percent-encoded (`a%40b.in`) and inside paths (`/x/a@b.in`).
const EMAIL = /[^\s@"'<>(),;:=/?&#]+(?:@|%40)[^\s@"'<>(),;:=/?&#%]+\.[A-Za-z]{2,}/gi;
const HASH = /scrypt\$[A-Za-z0-9+/=$]*/g;
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;

/**
 * Removes values from free text: emails, password hashes and tokens wherever
 * they appear, and every double-quoted part (PostgreSQL and JSON.parse quote
 * the offending value: `invalid input syntax for type integer: "abc"`)
 * except the names in `keep` (the constraint, table… of the same error).
 */
export function scrubText(text: string, keep: ReadonlySet<string> = new Set()): string {
  return text
    .replace(/"([^"]*)"/g, (all, inner: string) => (keep.has(inner) ? all : '"…"'))
    .replace(HASH, '[hash]')
    .replace(JWT, '[token]')
    .replace(EMAIL, '[email]');
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The objects safeError made: the log serializer passes them through as they are. */
const made = new WeakSet<object>();

/** A safe copy of any thrown value; anything that is not an object becomes a bare message. */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!err || typeof err !== 'object') return { type: typeof err, message: scrubText(String(err)).slice(0, MESSAGE_MAX) };
  if (made.has(err)) return err as SafeError;
  const e = err as Record<string, unknown>;
  // The class tells more than `name` (drizzle's DrizzleQueryError is named "Error"); minified classes do not.
  const ctor = err.constructor?.name;
  const type = ctor && ctor.length > 2 && ctor !== 'Object' ? ctor : (str(e.name) ?? 'Error');
  const out: SafeError = { type, message: '' };
  for (const f of FIELDS) {
    const v = str(e[f]);
    if (v) out[f] = v;
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  const keep = new Set<string>(['UTF8', ...FIELDS.map((f) => out[f]).filter((v): v is string => Boolean(v))]);
  // drizzle: "Failed query: <sql>\nparams: <values>"; the SQL is kept apart, the values dropped.
  const raw = str(e.message) ?? '';
  const cut = raw.indexOf('\nparams:');
  const query = str(e.query);
  if (query && Array.isArray(e.params)) out.query = query.slice(0, QUERY_MAX);
  out.message = scrubText(cut >= 0 ? 'Failed query' : raw, keep).slice(0, MESSAGE_MAX);
  const stack = str(e.stack);
  if (stack) {
    const frames = stack.split('\n').filter((l) => /^\s+at /.test(l));
    out.stack = [`${out.type}: ${out.message}`, ...frames].join('\n');
  }
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  made.add(out);
  return out;
}

/** The `err` serializer of the logger: Error-like values become their safe form, the rest is left alone. */
export function errSerializer(value: unknown): unknown {
  if (value instanceof Error || (value && typeof value === 'object' && made.has(value))) return safeError(value);
  if (value && typeof value === 'object' && 'message' in value && ('stack' in value || 'params' in value)) {
    return safeError(value);
  }
  return value;
}

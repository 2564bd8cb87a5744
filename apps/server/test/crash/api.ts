/** A small HTTP client of the API, as a browser's would be: JSON, a bearer token, an Idempotency-Key on money writes. */

export interface Answer {
  status: number;
  /** The body, read loosely (field by field). */
  json: any;
  text: string;
  headers: Headers;
}

/** The request got no answer (connection refused or reset: the server died, or is not up yet). */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

export interface CallOptions {
  token?: string;
  /** The Idempotency-Key header. */
  key?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** A body sent as it is (a signed webhook), instead of `body` as JSON. */
  rawBody?: string;
}

export async function call(base: string, method: string, path: string, body?: unknown, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.key) headers['idempotency-key'] = o.key;
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}${path.startsWith('/api') ? path : `/api/v1${path}`}`, {
      method,
      headers,
      body: o.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
    text = await res.text();
  } catch (err) {
    throw new NoAnswer(`${method} ${path}: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** Logs in through the API; the token. */
export async function login(base: string, email: string, password: string, role: 'staff' | 'customer' = 'staff') {
  const res = await call(base, 'POST', '/auth/login', { email, password, role });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
  return res.json.token as string;
}

export const DEMO_STAFF = { email: 'staff@pawdesk.test', password: 'staff123' };

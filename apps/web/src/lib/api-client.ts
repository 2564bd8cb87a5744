import { IDEMPOTENCY_HEADER } from '@pawdesk/shared/idempotency';
import { auth } from './auth';

/** A failed call: the server's message and per-field errors, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (a File) is sent as its raw bytes with its own content type (`apiUpload`). */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /**
   * A money-writing POST: the form submission's Idempotency-Key (lib/idempotency.ts), sent as the header so that
   * the same submission sent again (a dropped connection) is done once.
   */
  idempotencyKey?: string;
}

export const API_BASE = '/api/v1';

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

/**
 * The one fetch wrapper: sends JSON with the stored token, parses the
 * envelope, logs out on 401 and turns every failure into an ApiError with a
 * message fit to show.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { token } = auth.get();
  const headers: Record<string, string> = { accept: 'application/json' };
  const raw = opts.body instanceof Blob ? opts.body : null;
  if (raw) headers['content-type'] = raw.type || 'application/octet-stream';
  else if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error');
  }
  let data: Record<string, unknown> = {};
  try {
    data = (await res.json()) as Record<string, unknown>;
  } catch {
    data = {};
  }
  if (res.status === 401 && token) auth.signOut('expired');
  if (!res.ok || data.success === false) {
    const message = typeof data.message === 'string' && data.message ? data.message : `Request failed (${res.status})`;
    throw new ApiError(res.status, message, (data.errors as Record<string, string>) ?? {}, data);
  }
  return data as T;
}

/**
 * Uploads a file (a photo) as the request body, its bytes as they are with its content type, the token and the same
 * envelope and errors as `api` (the server's 400 message, sign-out on 401).
 */
export function apiUpload<T>(path: string, file: Blob, opts: Pick<RequestOptions, 'signal'> = {}): Promise<T> {
  return api<T>(path, { method: 'POST', body: file, signal: opts.signal });
}

/** The file name a `Content-Disposition` header gives (`attachment; filename="T-2026-27-000001.pdf"`), or null. */
export function dispositionFileName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;
}

/**
 * Downloads a file the server answers (a CSV export, a document's PDF) with the stored token, and has the browser save
 * it under the server's file name (else `fallbackName`); answers the name. Failures are ApiErrors as for `api`.
 */
export async function apiDownload(path: string, fallbackName: string, opts: Pick<RequestOptions, 'query' | 'signal'> = {}) {
  const { token } = auth.get();
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error');
  }
  if (res.status === 401 && token) auth.signOut('expired');
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as { message?: unknown; errors?: Record<string, string> };
    const message = typeof data.message === 'string' && data.message ? data.message : `Request failed (${res.status})`;
    throw new ApiError(res.status, message, data.errors ?? {});
  }
  const name = dispositionFileName(res.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/** True when the server answered; false for a request that got no answer (offline, refused, aborted). */
export const serverAnswered = (err: unknown): err is ApiError => err instanceof ApiError && err.status !== 0;

/** The server's message when it answered, else `fallback` (spec 000 §8: 'server message …; other failure …'). */
export function serverMessage(err: unknown, fallback: string): string {
  return serverAnswered(err) && err.message ? err.message : fallback;
}

/** The message to show for any thrown value, with a fallback for unknown errors. */
export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

import { API_BASE } from './api-client';
import { auth } from './auth';

/**
 * A server-sent events client over fetch (docs/decisions.md, "Live notifications: fetch, not EventSource"): the
 * browser's EventSource cannot send the Authorization header, so the stream is read from a fetch response with the
 * stored token, like every other call; the token never goes into a URL (logs, history).
 */

export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Splits what has arrived into complete events (an event ends at a blank line) and the rest, which waits for more.
 * Comment lines (`: heartbeat`) and `retry:` are skipped; multi-line data is joined with newlines.
 */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const text = buffer.replace(/\r\n?/g, '\n');
  const events: StreamEvent[] = [];
  let start = 0;
  for (let end = text.indexOf('\n\n', start); end >= 0; end = text.indexOf('\n\n', start)) {
    const block = text.slice(start, end);
    start = end + 2;
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') {
        data.push(value);
        any = true;
      } else if (field === 'id') id = value;
    }
    if (any) events.push({ event, data: data.join('\n'), ...(id !== undefined ? { id } : {}) });
  }
  return { events, rest: text.slice(start) };
}

/** Why a stream ended: the server refused it (`status`), or it closed or broke (0). */
export class StreamClosed extends Error {
  constructor(readonly status: number) {
    super(status ? `The stream was refused (${status})` : 'The stream closed');
  }
}

/**
 * Reads one stream until it ends: resolves `opened` once the server answered 200, calls `onEvent` for each event,
 * and rejects with StreamClosed when it ends (or resolves quietly when `signal` aborted it).
 */
export async function readEventStream(
  path: string,
  opts: { signal: AbortSignal; onOpen?: () => void; onEvent: (e: StreamEvent) => void },
): Promise<void> {
  const { token } = auth.get();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: opts.signal,
      cache: 'no-store',
    });
  } catch (err) {
    if (opts.signal.aborted) return;
    throw Object.assign(new StreamClosed(0), { cause: err });
  }
  if (!res.ok || !res.body) {
    if (res.status === 401 && token) auth.signOut('expired');
    throw new StreamClosed(res.status || 0);
  }
  opts.onOpen?.();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const { events, rest } = parseEvents(buffer);
      buffer = rest;
      for (const e of events) opts.onEvent(e);
    }
  } catch (err) {
    if (opts.signal.aborted) return;
    throw Object.assign(new StreamClosed(0), { cause: err });
  }
  if (opts.signal.aborted) return;
  throw new StreamClosed(0);
}

/** The wait before reconnecting after `failures` failed tries in a row: 1 s, 2 s, 4 s… at most 30 s, with jitter. */
export function reconnectDelayMs(failures: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Keeps a stream open: reconnects with backoff after it ends or fails (the wait grows with each failure in a row
 * and starts over once a stream opened), and stops on `stop()` or when the server says the caller may not have it
 * (401, 403, 406). Returns `stop`.
 */
export function keepStreamOpen(
  path: string,
  handlers: {
    onEvent: (e: StreamEvent) => void;
    onOpen?: () => void;
    onStateChange?: (s: 'open' | 'retrying' | 'stopped') => void;
  },
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = { setTimeout, clearTimeout },
): () => void {
  const ac = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    readEventStream(path, {
      signal: ac.signal,
      onOpen: () => {
        failures = 0;
        handlers.onStateChange?.('open');
        handlers.onOpen?.();
      },
      onEvent: handlers.onEvent,
    }).catch((err: unknown) => {
      if (ac.signal.aborted) return;
      const status = err instanceof StreamClosed ? err.status : 0;
      if (status === 401 || status === 403 || status === 406) {
        handlers.onStateChange?.('stopped');
        return;
      }
      failures++;
      handlers.onStateChange?.('retrying');
      timer = timers.setTimeout(connect, reconnectDelayMs(failures));
    });
  };
  connect();
  return () => {
    ac.abort();
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}

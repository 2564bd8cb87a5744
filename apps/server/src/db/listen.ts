import pg from 'pg';
import { safeError } from '../lib/log-safe.ts';
import type { Listening, ListenOptions } from './client.ts';

/** Waits before reconnecting a lost listening connection: 0.5 s, 1 s, 2 s… up to 30 s. */
export const listenBackoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

/**
 * LISTEN on PostgreSQL through one dedicated connection (not the pool's: a pooled connection goes back to the pool
 * and its LISTEN with it). When the connection is lost (server restart, network), it reconnects with backoff and
 * calls `onReconnect`, since notifications sent while it was away are gone: the caller reloads what it shows.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  opts: ListenOptions = {},
): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, keepAlive: true });
    c.on('notification', (m) => {
      if (m.channel === channel) onPayload(m.payload ?? '');
    });
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (err) opts.onError?.(safeError(err));
      if (!closed) schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().then(
        () => {
          attempt = 0;
          opts.onReconnect?.();
        },
        (err) => {
          opts.onError?.(safeError(err));
          attempt++;
          if (!closed) schedule();
        },
      );
    }, listenBackoffMs(attempt));
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

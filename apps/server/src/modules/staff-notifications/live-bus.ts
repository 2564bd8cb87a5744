import type { FastifyBaseLogger } from 'fastify';
import type { Database, Listening } from '../../db/client.ts';
import { STAFF_NOTIFY_CHANNEL, type StaffEventPayload, type StaffNotifyPayload } from './staff-notifications.service.ts';

export interface LiveSubscriber {
  /** A new staff notification was committed (on any instance). */
  onNotification(p: StaffNotifyPayload): void;
  /** A live event another module published (publishStaffEvent), e.g. a care task recorded. */
  onEvent?(p: StaffEventPayload): void;
  /** The database connection was lost and is back: notifications may have been missed; reload. */
  onResync(): void;
}

/**
 * One instance's end of the staff notifications' push (docs/operations.md, "Live notifications"): it LISTENs on
 * STAFF_NOTIFY_CHANNEL (PostgreSQL: one dedicated connection per instance, opened with the first stream; PGlite: its
 * in-process listener) and fans each announcement out to this instance's open streams.
 */
export function createLiveBus(listen: Database['listen'], log: FastifyBaseLogger) {
  const subscribers = new Set<LiveSubscriber>();
  let listening: Promise<Listening | null> | null = null;
  let closed = false;

  const onPayload = (raw: string) => {
    let p: StaffNotifyPayload & Partial<StaffEventPayload>;
    try {
      p = JSON.parse(raw) as StaffNotifyPayload & Partial<StaffEventPayload>;
    } catch {
      return;
    }
    if (typeof p?.event === 'string' && typeof p.data === 'object' && p.data !== null) {
      const e = { event: p.event, data: p.data };
      for (const s of subscribers) s.onEvent?.(e);
      return;
    }
    if (typeof p?.id !== 'string') return;
    for (const s of subscribers) s.onNotification(p);
  };

  return {
    /** Starts listening (once); resolves when the LISTEN is in place. */
    async start(): Promise<void> {
      if (closed) return;
      listening ??= (async () => {
        if (!listen) return null;
        return listen(STAFF_NOTIFY_CHANNEL, onPayload, {
          onReconnect: () => {
            log.info('staff notifications: listening again after a lost connection');
            for (const s of subscribers) s.onResync();
          },
          onError: (err) => log.warn({ err }, 'staff notifications: the listening connection failed'),
        });
      })().catch((err) => {
        listening = null;
        throw err;
      });
      await listening;
    },
    subscribe(s: LiveSubscriber): () => void {
      subscribers.add(s);
      return () => subscribers.delete(s);
    },
    get size() {
      return subscribers.size;
    },
    async close(): Promise<void> {
      closed = true;
      subscribers.clear();
      const l = await listening?.catch(() => null);
      listening = null;
      await l?.close();
    },
  };
}

export type LiveBus = ReturnType<typeof createLiveBus>;

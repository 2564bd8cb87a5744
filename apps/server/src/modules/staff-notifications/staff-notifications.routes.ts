import sse from '@fastify/sse';
import {
  markReadBody,
  markReadResponse,
  STAFF_NOTIFICATION_MESSAGES as M,
  STAFF_STREAM_EVENTS as EV,
  staffNotificationsQuery,
  staffNotificationsResponse,
} from '@pawdesk/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { safeError } from '../../lib/log-safe.ts';
import { principal } from '../../plugins/auth.ts';
import { createLiveBus } from './live-bus.ts';
import {
  audiencesOf,
  listStaffNotifications,
  markStaffNotificationsRead,
  staffNotificationById,
  staffUnreadCount,
} from './staff-notifications.service.ts';

const tags = ['staff notifications'];

/** Open live streams one account may hold on one instance (tabs, devices); one more is refused with 429. */
export const MAX_STREAMS_PER_USER = 5;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** The browser's EventSource reconnect delay, sent to clients in the stream (our own client backs off itself). */
const RETRY_MS = 3_000;

/** The back office's shared inbox (docs/api.md "Staff notifications"): a notification read by one is read for all. */
export const staffNotificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');
  const bus = createLiveBus(ctx.listen, app.log);
  /** This instance's open streams, by account. */
  const open = new Map<string, Set<FastifyReply>>();

  await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });
  // Before the server stops accepting: end every open stream, so `app.close()` does not wait on them.
  app.addHook('preClose', async () => {
    for (const replies of open.values()) for (const r of replies) r.sse.close();
    open.clear();
  });
  app.addHook('onClose', async () => bus.close());

  app.get(
    '/staff/notifications',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Staff notifications, newest first (?unread=true for the unread only), paged by cursor, with the unread count; admins also see the admin ones',
        querystring: staffNotificationsQuery,
        response: { 200: staffNotificationsResponse },
      },
    },
    async (req) => listStaffNotifications(ctx.db, req.query, principal(req).isAdmin),
  );

  app.post(
    '/staff/notifications/read',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Marks notifications read ({ ids } or { all: true }) for every staff member; answers how many changed',
        body: markReadBody,
        response: { 200: markReadResponse },
      },
    },
    async (req) => markStaffNotificationsRead(ctx.db, req.body, principal(req), ctx.clock.now()),
  );

  app.get(
    '/staff/notifications/stream',
    {
      onRequest: staff,
      // Before the handler: once the SSE handler runs, an error would end the stream as a 200, not as this answer.
      preHandler: async (req) => {
        if (!String(req.headers.accept ?? '').includes('text/event-stream')) throw new AppError(406, M.streamAccept);
        if ((open.get(principal(req).id)?.size ?? 0) >= MAX_STREAMS_PER_USER) throw new AppError(429, M.tooManyStreams);
        // The database listener (once per instance): a failure here is an error answer, not an empty stream.
        await bus.start();
      },
      sse: true,
      schema: {
        tags,
        summary:
          "Server-sent events (Accept: text/event-stream): 'ready' with the unread count on connect, 'notification' for each new one the caller sees, 'resync' when the client should reload the list; 'care' when a care task is recorded or undone; heartbeat comments",
      },
    },
    async (req, reply) => {
      if (!reply.sse) throw new AppError(406, M.streamAccept);
      const me = principal(req);
      const mine = open.get(me.id) ?? new Set<FastifyReply>();
      const audiences = new Set(audiencesOf(me.isAdmin));
      const unreadCount = await staffUnreadCount(ctx.db, me.isAdmin);
      mine.add(reply);
      open.set(me.id, mine);
      reply.sse.keepAlive();
      const send = (m: { event: string; id?: string; data: unknown; retry?: number }) => {
        if (reply.sse.isConnected) reply.sse.send(m).catch(() => {});
      };
      const unsubscribe = bus.subscribe({
        onNotification: (p) => {
          if (!audiences.has(p.audience)) return;
          staffNotificationById(ctx.db, p.id).then(
            (n) => n && send({ event: EV.notification, id: n._id, data: n }),
            (err) => req.log.warn({ err: safeError(err) }, 'staff notifications: could not read a new notification'),
          );
        },
        onEvent: (e) => send({ event: e.event, data: e.data }),
        onResync: () => send({ event: EV.resync, data: {} }),
      });
      reply.sse.onClose(() => {
        unsubscribe();
        mine.delete(reply);
        if (mine.size === 0 && open.get(me.id) === mine) open.delete(me.id);
      });
      send({ event: EV.ready, data: { unreadCount }, retry: RETRY_MS });
    },
  );
};

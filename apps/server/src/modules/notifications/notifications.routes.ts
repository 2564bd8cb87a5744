import {
  customerNotificationsQuery,
  customerNotificationsResponse,
  idParams,
  markReadBody,
  markReadResponse,
  rangeProblem,
  sentMessage,
  sentMessagesQuery,
  sentMessagesResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { listSent, retryMessage } from './notifications.service.ts';
import { customerInbox, markCustomerInboxRead } from './owner-inbox.service.ts';
// Registers the owner inbox's listeners of other modules' announcements (visits, prescriptions, the wallet).
import './owner-inbox.listeners.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/reminders/sent',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['reminders'],
        summary: 'Messages about a day (or a range with ?to=): recipient, subject, status, attempts, last error',
        querystring: sentMessagesQuery,
        response: { 200: sentMessagesResponse },
      },
    },
    async (req) => {
      const { date, limit } = req.query;
      const to = req.query.to ?? date;
      const problem = rangeProblem(date, to);
      if (problem) throw badRequest(problem, { to: problem });
      return { success: true as const, ...(await listSent(db, date, to, limit)) };
    },
  );

  app.post(
    '/reminders/sent/:id/retry',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['reminders'],
        summary: 'Queue a failed message again',
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), data: sentMessage }) },
      },
    },
    async (req) => ({ success: true as const, message: 'Message queued again', data: await retryMessage(db, req.params.id) }),
  );

  const customer = app.auth('customer');

  app.get(
    '/customer/notifications',
    {
      onRequest: customer,
      schema: {
        tags: ['customer notifications'],
        summary:
          "The caller's own inbox (visits, prescriptions, wallet, packages, appointments), newest first (?unread=true for the unread only), paged by cursor, with the unread count",
        querystring: customerNotificationsQuery,
        response: { 200: customerNotificationsResponse },
      },
    },
    async (req) => customerInbox(db, principal(req).id, req.query),
  );

  app.post(
    '/customer/notifications/read',
    {
      onRequest: customer,
      schema: {
        tags: ['customer notifications'],
        summary: "Marks the caller's own entries read ({ ids } or { all: true }); ids of anyone else's change nothing",
        body: markReadBody,
        response: { 200: markReadResponse },
      },
    },
    async (req) => markCustomerInboxRead(db, principal(req).id, req.body, ctx.clock.now()),
  );
};

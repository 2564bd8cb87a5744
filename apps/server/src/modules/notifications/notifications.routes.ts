import { idParams, rangeProblem, sentMessage, sentMessagesQuery, sentMessagesResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { listSent, retryMessage } from './notifications.service.ts';

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
};

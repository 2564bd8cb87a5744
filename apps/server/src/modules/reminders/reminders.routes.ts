import {
  dateParams,
  reminderListQuery,
  reminderPresetsResponse,
  reminderRangeQuery,
  remindersListResponse,
  sendOverdueBody,
  sendRemindersResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { checkRange, listReminders, presets, sendOverdue, sendReminders, today } from './reminders.service.ts';

const RANGE_NOTE =
  'Optional ?to=yyyy-MM-dd makes it a range (inclusive, at most 31 days); ?filter=all|followups|birthdays|overdue ' +
  '(overdue: follow-ups marked absent, or never marked and dated before today). The dashboard presets come from GET /reminders/presets.';

export const remindersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/reminders/presets',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['reminders'],
        summary: "Today in the business time zone and the date ranges of the dashboard's Reminders Panel presets",
        description:
          'today: today; nextweek: the next 7 days (tomorrow to today + 7); overdue: the last 7 days, follow-ups marked absent or never marked; birthdays: birthdays this week (today to today + 6).',
        response: { 200: reminderPresetsResponse },
      },
    },
    async () => ({ success: true as const, ...presets(ctx) }),
  );

  app.get(
    '/reminders/getreminderslist/:date',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['reminders'],
        summary: 'Follow-ups scheduled on a day and pets whose birthday falls that day (purpose Birthday)',
        description: RANGE_NOTE,
        params: dateParams,
        querystring: reminderListQuery,
        response: { 200: remindersListResponse },
      },
    },
    async (req) => {
      const { from, to } = checkRange(req.params.date, req.query.to);
      const { filter, limit } = req.query;
      return { success: true as const, from, to, filter, ...(await listReminders(db, today(ctx), { from, to, filter, limit })) };
    },
  );

  const sendSchema = {
    tags: ['reminders'],
    summary: "Queue one reminder message per owner for the day's reminders (idempotent per owner and day)",
    description: `${RANGE_NOTE} Follow-ups already marked present are left out. Owners without an email are counted as unreachable. GET (as in the spec) and POST do the same.`,
    params: dateParams,
    querystring: reminderRangeQuery,
    response: { 200: sendRemindersResponse },
  };
  const send = async (req: {
    params: { date: string };
    query: { to?: string; filter: 'all' | 'followups' | 'birthdays' | 'overdue' };
  }) => {
    const { from, to } = checkRange(req.params.date, req.query.to);
    return sendReminders(ctx, { from, to, filter: req.query.filter });
  };
  app.get('/reminders/sendreminders/:date', { onRequest: app.auth('staff'), schema: sendSchema }, send);
  app.post('/reminders/sendreminders/:date', { onRequest: app.auth('staff'), schema: sendSchema }, send);

  app.post(
    '/reminders/sendoverduereminders',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['reminders'],
        summary: 'Queue one message per owner whose follow-up on the date was marked absent (idempotent per owner and day)',
        description:
          'Optional to (inclusive range, at most 31 days) and includeUnmarked (also follow-ups never marked, dated before today).',
        body: sendOverdueBody,
        response: { 200: sendRemindersResponse },
      },
    },
    async (req) => {
      const { from, to } = checkRange(req.body.date, req.body.to);
      return sendOverdue(ctx, { from, to, includeUnmarked: req.body.includeUnmarked });
    },
  );
};

import { setTestClockBody, testClockResponse, testEmailsQuery, testEmailsResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClockRangeError, type MovableClock } from '../../lib/clock.ts';
import { runDailyJobs } from '../../jobs/daily.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { testMailbox } from '../notifications/notifications.service.ts';

const movable = (c: AppContext['clock']): c is MovableClock => 'set' in c && 'advanceDays' in c;

/**
 * GET and POST /test/clock: read and move the server's clock, so browser tests can board a pet, jump to day 4 and
 * see the extra-day charge. Registered only when the server runs with TEST_CLOCK=true (refused in production).
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const clock = ctx.clock;
  if (!ctx.config.testClock || !movable(clock)) return;
  const answer = () => ({
    success: true as const,
    now: clock.now().toISOString(),
    today: clock.today(),
    offsetMs: clock.offsetMs(),
  });

  app.get(
    '/test/clock',
    {
      onRequest: app.authAdmin(),
      schema: { tags: ['test'], summary: "The server's clock (test servers only)", response: { 200: testClockResponse } },
    },
    async () => answer(),
  );

  app.post(
    '/test/clock',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['test'],
        summary: 'Moves the server clock: `at` (null = real time) or `advanceDays` (test servers only)',
        body: setTestClockBody,
        response: { 200: testClockResponse },
      },
    },
    async (req) => {
      const { at, advanceDays } = req.body;
      try {
        if (advanceDays !== undefined) clock.advanceDays(advanceDays);
        else clock.set(at ? new Date(at) : null);
      } catch (err) {
        if (err instanceof ClockRangeError) throw badRequest(err.message);
        throw err;
      }
      // What the moved day brings (a package's daily charge, a subscription expiring) happens before the answer.
      await runDailyJobs(ctx, req.log);
      return answer();
    },
  );

  // The test servers' mailbox: browser tests read a password-reset link from it (guarded like the clock).
  app.get(
    '/test/emails',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['test'],
        summary: 'The newest emails queued for an address (test servers only)',
        querystring: testEmailsQuery,
        response: { 200: testEmailsResponse },
      },
    },
    async (req) => ({ success: true as const, emails: await testMailbox(ctx.db, req.query.to) }),
  );
};

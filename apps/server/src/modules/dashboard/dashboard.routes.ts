import { todayBoardResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { todayBoard } from './dashboard.service.ts';

/** The staff dashboard's Today board (docs/api.md "Today board"). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dashboard/today',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['dashboard'],
        summary:
          'The Today board: pets in house per boarding type against capacity, departures due, follow-ups with attendance, vaccinations due, low-stock items, today’s takings and 30 days of sales by purpose',
        response: { 200: todayBoardResponse },
      },
    },
    async () => todayBoard(ctx),
  );
};

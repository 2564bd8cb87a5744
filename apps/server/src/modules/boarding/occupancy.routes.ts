import { occupancyQuery, occupancyResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { occupancy } from './occupancy.service.ts';

/** The occupancy grid of `/staff/occupancy` and the dashboard's card (issue 11, beyond the spec). Staff only. */
export const occupancyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/boarding/occupancy',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['boarding'],
        summary:
          'Places booked per boarding type and day (business time zone), with each type’s capacity; from defaults to today, days 1..31 (14)',
        querystring: occupancyQuery,
        response: { 200: occupancyResponse },
      },
    },
    async (req) => occupancy(ctx, req.query),
  );
};

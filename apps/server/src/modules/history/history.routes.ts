import { visitListQuery, visitListResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { searchVisits } from './history.service.ts';

const tags = ['visits'];

/**
 * Visit History search (staff): `POST /visit/getvisitlist` as the existing client calls it, filters in the query
 * string and no body (even with `Content-Type: application/json`), and `GET` with the same answer.
 */
export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');
  const schema = {
    tags,
    summary:
      'Visit History search: pet name (contains), owner phone (prefix), purpose, business date (not in the future), payment state, pet; newest first, paged by cursor',
    querystring: visitListQuery,
    response: { 200: visitListResponse },
  };
  app.post('/visit/getvisitlist', { onRequest: staff, schema }, async (req) => searchVisits(ctx, req.query));
  app.get('/visit/getvisitlist', { onRequest: staff, schema }, async (req) => searchVisits(ctx, req.query));
};

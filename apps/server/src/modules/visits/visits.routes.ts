import { boughtSubscriptionResponse, idParams, visitDetailsResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { boughtSubscription, visitDetails } from './visit-details.service.ts';

const tags = ['visits'];

/** The visit lookups. Staff only. (The New Visit saves are the sales module's: sales/visit-sales.routes.ts.) */
export const visitRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/visit/getvisitdetails/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'One visit with its pet, visit type and details; the payment derived from the ledger',
        params: idParams,
        response: { 200: visitDetailsResponse },
      },
    },
    async (req) => ({ success: true as const, data: await visitDetails(ctx.db, req.params.id) }),
  );

  app.get(
    '/visit/buyy/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'The subscription a Buy Subscription visit bought (shaped like getsubscriptiondetails)',
        params: idParams,
        response: { 200: boughtSubscriptionResponse },
      },
    },
    async (req) => boughtSubscription(ctx.db, req.params.id),
  );
};

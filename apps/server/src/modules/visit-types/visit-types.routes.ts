import { boardingCategoriesResponse, plansQuery, plansResponse, visitPricesResponse, visitTypesResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { boardingCategories, offeredVisitTypes, plansWithTypes } from './visit-types.service.ts';

/**
 * The read calls of the visit types and subscription plans (spec 001 §7), as the existing client makes them.
 * Staff read them for New Visit, Deboard and the subscription purchase; customers for booking and buying plans.
 */
export const visitTypeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const signedIn = app.auth('staff', 'customer');
  const tags = ['visit types'];

  app.get(
    '/visit/getallvisittypes',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The visit types on offer with their prices, in the New Visit order',
        response: { 200: visitTypesResponse },
      },
    },
    async () => ({ success: true as const, visitTypes: await offeredVisitTypes(db) }),
  );

  app.get(
    '/visit/getallvisitprices',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The price entries of the visit types on offer (purpose, price and every other price)',
        response: { 200: visitPricesResponse },
      },
    },
    async () => ({ success: true as const, prices: await offeredVisitTypes(db) }),
  );

  app.get(
    '/visit/getboardingcategories',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The purposes whose visits board the pet, in the Deboard screen order',
        response: { 200: boardingCategoriesResponse },
      },
    },
    async () => ({ success: true as const, visitTypes: await boardingCategories(db) }),
  );

  app.get(
    '/subscription/getallsubscription',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The subscription plans on offer (optionally of one visit type), as `subscriptionPlans` and `data`',
        querystring: plansQuery,
        response: { 200: plansResponse },
      },
    },
    async (req) => {
      const plans = await plansWithTypes(db, { offeredOnly: true, visitTypeId: req.query.visitType });
      // `data`: the same list, as the existing client's customer page reads it.
      return { success: true as const, subscriptionPlans: plans, data: plans };
    },
  );
};

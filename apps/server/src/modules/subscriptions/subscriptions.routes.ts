import { SUBSCRIPTION_MESSAGES, subscriptionDetailsQuery, subscriptionDetailsResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { petExists } from '../pets/pet-lookups.service.ts';
import { visitTypeById } from '../visit-types/visit-types.service.ts';
import { subscriptionDetailsFor } from './subscriptions.service.ts';

const tags = ['subscriptions'];

/** The pet's active subscription for a purpose (New Visit forms). Buying one is a sale: sales/subscription-sales.routes.ts. */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/subscription/getsubscriptiondetails',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "The pet's active subscription for a purpose (`subscription: null` when none)",
        querystring: subscriptionDetailsQuery,
        response: { 200: subscriptionDetailsResponse },
      },
    },
    async (req) => {
      const { petId, visitType } = req.query;
      if (!(await petExists(ctx.db, petId))) throw notFound('Pet');
      if (!(await visitTypeById(ctx.db, visitType))) throw notFound('Visit type');
      const subscription = await subscriptionDetailsFor(ctx.db, petId, visitType);
      return {
        success: true as const,
        message: subscription ? SUBSCRIPTION_MESSAGES.found : SUBSCRIPTION_MESSAGES.none,
        subscription,
      };
    },
  );
};

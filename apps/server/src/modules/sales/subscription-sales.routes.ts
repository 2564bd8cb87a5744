import { buySubscriptionBody, buySubscriptionResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { buySubscription } from './subscription-sale.service.ts';

const tags = ['subscriptions'];

/** Buying a subscription at the desk: the subscription, its visit, charge and payment in one sale. Staff only. */
export const subscriptionSaleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.post(
    '/subscription/buysubscription',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Buy a subscription for a pet: the subscription, a Buy Subscription visit, its charge and payment in one transaction',
        body: buySubscriptionBody,
        response: { 201: buySubscriptionResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await buySubscription(ctx, req.body, principal(req).id)),
  );
};

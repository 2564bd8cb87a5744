import { buySubscriptionBody, buySubscriptionResponse, checkoutOrderResponse, customerPlanOrderBody } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { useBusinessTimeZone } from './subscription-activation.service.ts';
import { createPlanOrder } from './subscription-checkout.service.ts';
import { buySubscription } from './subscription-sale.service.ts';

const tags = ['subscriptions'];

/**
 * Selling a plan: at the desk (staff: the subscription or its renewal, its visit, charge and payment in one sale) and
 * online (the customer's checkout order; the plan is sold when the payment is verified). Loading this file registers
 * the subscription's listener of money arriving on a sale and the 'subscription' checkout fulfiller.
 */
export const subscriptionSaleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');
  const customer = app.auth('customer');
  useBusinessTimeZone(ctx.config.tz);

  app.post(
    '/subscription/buysubscription',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Buy a plan for a pet (renewing the pet's live subscription of its purpose): the subscription, a Buy Subscription visit, its charge and payment in one transaction",
        body: buySubscriptionBody,
        response: { 201: buySubscriptionResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await buySubscription(ctx, req.body, principal(req).id)),
  );

  app.post(
    '/customer/payment/create-order',
    {
      onRequest: customer,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "A checkout order for a plan for one of the caller's pets, at the plan's price (paise); the plan is sold once the payment is verified",
        body: customerPlanOrderBody,
        response: { 200: checkoutOrderResponse },
      },
    },
    async (req) => createPlanOrder(ctx, principal(req), req.body),
  );
};

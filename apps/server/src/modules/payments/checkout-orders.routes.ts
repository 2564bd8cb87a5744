import { checkoutSuccessQuery } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { checkoutLanding } from './checkout-orders.service.ts';

/**
 * The success address of a customer's checkout (issue 16): the browser lands here after paying (the existing client
 * only sends it here, posting no checkout result). No token: the order is checked with the provider, fulfilled once
 * when captured, and the browser is sent on to the customer page. Never a 500: an unknown order redirects with
 * ?failed=1, a provider that cannot be reached with ?pending=1 (the webhook stays the backstop).
 */
export const checkoutOrderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/customer/payment/success',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Checkout success address (no token): checks the order with the provider, fulfils a captured payment once, then 303 to /customer/subscription?paid=1 (wallet top-ups &topup=1), ?pending=1 while not captured, ?failed=1 for an unknown order',
        security: [],
        querystring: checkoutSuccessQuery,
      },
    },
    async (req, reply) => {
      const to = await checkoutLanding(ctx, req.query.order_id, req.log);
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    },
  );
};

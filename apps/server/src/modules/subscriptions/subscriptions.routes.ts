import {
  customerSubscriptionsQuery,
  customerSubscriptionsResponse,
  expiringSubscriptionsResponse,
  SUBSCRIPTION_MESSAGES,
  subscriptionDetailsQuery,
  subscriptionDetailsResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { petExists } from '../pets/pet-lookups.service.ts';
import { visitTypeById } from '../visit-types/visit-types.service.ts';
import { customerSubscriptions, expiringSubscriptions } from './subscription-lists.service.ts';
import { subscriptionDetailsFor } from './subscriptions.service.ts';

const tags = ['subscriptions'];

/**
 * The pet's active subscription for a purpose (New Visit forms), an owner's subscriptions (My Subscriptions) and
 * those running out (the staff dashboard). Buying one is a sale: sales/subscription-sales.routes.ts.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/subscription/customer-subscriptions',
    {
      onRequest: app.auth('staff', 'customer'),
      schema: {
        tags,
        summary: "An owner's subscriptions: a customer's own pets' whatever email is named; staff: the owner with that email",
        querystring: customerSubscriptionsQuery,
        response: { 200: customerSubscriptionsResponse },
      },
    },
    async (req) => {
      const subscriptions = await customerSubscriptions(ctx.db, principal(req), req.query.email);
      return {
        success: true as const,
        message: subscriptions.length ? SUBSCRIPTION_MESSAGES.listFound : SUBSCRIPTION_MESSAGES.noneActive,
        subscriptions,
      };
    },
  );

  app.get(
    '/subscription/expiring',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Active subscriptions running out: 7 or fewer days left (day plans) or validity ending within 7 days, soonest first',
        response: { 200: expiringSubscriptionsResponse },
      },
    },
    async () => ({ success: true as const, subscriptions: await expiringSubscriptions(ctx.db, ctx.clock.today()) }),
  );

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

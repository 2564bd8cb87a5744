import { customerNotificationsQuery, customerNotificationsResponse, markReadBody, markReadResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { customerInbox, markCustomerInboxRead } from '../notifications/owner-inbox.service.ts';
// Registers the listeners of other modules' announcements (visits, prescriptions, the wallet, appointments).
import './owner-inbox.listeners.ts';

const tags = ['customer notifications'];

/** The pet owner's in-app inbox (docs/api.md "Customer notifications"): the caller's own entries only. */
export const ownerInboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const customer = app.auth('customer');

  app.get(
    '/customer/notifications',
    {
      onRequest: customer,
      schema: {
        tags,
        summary:
          "The caller's own inbox (visits, prescriptions, wallet, packages, appointments), newest first (?unread=true for the unread only), paged by cursor, with the unread count",
        querystring: customerNotificationsQuery,
        response: { 200: customerNotificationsResponse },
      },
    },
    async (req) => customerInbox(ctx.db, principal(req).id, req.query),
  );

  app.post(
    '/customer/notifications/read',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: "Marks the caller's own entries read ({ ids } or { all: true }); ids of anyone else's change nothing",
        body: markReadBody,
        response: { 200: markReadResponse },
      },
    },
    async (req) => markCustomerInboxRead(ctx.db, principal(req).id, req.body, ctx.clock.now()),
  );
};

import { markReadBody, markReadResponse, staffNotificationsQuery, staffNotificationsResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { listStaffNotifications, markStaffNotificationsRead } from './staff-notifications.service.ts';

const tags = ['staff notifications'];

/** The back office's shared inbox (docs/api.md "Staff notifications"): a notification read by one is read for all. */
export const staffNotificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/staff/notifications',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Staff notifications, newest first (?unread=true for the unread only), paged by cursor, with the unread count',
        querystring: staffNotificationsQuery,
        response: { 200: staffNotificationsResponse },
      },
    },
    async (req) => listStaffNotifications(ctx.db, req.query),
  );

  app.post(
    '/staff/notifications/read',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Marks notifications read ({ ids } or { all: true }) for every staff member; answers how many changed',
        body: markReadBody,
        response: { 200: markReadResponse },
      },
    },
    async (req) => markStaffNotificationsRead(ctx.db, req.body, principal(req).id, ctx.clock.now()),
  );
};

import { businessSchema, contactBody, okSchema, servicesResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { listServices, saveContactMessage } from './site.service.ts';

export const siteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/customerservices/getallservices',
    { schema: { tags: ['site'], summary: 'Public service catalogue', response: { 200: servicesResponse } } },
    async () => ({ success: true as const, data: await listServices(db) }),
  );

  app.get(
    '/site/business',
    {
      schema: {
        tags: ['site'],
        summary: 'The business identity shown on the public site and receipts',
        response: { 200: z.object({ success: z.literal(true), business: businessSchema }) },
      },
    },
    async () => ({ success: true as const, business: ctx.config.business }),
  );

  app.post(
    '/contact',
    {
      schema: { tags: ['site'], summary: 'Store a contact-form message', body: contactBody, response: { 201: okSchema } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await saveContactMessage(db, req.body);
      return reply.code(201).send({ success: true, message: 'Form submitted successfully!' });
    },
  );
};

import { admissionCheckBody, admissionCheckResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { admissionCheck } from './admission.service.ts';

/** The New Visit boarding forms ask this before Save, to show the admission warning (issue 11). */
export const admissionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/boarding/admissioncheck',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['boarding'],
        summary:
          'The admission rule for a pet today: a dog under 4 months old, without a record of a core vaccine, or with one overdue. `missing` lists each problem; ok when there is none.',
        body: admissionCheckBody,
        response: { 200: admissionCheckResponse },
      },
    },
    async (req) => admissionCheck(ctx.db, req.body._id, ctx.clock.today()),
  );
};

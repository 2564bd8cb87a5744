import { CUSTOMER_AREA_MSG, customerSummaryResponse, customerVisitDocumentsResponse, idParams } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { customerVisitDocuments } from '../documents/documents.service.ts';
import { assertPetAccess } from '../pets/pets.service.ts';
import { petOfVisit } from '../visits/visit-lookups.service.ts';
import { customerSummary } from './customer-summary.service.ts';

/**
 * The customer area's own answers (issue 19): the dashboard's This Month, and a visit's documents. Customer-only;
 * every answer is the caller's own, found from the token.
 */
export const customerAreaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const customer = app.auth('customer');
  const tags = ['customer area'];

  app.get(
    '/customer/summary',
    {
      onRequest: customer,
      schema: {
        tags,
        summary:
          'This month (business time zone) for the caller: visits of their pets, and what they paid less refunds (from the ledger)',
        response: { 200: customerSummaryResponse },
      },
    },
    async (req) => ({ success: true as const, summary: await customerSummary(ctx, principal(req).id) }),
  );

  app.get(
    '/customer/visits/:id/documents',
    {
      onRequest: customer,
      schema: {
        tags,
        summary:
          "One of the caller's visits: its tax invoices, bills of supply, credit notes and receipts issued to them, newest " +
          "first (404 unknown visit, 403 another customer's)",
        params: idParams,
        response: { 200: customerVisitDocumentsResponse },
      },
    },
    async (req) => {
      const who = principal(req);
      const visit = await petOfVisit(ctx.db, req.params.id);
      if (!visit) throw notFound('Visit');
      if (!visit.petId) throw forbidden(CUSTOMER_AREA_MSG.visitNotYours);
      await assertPetAccess(ctx.db, who, visit.petId);
      return { success: true as const, documents: await customerVisitDocuments(ctx, who.id, visit.id) };
    },
  );
};

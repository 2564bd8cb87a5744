import { boughtSubscriptionResponse, idParams, visitDetailsResponse, voidVisitBody, voidVisitResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { boughtSubscription, visitDetails } from './visit-details.service.ts';
import { voidVisit } from './visit-void.service.ts';

const tags = ['visits'];

/**
 * The visit lookups (staff) and voiding a visit (admins). (The New Visit saves are the sales module's:
 * sales/visit-sales.routes.ts.)
 */
export const visitRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/visit/getvisitdetails/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'One visit with its pet, visit type and details; the payment derived from the ledger',
        params: idParams,
        response: { 200: visitDetailsResponse },
      },
    },
    async (req) => ({ success: true as const, data: await visitDetails(ctx.db, req.params.id) }),
  );

  app.get(
    '/visit/buyy/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'The subscription a Buy Subscription visit bought (shaped like getsubscriptiondetails)',
        params: idParams,
        response: { 200: boughtSubscriptionResponse },
      },
    },
    async (req) => boughtSubscription(ctx.db, req.params.id),
  );

  app.post(
    '/visit/voidvisit',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags,
        summary:
          'Voids a visit (admins, with a reason): credits every charge of the visit and its stay not yet credited, voids its pending payments, moves money paid to the owner’s unapplied balance, and marks the visit voided. Audited.',
        body: voidVisitBody,
        response: { 200: voidVisitResponse },
      },
    },
    async (req) => voidVisit(ctx, req.body, principal(req).id, req.log),
  );
};

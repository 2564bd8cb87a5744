import {
  cancelSaleBody,
  cancelSaleResponse,
  refundPaymentBody,
  refundPaymentResponse,
  refundQuoteQuery,
  refundQuoteResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { cancelSale, refundPayment, refundQuoteOf } from './refunds.service.ts';

const tags = ['payments'];

/** Refunds under the refund policy (issue 15): the quote, cancelling a sale with its refund, refunding a payment. Admins only. */
export const refundRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.authAdmin();

  app.get(
    '/payments/refund-quote',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'The refund policy’s figures for cancelling a sale today (visit, prescription or subscription): amount cancelled, paid, deduction, credit, refund, kept, and the sale’s payments with what is left to refund',
        querystring: refundQuoteQuery,
        response: { 200: refundQuoteResponse },
      },
    },
    async (req) => ({ success: true as const, quote: await refundQuoteOf(ctx, req.query) }),
  );

  app.post(
    '/payments/cancel-sale',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Cancels a sale in one transaction: a credit of the amount cancelled less the policy deduction (or what an admin’s refund amount implies, with a reason), its pending payments voided, and refunds of that amount (cash at once with an R/… receipt; card and link through the provider, pending until its webhook). Audited.',
        body: cancelSaleBody,
        response: { 200: cancelSaleResponse },
      },
    },
    async (req) => cancelSale(ctx, req.body, principal(req).id, req.log),
  );

  app.post(
    '/payments/refund',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Refunds part or all of one completed payment (e.g. money held on the owner’s unapplied balance), never more than is left of it; cash at once, card and link through the provider. Audited.',
        body: refundPaymentBody,
        response: { 200: refundPaymentResponse },
      },
    },
    async (req) => refundPayment(ctx, req.body, principal(req).id, req.log),
  );
};

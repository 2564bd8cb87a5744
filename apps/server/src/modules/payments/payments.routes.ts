import {
  createOrderBody,
  createOrderResponse,
  paymentDoneResponse,
  paymentLinkBody,
  paymentLinkResponse,
  paymentsConfigResponse,
  verifyPaymentBody,
  verifyPendingPaymentBody,
  webhookBody,
  webhookResponse,
} from '@pawdesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { createCardOrder, verifyCheckoutPayment, verifyPendingPayment } from './card.service.ts';
import { checkoutOrderRoutes } from './checkout-orders.routes.ts';
import { offlineRoutes } from './offline.routes.ts';
import { sendPaymentLink } from './payment-links.service.ts';
import { OfflineProvider } from './providers/offline.ts';
import { refundRoutes } from './refunds.routes.ts';
import { handleWebhook } from './webhook.service.ts';

const tags = ['payments'];

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/payments/config',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Which card provider the checkout opens (razorpay, or offline) with its public key and the brand name',
        response: { 200: paymentsConfigResponse },
      },
    },
    async () => ({
      success: true as const,
      provider: ctx.payments.name,
      keyId: ctx.payments.keyId,
      businessName: ctx.config.business.name,
    }),
  );

  app.post(
    '/payments/create-order',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'A provider order for the pending card payment of a visit, boarding, prescription or subscription (notes name it); the amount is the ledger’s, never the browser’s',
        body: createOrderBody,
        response: { 200: createOrderResponse },
      },
    },
    async (req) => createCardOrder(ctx, req.body, principal(req).id),
  );

  app.post(
    '/payments/verify-payment',
    {
      onRequest: app.auth('staff', 'customer'),
      schema: {
        tags,
        summary:
          'The checkout result: a valid signature (HMAC-SHA256 of order_id|payment_id) completes the payment once, or fulfils a checkout order once (a plan bought online, a wallet top-up); customers only for their own checkout orders',
        body: verifyPaymentBody,
        response: { 200: paymentDoneResponse },
      },
    },
    async (req) => {
      const who = principal(req);
      return verifyCheckoutPayment(ctx, req.body, who.id, who.role === 'customer' ? 'customer' : 'staff');
    },
  );

  app.post(
    '/payments/verify-pending-payment',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'A remaining balance paid through the provider: its status and amount are fetched, and a captured payment of this visit (no more than is due) is recorded once',
        body: verifyPendingPaymentBody,
        response: { 200: paymentDoneResponse },
      },
    },
    async (req) => verifyPendingPayment(ctx, req.body, principal(req).id),
  );

  app.post(
    '/payments/payment-link',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Creates (once) and emails the payment link of a pending payment-link payment; answers the link',
        body: paymentLinkBody,
        response: { 200: paymentLinkResponse },
      },
    },
    async (req) => sendPaymentLink(ctx, req.body.paymentId, { resend: true, log: req.log }),
  );

  // The webhook's signature covers the raw body: this context (and only it) keeps the text it parsed.
  await app.register(async (hook) => {
    const raw = new WeakMap<FastifyRequest, string>();
    const json = hook.getDefaultJsonParser('remove', 'remove');
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      raw.set(req, body as string);
      if ((body as string).trim() === '') return done(null, undefined);
      json(req, body as string, done);
    });
    hook.post(
      '/payments/webhook',
      {
        schema: {
          tags,
          summary:
            'Razorpay webhooks (payment.captured, order.paid, payment_link.paid, refund.processed, refund.failed), verified by x-razorpay-signature over the raw body; idempotent',
          security: [],
          body: webhookBody,
          response: { 200: webhookResponse },
        },
      },
      async (req) => ({
        success: true as const,
        status: await handleWebhook(
          ctx,
          raw.get(req) ?? '',
          req.headers['x-razorpay-signature'],
          req.log,
          req.headers['x-razorpay-event-id'],
        ),
      }),
    );
  });

  await app.register(refundRoutes, { ctx });
  await app.register(checkoutOrderRoutes, { ctx });

  if (ctx.payments instanceof OfflineProvider) await app.register(offlineRoutes, { ctx, provider: ctx.payments });
};

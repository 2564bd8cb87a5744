import { offlinePayBody, offlinePayResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { linkPage } from './offline-page.ts';
import { ProviderError } from './providers/errors.ts';
import type { OfflineProvider } from './providers/offline.ts';
import { handleWebhook } from './webhook.service.ts';

const tags = ['payments'];
const orderParams = z.object({ orderId: z.string().regex(/^order_[A-Za-z0-9]{14}$/, 'Invalid order id') });
const linkParams = z.object({ linkId: z.string().regex(/^plink_[A-Za-z0-9]{14}$/, 'Invalid payment link id') });

/** The offline provider's refusals, as Razorpay's checkout and link pages would refuse. */
function refusal(err: unknown, what: string): unknown {
  if (!(err instanceof ProviderError)) return err;
  if (err.status === 404) return notFound(what);
  if (err.status === 409) return conflict(err.message);
  return new AppError(err.status ?? 502, err.message);
}

/**
 * The offline provider's stand-ins for Razorpay's pages (only mounted when no Razorpay keys are configured):
 * the checkout the web app opens in a dialog, and the page a payment link opens.
 */
export const offlineRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; provider: OfflineProvider }> = async (
  app,
  { ctx, provider },
) => {
  const staff = app.auth('staff');

  app.post(
    '/payments/offline/checkout/:orderId/pay',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Offline provider: the checkout dialog’s Pay or Fail; answers the checkout result Razorpay’s checkout gives (signed when captured)',
        params: orderParams,
        body: offlinePayBody,
        response: { 200: offlinePayResponse },
      },
    },
    async (req) => {
      try {
        return { success: true as const, ...(await provider.payOrder(req.params.orderId, req.body.outcome)) };
      } catch (err) {
        throw refusal(err, 'Payment order');
      }
    },
  );

  // The link page's form posts with no fields; its (empty) form body is not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  const pageOf = async (linkId: string) => {
    const link = await provider.link(linkId);
    if (!link) throw notFound('Payment link');
    return {
      businessName: ctx.config.business.name,
      description: link.description,
      amountPaise: link.amountPaise,
      status: link.status,
      payPath: `/api/v1/payments/offline/link/${link.id}/pay`,
    };
  };

  app.get(
    '/payments/offline/link/:linkId',
    {
      schema: {
        tags,
        summary: 'Offline provider: the page a payment link opens (HTML), with a Pay button',
        security: [],
        params: linkParams,
      },
    },
    async (req, reply) => reply.type('text/html; charset=utf-8').send(linkPage(await pageOf(req.params.linkId))),
  );

  app.post(
    '/payments/offline/link/:linkId/pay',
    {
      schema: {
        tags,
        summary:
          'Offline provider: marks a payment link paid and delivers the signed payment_link.paid webhook to the webhook handler; answers the page (HTML)',
        security: [],
        params: linkParams,
      },
    },
    async (req, reply) => {
      const data = await pageOf(req.params.linkId);
      let event: { rawBody: string; signature: string };
      try {
        event = await provider.payLink(req.params.linkId);
      } catch (err) {
        throw refusal(err, 'Payment link');
      }
      await handleWebhook(ctx, event.rawBody, event.signature, req.log);
      return reply.type('text/html; charset=utf-8').send(linkPage(data, 'paid'));
    },
  );
};

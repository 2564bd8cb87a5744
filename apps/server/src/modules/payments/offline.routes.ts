import {
  offlinePayBody,
  offlinePayResponse,
  offlineRefundParams,
  offlineRefundProcessBody,
  offlineRefundProcessResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { checkoutOrderOf } from './checkout-orders.service.ts';
import { pendingPaymentOnLink } from './link-ledger.repo.ts';
import { type LinkPageData, linkPage } from './offline-page.ts';
import { entryById } from './payments.repo.ts';
import { ProviderError } from './providers/errors.ts';
import type { OfflineProvider } from './providers/offline.ts';
import { refundByProviderRefundId } from './refunds.repo.ts';
import { toLedgerPayment } from './subjects.ts';
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
 * the checkout the web app opens in a dialog (staff; customers for their own checkout orders), the page a payment link opens, and Razorpay processing a
 * refund (staff only: browser tests and demos confirm a card or link refund the way Razorpay's webhook would).
 *
 * Outside production the link page is what a customer sees on Razorpay's: anyone holding the link presses Pay.
 * In production (the offline provider allowed by ALLOW_OFFLINE_PAYMENTS=true) no money can be taken by a link:
 * the page says the payment is confirmed at the desk, and only a signed-in staff member's POST marks it paid.
 * Either way a link whose ledger payment is no longer pending (voided, failed) or that was cancelled takes nothing.
 * "Now" is the business clock's (`ctx.clock`).
 */
export const offlineRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; provider: OfflineProvider }> = async (
  app,
  { ctx, provider },
) => {
  const staff = app.auth('staff');
  const mode: LinkPageData['mode'] = ctx.config.env === 'production' ? 'desk' : 'open';

  app.post(
    '/payments/offline/checkout/:orderId/pay',
    {
      // A customer pays their own checkout orders (a plan bought online, a wallet top-up), except in production.
      onRequest: mode === 'desk' ? staff : app.auth('staff', 'customer'),
      schema: {
        tags,
        summary:
          mode === 'desk'
            ? 'Offline provider: the checkout dialog’s Pay or Fail; answers the checkout result Razorpay’s checkout gives (signed when captured)'
            : 'Offline provider: the checkout dialog’s Pay or Fail (staff: any order; a customer: their own checkout orders); answers the checkout result Razorpay’s checkout gives (signed when captured)',
        params: orderParams,
        body: offlinePayBody,
        response: { 200: offlinePayResponse },
      },
    },
    async (req) => {
      const who = principal(req);
      if (who.role === 'customer') {
        const order = await checkoutOrderOf(ctx, req.params.orderId);
        if (!order || order.userId !== who.id) throw notFound('Payment order');
      }
      try {
        return {
          success: true as const,
          ...(await provider.payOrder(req.params.orderId, req.body.outcome, ctx.clock.now())),
        };
      } catch (err) {
        throw refusal(err, 'Payment order');
      }
    },
  );

  app.post(
    '/payments/offline/refunds/:refundId/process',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Offline provider: processes a pending refund (outcome success, the default) or fails it (failure) and delivers the signed refund.processed / refund.failed webhook to the webhook handler; refundId is the ledger refund’s _id or the provider’s rfnd_ id',
        params: offlineRefundParams,
        body: offlineRefundProcessBody,
        response: { 200: offlineRefundProcessResponse },
      },
    },
    async (req) => {
      let providerRefundId = req.params.refundId;
      if (!providerRefundId.startsWith('rfnd_')) {
        const row = await entryById(ctx.db, providerRefundId);
        if (row?.kind !== 'refund') throw notFound('Refund');
        if (!row.providerRefundId) throw conflict('This refund was not sent to the payment provider');
        providerRefundId = row.providerRefundId;
      }
      let event: Awaited<ReturnType<OfflineProvider['processRefund']>>;
      try {
        event = await provider.processRefund(providerRefundId, req.body?.outcome ?? 'success', ctx.clock.now());
      } catch (err) {
        throw refusal(err, 'Refund');
      }
      const status = await handleWebhook(ctx, event.rawBody, event.signature, req.log);
      const row = await refundByProviderRefundId(ctx.db, providerRefundId);
      if (!row) throw notFound('Refund');
      return { success: true as const, status, refund: toLedgerPayment(row) };
    },
  );

  // The link page's form posts with no fields; its (empty) form body is not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, undefined),
  );

  const pageOf = async (linkId: string): Promise<LinkPageData> => {
    const link = await provider.link(linkId);
    if (!link) throw notFound('Payment link');
    // An open link takes money only while a ledger payment waits on it (not voided, failed, nor never attached).
    const withdrawn = link.status === 'created' && !(await pendingPaymentOnLink(ctx.db, link.id));
    return {
      businessName: ctx.config.business.name,
      description: link.description,
      amountPaise: link.amountPaise,
      status: withdrawn ? 'cancelled' : link.status,
      payPath: `/api/v1/payments/offline/link/${link.id}/pay`,
      mode,
    };
  };

  app.get(
    '/payments/offline/link/:linkId',
    {
      schema: {
        tags,
        summary:
          mode === 'desk'
            ? 'Offline provider: the page a payment link opens (HTML); in production it takes no payment (confirmed at the desk)'
            : 'Offline provider: the page a payment link opens (HTML), with a Pay button',
        security: [],
        params: linkParams,
      },
    },
    async (req, reply) => reply.type('text/html; charset=utf-8').send(linkPage(await pageOf(req.params.linkId))),
  );

  app.post(
    '/payments/offline/link/:linkId/pay',
    {
      // In production only staff confirm a link's payment (taken at the desk); elsewhere the page's Pay button.
      ...(mode === 'desk' ? { onRequest: staff } : {}),
      schema: {
        tags,
        summary:
          mode === 'desk'
            ? 'Offline provider (production): a staff member confirms a payment link paid at the desk; delivers the signed payment_link.paid webhook to the webhook handler; answers the page (HTML)'
            : 'Offline provider: marks a payment link paid and delivers the signed payment_link.paid webhook to the webhook handler; answers the page (HTML)',
        ...(mode === 'desk' ? {} : { security: [] }),
        params: linkParams,
      },
    },
    async (req, reply) => {
      const data = await pageOf(req.params.linkId);
      const html = (code: number, page: string) => reply.code(code).type('text/html; charset=utf-8').send(page);
      // Cancelled, expired, or its ledger payment voided or failed: nothing is recorded.
      if (data.status !== 'created' && data.status !== 'paid') return html(409, linkPage(data));
      let event: { rawBody: string; signature: string };
      try {
        event = await provider.payLink(req.params.linkId, ctx.clock.now());
      } catch (err) {
        throw refusal(err, 'Payment link');
      }
      // At the desk (production) the staff member who confirmed it is recorded; elsewhere the provider's webhook.
      const decided = mode === 'desk' ? { via: 'link_page' as const, by: principal(req).id } : undefined;
      await handleWebhook(ctx, event.rawBody, event.signature, req.log, undefined, decided);
      return html(200, linkPage(data, 'paid'));
    },
  );
};

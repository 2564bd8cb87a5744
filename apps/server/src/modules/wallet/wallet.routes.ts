import {
  checkoutOrderResponse,
  customerWalletOrderBody,
  ownerWalletParams,
  walletQuery,
  walletRefundBody,
  walletRefundResponse,
  walletResponse,
  walletTopUpBody,
  walletTopUpResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { ownersByIds } from '../pets/pet-lookups.service.ts';
import { customerWalletOrder, refundWallet, topUpAtDesk } from './wallet-money.service.ts';
import { walletOf } from './wallet.service.ts';

/**
 * The wallet (issue 16): an owner's balance and movements (staff for any owner, a customer their own, from the
 * token), top-ups at the desk and online, and the admin's refund of the unspent balance. Money routes are
 * idempotent (an Idempotency-Key sent again answers the first result).
 */
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['wallet'];

  app.get(
    '/wallet/owner/:ownerId',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags,
        summary:
          "An owner's wallet: the balance (the ledger's wallet account to the paisa) and its movements, newest first, paged",
        params: ownerWalletParams,
        querystring: walletQuery,
        response: { 200: walletResponse },
      },
    },
    async (req) => {
      const { ownerId } = req.params;
      if (!(await ownersByIds(ctx.db, [ownerId])).has(ownerId)) throw notFound('Owner');
      return { success: true as const, wallet: await walletOf(ctx, ownerId, req.query) };
    },
  );

  app.get(
    '/customer/wallet',
    {
      onRequest: app.auth('customer'),
      schema: {
        tags,
        summary:
          "The caller's own wallet (balance and movements newest first, paged); an account with no owner record yet holds ₹0.00",
        querystring: walletQuery,
        response: { 200: walletResponse },
      },
    },
    async (req) => {
      const owner = await customerOwnerOf(ctx.db, principal(req).id);
      return { success: true as const, wallet: await walletOf(ctx, owner?.id ?? null, req.query) };
    },
  );

  app.post(
    '/wallet/topup',
    {
      onRequest: app.auth('staff'),
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Top up an owner's wallet at the desk: cash now; a payment link (credited when paid); a card (a checkout order the desk opens, credited with what the provider captures). At most the admin's largest top-up",
        body: walletTopUpBody,
        response: { 200: walletTopUpResponse },
      },
    },
    async (req) => topUpAtDesk(ctx, req.body, principal(req).id),
  );

  app.post(
    '/customer/wallet/create-order',
    {
      onRequest: app.auth('customer'),
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "A checkout order to top up the caller's own wallet; the wallet is credited, once, with what the provider captures (checkout callback, success address or webhook)",
        body: customerWalletOrderBody,
        response: { 200: checkoutOrderResponse },
      },
    },
    async (req) => customerWalletOrder(ctx, principal(req).id, req.body.amount),
  );

  app.post(
    '/wallet/refund',
    {
      onRequest: app.authAdmin(),
      config: { idempotent: true },
      schema: {
        tags: ['admin'],
        summary:
          "Refund an owner's whole unspent wallet balance (cash top-ups in cash now, card and link top-ups through the provider); audited",
        body: walletRefundBody,
        response: { 200: walletRefundResponse },
      },
    },
    async (req) => refundWallet(ctx, req.body, principal(req).id, req.log),
  );
};

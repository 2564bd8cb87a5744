import { allocateBody, allocateResponse, statementQuery, statementResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { allocateToSale, ownerStatement, statementOwnerId } from './statement.service.ts';

const tags = ['payments'];

/** The owner's statement and applying money the owner holds to a sale (docs/api.md "Owner accounts"). */
export const statementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/payments/statement',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'The owner’s statement (by ownerId, or petId for the pet’s owner): every ledger entry with its effect and the running balance, totals per account, and the sales still owing',
        querystring: statementQuery,
        response: { 200: statementResponse },
      },
    },
    async (req) => ownerStatement(ctx.db, await statementOwnerId(ctx.db, req.query)),
  );

  app.post(
    '/payments/allocate',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Applies money the owner holds (unapplied, wallet or deposit) to one of the owner’s sales: two linked allocation rows; never more than is held or due',
        body: allocateBody,
        response: { 200: allocateResponse },
      },
    },
    async (req) => allocateToSale(ctx, req.body, principal(req).id),
  );
};

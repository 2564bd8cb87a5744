import {
  idParams,
  INVENTORY_MESSAGES,
  inventoryEditBody,
  inventoryItemBody,
  inventoryItemResponse,
  inventoryListQuery,
  inventoryListResponse,
  inventorySavedResponse,
  okSchema,
  stockMovementsResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { addItem, deleteItem, editItem, getItem, listItems, stockHistory } from './inventory.service.ts';

const tags = ['inventory'];

export const inventoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const staff = app.auth('staff');

  app.post(
    '/inventory/addinventory',
    {
      onRequest: staff,
      schema: { tags, summary: 'Add an inventory item', body: inventoryItemBody, response: { 201: inventorySavedResponse } },
    },
    async (req, reply) => {
      const item = await addItem(db, req.body, principal(req).id, ctx.clock.today());
      return reply.code(201).send({ success: true as const, message: INVENTORY_MESSAGES.added, item });
    },
  );

  app.get(
    '/inventory/getallinventory',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Inventory items by name; `search` is a trimmed, case-insensitive name prefix; paged with limit (1..100) and ' +
          'cursor; without limit up to 500',
        querystring: inventoryListQuery,
        response: { 200: inventoryListResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await listItems(db, req.query)) }),
  );

  app.post(
    '/inventory/editinventory',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Save the full item (including _id); send the updatedAt you read to refuse lost updates',
        body: inventoryEditBody,
        response: { 200: inventorySavedResponse },
      },
    },
    async (req) => {
      const item = await editItem(db, req.body, principal(req).id, ctx.clock.today());
      return { success: true as const, message: INVENTORY_MESSAGES.edited, item };
    },
  );

  app.delete(
    '/inventory/deleteinventory/:id',
    {
      onRequest: staff,
      schema: { tags, summary: 'Delete an item (soft delete; history kept)', params: idParams, response: { 200: okSchema } },
    },
    async (req) => {
      await deleteItem(db, req.params.id, principal(req).id);
      return { success: true as const, message: INVENTORY_MESSAGES.deleted };
    },
  );

  app.get(
    '/inventory/getinventoryitemdetails/:id',
    {
      onRequest: staff,
      schema: { tags, summary: 'One inventory item', params: idParams, response: { 200: inventoryItemResponse } },
    },
    async (req) => ({ success: true as const, item: await getItem(db, req.params.id) }),
  );

  app.get(
    '/inventory/getalertlist',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Items at or below their reorder level, by name; paged with limit/cursor (without limit up to 500)',
        querystring: inventoryListQuery.omit({ search: true }),
        response: { 200: inventoryListResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await listItems(db, req.query, { lowOnly: true })) }),
  );

  app.get(
    '/inventory/getstockmovements/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Stock history of an item, newest first (who, when, how much, why)',
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: stockMovementsResponse },
      },
    },
    async (req) => ({ success: true as const, movements: await stockHistory(db, req.params.id, req.query.limit) }),
  );
};

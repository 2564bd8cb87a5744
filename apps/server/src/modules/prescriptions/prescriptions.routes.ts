import {
  addPrescriptionBody,
  addPrescriptionResponse,
  prescriptionListQuery,
  prescriptionListResponse,
  RX_MESSAGES,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { addPrescription, listPrescriptions } from './prescriptions.service.ts';

const tags = ['prescriptions'];

export const prescriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.post(
    '/prescription/addprescription',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Save a prescription: server-priced total, stock taken, payment and follow-up recorded, all in one transaction',
        body: addPrescriptionBody,
        response: { 201: addPrescriptionResponse },
      },
    },
    async (req, reply) => {
      const { prescription, paid, link } = await addPrescription(ctx, req.body, principal(req).id);
      const message =
        link === 'sent'
          ? RX_MESSAGES.savedLinkSent
          : link === 'no_email'
            ? RX_MESSAGES.savedLinkNoEmail
            : link === 'failed'
              ? RX_MESSAGES.savedLinkFailed
              : paid
                ? RX_MESSAGES.saved
                : RX_MESSAGES.savedWithoutPayment;
      return reply.code(201).send({
        success: true as const,
        message,
        prescription,
      });
    },
  );

  app.get(
    '/prescription/getprescription/:petId',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A pet's prescriptions, newest first, with item names and quantities; paged with limit/cursor",
        params: z.object({ petId: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id') }),
        querystring: prescriptionListQuery,
        response: { 200: prescriptionListResponse },
      },
    },
    async (req) => {
      const { data, nextCursor } = await listPrescriptions(ctx.db, req.params.petId, req.query);
      return {
        success: true as const,
        data,
        nextCursor,
        message: data.length ? 'Prescriptions fetched successfully' : 'No prescriptions found',
      };
    },
  );
};

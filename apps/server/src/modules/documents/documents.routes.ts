import {
  customerDocumentsQuery,
  customerDocumentsResponse,
  DOCUMENT_MESSAGES,
  documentEmailResponse,
  documentFileName,
  documentListQuery,
  documentListResponse,
  documentResponse,
  idParams,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { documentPdf } from './documents-pdf.ts';
import { configureDocuments, customerDocuments, emailDocument, getDocument, listDocuments } from './documents.service.ts';

const tags = ['documents'];

/** GST documents and receipts (issue 17; docs/api.md "GST documents"). */
export const documentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  configureDocuments(ctx.config, (obj, msg) => app.log.warn(obj, msg));
  const staff = app.auth('staff');
  const anyone = app.auth('staff', 'customer');
  const reader = (req: Parameters<typeof principal>[0]) => {
    const p = principal(req);
    return { id: p.id, role: p.role };
  };

  app.get(
    '/documents',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'A visit’s (visitId) or an owner’s (ownerId) tax invoices, bills of supply, credit notes and receipts, newest first',
        querystring: documentListQuery,
        response: { 200: documentListResponse },
      },
    },
    async (req) => ({ success: true as const, documents: await listDocuments(ctx, req.query) }),
  );

  app.get(
    '/customer/documents',
    {
      onRequest: app.auth('customer'),
      schema: {
        tags,
        summary: 'The signed-in customer’s documents and receipts, newest first, paged',
        querystring: customerDocumentsQuery,
        response: { 200: customerDocumentsResponse },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await customerDocuments(ctx, principal(req).id, req.query.limit, req.query.cursor)),
    }),
  );

  app.get(
    '/documents/:id',
    {
      onRequest: anyone,
      schema: {
        tags,
        summary: 'A tax invoice, bill of supply, credit note or receipt (staff, or the customer it was issued to)',
        params: idParams,
        response: { 200: documentResponse },
      },
    },
    async (req) => ({ success: true as const, document: await getDocument(ctx, req.params.id, reader(req)) }),
  );

  app.get(
    '/documents/:id/pdf',
    {
      onRequest: anyone,
      schema: { tags, summary: 'The document as a PDF (A4, embedded Unicode font, UPI QR for what is due)', params: idParams },
    },
    async (req, reply) => {
      const doc = await getDocument(ctx, req.params.id, reader(req));
      const pdf = await documentPdf(doc);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(doc.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/documents/:id/email',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: `Emails the document (PDF attached) to its owner through the outbox; 400 '${DOCUMENT_MESSAGES.noEmail}'`,
        params: idParams,
        response: { 200: documentEmailResponse },
      },
    },
    async (req) => {
      const { email } = await emailDocument(ctx, req.params.id, reader(req));
      return { success: true as const, message: DOCUMENT_MESSAGES.emailed(email) };
    },
  );
};

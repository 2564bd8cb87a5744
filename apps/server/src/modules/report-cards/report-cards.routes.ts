import {
  createIncidentBody,
  createReportCardBody,
  customerReportCardsQuery,
  customerReportCardsResponse,
  idParams,
  INCIDENT_MESSAGES,
  incidentResponse,
  incidentsResponse,
  MEDIA_MESSAGES,
  photoParams,
  reportCardResponse,
  reportCardsTodayResponse,
  reportStayResponse,
  sendReportCardResponse,
  updateReportCardBody,
} from '@pawdesk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import {
  addIncidentPhoto,
  addReportCardPhoto,
  createReportCard,
  customerReportCards,
  editReportCard,
  petIncidents,
  recordIncident,
  removeIncidentPhoto,
  removeReportCardPhoto,
  reportCardsToday,
  reportStay,
  sendReportCard,
  tellOwner,
} from './report-cards.service.ts';

const tags = ['report-cards'];

/** An upload's bytes: a raw `image/*` or `application/octet-stream` body (plugins/input.ts); anything else is a 400. */
function photoBytes(req: FastifyRequest): Buffer {
  const body = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(MEDIA_MESSAGES.empty);
  return body;
}

const uploadDoc =
  'The photo is the raw request body (`Content-Type: image/jpeg`, `image/png`, `image/webp` or `application/octet-stream`), at most 10 MB';

/** Daily report cards and incidents during a stay (issue 20; docs/api.md "Report cards and incidents"). */
export const reportCardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');
  const customer = app.auth('customer');

  app.get(
    '/report-cards/today',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Every pet in house (all boarding types) with today's report card state (missing, draft, sent)",
        response: { 200: reportCardsTodayResponse },
      },
    },
    async () => reportCardsToday(ctx),
  );

  app.get(
    '/report-cards/stays/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A stay (boarding id) with today's report card (or null) and its incidents, newest first",
        params: idParams,
        response: { 200: reportStayResponse },
      },
    },
    async (req) => reportStay(ctx, req.params.id),
  );

  app.post(
    '/report-cards',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "Writes today's report card for a stay in house (409: a card for the stay and day exists, or the stay is closed)",
        body: createReportCardBody,
        response: { 201: reportCardResponse },
      },
    },
    async (req, reply) => {
      const card = await createReportCard(ctx, req.body, principal(req).id);
      return reply.code(201).send({ success: true as const, card });
    },
  );

  app.put(
    '/report-cards/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Edits a report card not sent yet (409 once sent: a sent card is final)',
        params: idParams,
        body: updateReportCardBody,
        response: { 200: reportCardResponse },
      },
    },
    async (req) => ({ success: true as const, card: await editReportCard(ctx, req.params.id, req.body, principal(req).id) }),
  );

  app.post(
    '/report-cards/:id/photos',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: `Adds a photo to a report card not sent yet (at most 4). ${uploadDoc}`,
        params: idParams,
        response: { 201: reportCardResponse },
      },
    },
    async (req, reply) => {
      const card = await addReportCardPhoto(ctx, req.params.id, photoBytes(req), principal(req).id);
      return reply.code(201).send({ success: true as const, card });
    },
  );

  app.delete(
    '/report-cards/:id/photos/:hash',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Removes a photo from a report card not sent yet',
        params: photoParams,
        response: { 200: reportCardResponse },
      },
    },
    async (req) => ({
      success: true as const,
      card: await removeReportCardPhoto(ctx, req.params.id, req.params.hash, principal(req).id),
    }),
  );

  app.post(
    '/report-cards/:id/send',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Sends the card to the owner: an email through the outbox (photos as signed links valid 7 days) and an inbox entry; once (again: 200, emailed false)',
        params: idParams,
        response: { 200: sendReportCardResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await sendReportCard(ctx, req.params.id, principal(req).id)) }),
  );

  app.get(
    '/customer/report-cards',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: "The caller's own pets' sent report cards, newest first (?petId= for one pet), paged by cursor",
        querystring: customerReportCardsQuery,
        response: { 200: customerReportCardsResponse },
      },
    },
    async (req) => customerReportCards(ctx.db, principal(req).id, req.query),
  );

  app.post(
    '/incidents',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Records an incident on a stay in house (injury, illness, fight, escape attempt, other); notifies the admins',
        body: createIncidentBody,
        response: { 201: incidentResponse },
      },
    },
    async (req, reply) => {
      const incident = await recordIncident(ctx, req.body, principal(req).id);
      return reply.code(201).send({ success: true as const, message: INCIDENT_MESSAGES.recorded, incident });
    },
  );

  app.post(
    '/incidents/:id/photos',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: `Adds a photo to an incident (at most 4; staff only). ${uploadDoc}`,
        params: idParams,
        response: { 201: incidentResponse },
      },
    },
    async (req, reply) => {
      const incident = await addIncidentPhoto(ctx, req.params.id, photoBytes(req), principal(req).id);
      return reply.code(201).send({ success: true as const, incident });
    },
  );

  app.delete(
    '/incidents/:id/photos/:hash',
    {
      onRequest: staff,
      schema: { tags, summary: 'Removes a photo from an incident', params: photoParams, response: { 200: incidentResponse } },
    },
    async (req) => ({ success: true as const, incident: await removeIncidentPhoto(ctx, req.params.id, req.params.hash) }),
  );

  app.post(
    '/incidents/:id/tell-owner',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Tells the pet's owner (inbox entry and email), once; records who and when (409 the second time)",
        params: idParams,
        response: { 200: incidentResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await tellOwner(ctx, req.params.id, principal(req).id)) }),
  );

  app.get(
    '/pets/:id/incidents',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A pet's incidents over all its stays, newest first",
        params: idParams,
        response: { 200: incidentsResponse },
      },
    },
    async (req) => ({ success: true as const, incidents: await petIncidents(ctx.db, req.params.id) }),
  );
};

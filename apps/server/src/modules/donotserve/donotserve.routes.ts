import {
  createDnsFlagBody,
  customerDnsResponse,
  dnsApproveBody,
  dnsFlagResponse,
  dnsFlagsResponse,
  dnsListQuery,
  dnsMarksResponse,
  dnsNoteBody,
  dnsReviewBody,
  dnsReviewResponse,
  dnsReviewsQuery,
  dnsReviewsResponse,
  dnsSubjectQuery,
  dnsSubjectResponse,
  idParams,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import {
  createFlag,
  customerFlags,
  decideFlag,
  decideReview,
  liftFlag,
  listFlags,
  listReviews,
  marks,
  requestReview,
  subjectFlags,
} from './do-not-serve.service.ts';

const tags = ['donotserve'];

/**
 * "Do not serve" (issue 20): flags on owners and pets (admins flag, staff request), their decisions and lifts, the
 * badges' lookups, and the owner's request to lift a flag. The refusal itself is `assertMayServe`, called by every
 * sale and booking path (override.plugin.ts lists them).
 */
export const doNotServeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');
  const admin = app.authAdmin();
  const customer = app.auth('customer');

  app.get(
    '/donotserve',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Active flags, or staff requests waiting for an admin (`status=requested`), newest first, paged',
        querystring: dnsListQuery,
        response: { 200: dnsFlagsResponse },
      },
    },
    async (req) => listFlags(ctx.db, req.query),
  );

  app.post(
    '/donotserve',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Flag a pet (`petId`) or an owner (`ownerId`) do not serve, with a reason: an admin’s flag is active at once, a staff member’s is a request for an admin; a second live flag on the same subject is a 409',
        body: createDnsFlagBody,
        response: { 201: dnsFlagResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await createFlag(ctx, req.body, principal(req))),
  );

  app.get(
    '/donotserve/subject',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "A pet's live flags (and its owner's), or an owner's: `doNotServe` is the active one that refuses service now, or null",
        querystring: dnsSubjectQuery,
        response: { 200: dnsSubjectResponse },
      },
    },
    async (req) => subjectFlags(ctx.db, req.query),
  );

  app.get(
    '/donotserve/marks',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Every active flag by pet id and by owner id (the badges of staff lists)',
        response: { 200: dnsMarksResponse },
      },
    },
    async () => marks(ctx.db),
  );

  app.post(
    '/donotserve/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Approve a staff request: the flag is active now',
        params: idParams,
        body: dnsApproveBody,
        response: { 200: dnsFlagResponse },
      },
    },
    async (req) => decideFlag(ctx, req.params.id, 'approve', req.body?.note || null, principal(req)),
  );

  app.post(
    '/donotserve/:id/reject',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Reject a staff request, with a note',
        params: idParams,
        body: dnsNoteBody,
        response: { 200: dnsFlagResponse },
      },
    },
    async (req) => decideFlag(ctx, req.params.id, 'reject', req.body.note, principal(req)),
  );

  app.post(
    '/donotserve/:id/lift',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Lift an active flag, with a note (an owner's pending review of it is approved); the owner is told",
        params: idParams,
        body: dnsNoteBody,
        response: { 200: dnsFlagResponse },
      },
    },
    async (req) => liftFlag(ctx, req.params.id, req.body.note, principal(req)),
  );

  app.get(
    '/donotserve/reviews',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Owners' requests to lift a flag, waiting for an admin, newest first, paged",
        querystring: dnsReviewsQuery,
        response: { 200: dnsReviewsResponse },
      },
    },
    async (req) => listReviews(ctx.db, req.query),
  );

  app.post(
    '/donotserve/reviews/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Approve an owner's review: the flag is lifted and the owner told",
        params: idParams,
        body: dnsApproveBody,
        response: { 200: dnsReviewResponse },
      },
    },
    async (req) => decideReview(ctx, req.params.id, 'approve', req.body?.note || null, principal(req)),
  );

  app.post(
    '/donotserve/reviews/:id/reject',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Reject an owner's review, with a note the owner is told",
        params: idParams,
        body: dnsNoteBody,
        response: { 200: dnsReviewResponse },
      },
    },
    async (req) => decideReview(ctx, req.params.id, 'reject', req.body.note, principal(req)),
  );

  app.get(
    '/customer/donotserve',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: "The caller's flagged pets and self: the reason, since when, and their latest review",
        response: { 200: customerDnsResponse },
      },
    },
    async (req) => customerFlags(ctx.db, principal(req).id),
  );

  app.post(
    '/customer/donotserve/:id/review',
    {
      onRequest: customer,
      schema: {
        tags,
        summary:
          "Ask for a flag on the caller or their pet to be lifted, with a reason (another's flag: 404; one pending per flag: 409)",
        params: idParams,
        body: dnsReviewBody,
        response: { 201: dnsReviewResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await requestReview(ctx, req.params.id, req.body.reason, principal(req))),
  );
};

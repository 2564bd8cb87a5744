import {
  createReservationBody,
  idParams,
  reservationCancelBody,
  reservationCancelQuoteResponse,
  reservationCheckInBody,
  reservationDayQuery,
  reservationDayResponse,
  reservationDepositBody,
  reservationDetailResponse,
  reservationEmptyBody,
  reservationListQuery,
  reservationListResponse,
  reservationMoneyResponse,
  reservationQuoteBody,
  reservationQuoteResponse,
  reservationRefundResponse,
  reservationResponse,
  reservationWaiveBody,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { checkInReservation } from './reservation-check-in.service.ts';
import { listReservations, reservationDay, reservationDetail } from './reservation-lists.service.ts';
import {
  addDeposit,
  cancelQuoteOf,
  cancelReservation,
  confirmReservation,
  createReservation,
  markNoShow,
  waiveNoShow,
} from './reservation-money.service.ts';
import { configureReservations, quoteReservation } from './reservations.service.ts';

/**
 * Reservations (issue 18; contract and route list in packages/shared/src/reservations/schemas.ts). Staff only; the
 * waiver of a no-show's deposit is for admins. Money routes honour an Idempotency-Key (the first answer is replayed).
 */
export const reservationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  configureReservations({ tz: ctx.config.tz });
  const staff = app.auth('staff');
  const tags = ['reservations'];

  app.post(
    '/reservations/quote',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Count and price a stay before saving: the label ("3 days: 25 Nov to 27 Nov") under the business’s counting rule, the price for every pet, and each day’s places booked and free',
        body: reservationQuoteBody,
        response: { 200: reservationQuoteResponse },
      },
    },
    async (req) => ({ success: true as const, quote: await quoteReservation(ctx, req.body) }),
  );

  app.post(
    '/reservations',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Reserve a boarding type for pets of one owner: confirmed when every day has room, waitlisted with waitlist: true, else 409 naming the full day; an optional deposit (cash now, payment link, card checkout)',
        body: createReservationBody,
        response: { 201: reservationMoneyResponse },
      },
    },
    async (req, reply) => {
      const answer = await createReservation(ctx, req.body, principal(req).id);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/reservations',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'The reservations covering any day of from..to (at most 62 days), by check-in; optionally one boarding type or status',
        querystring: reservationListQuery,
        response: { 200: reservationListResponse },
      },
    },
    async (req) => listReservations(ctx, req.query),
  );

  app.get(
    '/reservations/day',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'A day’s arrivals (reservations checking in) and departures (reservations and stays checking out), with what each still owes (default today)',
        querystring: reservationDayQuery,
        response: { 200: reservationDayResponse },
      },
    },
    async (req) => reservationDay(ctx, req.query.date),
  );

  app.get(
    '/reservations/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'A reservation with its pets, deposit held and ledger rows, and its days against capacity',
        params: idParams,
        response: { 200: reservationDetailResponse },
      },
    },
    async (req) => reservationDetail(ctx, req.params.id),
  );

  app.post(
    '/reservations/:id/confirm',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'A requested or waitlisted reservation takes its places when every day has room (409 naming the full day otherwise)',
        params: idParams,
        body: reservationEmptyBody.optional(),
        response: { 200: reservationResponse },
      },
    },
    async (req) => confirmReservation(ctx, req.params.id, principal(req).id),
  );

  app.post(
    '/reservations/:id/deposit',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Take more deposit (cash now, payment link, card checkout), at most the price less what is held or asked for',
        params: idParams,
        body: reservationDepositBody,
        response: { 200: reservationMoneyResponse },
      },
    },
    async (req) => addDeposit(ctx, req.params.id, req.body, principal(req).id),
  );

  app.get(
    '/reservations/:id/cancel-quote',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'What cancelling now refunds of the deposit: all of it more than the free-cancellation days before check-in, else the refund policy (says when it refunds nothing)',
        params: idParams,
        response: { 200: reservationCancelQuoteResponse },
      },
    },
    async (req) => ({ success: true as const, quote: await cancelQuoteOf(ctx, req.params.id) }),
  );

  app.post(
    '/reservations/:id/cancel',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Cancel with a reason: the quote’s refund is given back through the refund service, pending deposit links are voided',
        params: idParams,
        body: reservationCancelBody,
        response: { 200: reservationRefundResponse },
      },
    },
    async (req) => cancelReservation(ctx, req.params.id, req.body.reason, principal(req).id, req.log),
  );

  app.post(
    '/reservations/:id/no-show',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'A confirmed reservation that never came (from its check-in day): the deposit is kept, its places free',
        params: idParams,
        body: reservationEmptyBody.optional(),
        response: { 200: reservationResponse },
      },
    },
    async (req) => markNoShow(ctx, req.params.id, principal(req).id, req.log),
  );

  app.post(
    '/reservations/:id/waive',
    {
      onRequest: app.authAdmin(),
      config: { idempotent: true },
      schema: {
        tags: ['admin'],
        summary: 'Refund a no-show’s kept deposit in full (admins); audited',
        params: idParams,
        body: reservationWaiveBody,
        response: { 200: reservationRefundResponse },
      },
    },
    async (req) => waiveNoShow(ctx, req.params.id, req.body.reason, principal(req).id, req.log),
  );

  app.post(
    '/reservations/:id/check-in',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Check in on or after the check-in day: each pet’s stay is sold as on New Visit (same records, admission rule and capacity check) and the deposit applied to it',
        params: idParams,
        body: reservationCheckInBody.optional(),
        response: { 200: reservationResponse },
      },
    },
    async (req) => checkInReservation(ctx, req.params.id, req.body ?? {}, principal(req).id, req.log),
  );
};

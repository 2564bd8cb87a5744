import {
  appointmentCancelQuoteResponse,
  appointmentListResponse,
  appointmentResponse,
  appointmentSlotsQuery,
  appointmentSlotsResponse,
  appointmentStatusBody,
  bookableServicesResponse,
  checkoutOrderResponse,
  createAppointmentBody,
  createAppointmentResponse,
  idParams,
  onlineAppointmentsQuery,
  onlineAppointmentsResponse,
  text,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import {
  bookableServices,
  changeStatus,
  createAppointment,
  customerAppointments,
  customerCancel,
  customerCancelQuote,
  onlineAppointments,
  payAppointmentOnline,
  slotsOf,
} from './appointments.service.ts';

/**
 * Online appointments (issue 19; contract and route list in packages/shared/src/appointments/schemas.ts). The
 * customer routes reach only the caller's own appointments; the staff routes list a day and change a status.
 */
export const appointmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const customer = app.auth('customer');
  const staff = app.auth('staff');
  const tags = ['appointments'];

  app.get(
    '/customerappointment/services',
    {
      onRequest: customer,
      schema: {
        tags,
        summary:
          'The services a customer can book (every visit type but Buy Subscription, Shop and Inquiry) with price and kind (slot or stay), the pickup fare rule and the earliest date',
        response: { 200: bookableServicesResponse },
      },
    },
    async () => bookableServices(ctx),
  );

  app.get(
    '/customerappointment/slots',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: 'The slots of a day for a service: whether a place is free, and whether the pickup vehicle is free',
        querystring: appointmentSlotsQuery,
        response: { 200: appointmentSlotsResponse },
      },
    },
    async (req) => slotsOf(ctx, req.query),
  );

  app.post(
    '/customerappointment/createappoint',
    {
      onRequest: customer,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Book a service for one of the caller’s pets (status pending): prices from the service and the pickup fare rule, never the request; a full slot or a taken pickup vehicle is 409; stays ask for a reservation; payOnline answers a checkout order',
        body: createAppointmentBody,
        response: { 201: createAppointmentResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await createAppointment(ctx, req.body, principal(req))),
  );

  app.get(
    '/customerappointment/getcustomerappoint/:customerId',
    {
      onRequest: customer,
      schema: {
        tags,
        summary:
          'The caller’s own appointments, latest first (the id in the path is not trusted: another customer’s id still lists the caller’s own)',
        params: z.object({ customerId: text().max(100) }),
        response: { 200: appointmentListResponse },
      },
    },
    async (req) => ({ success: true as const, data: await customerAppointments(ctx, principal(req)) }),
  );

  app.get(
    '/customerappointment/cancelquote/:id',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: 'What cancelling one of the caller’s appointments now refunds (for the cancel prompt)',
        params: idParams,
        response: { 200: appointmentCancelQuoteResponse },
      },
    },
    async (req) => customerCancelQuote(ctx, req.params.id, principal(req)),
  );

  app.delete(
    '/customerappointment/cancelappoint/:id',
    {
      onRequest: customer,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Cancel one of the caller’s appointments (pending or confirmed): money paid online is refunded in full 24 hours or more before the slot, later by the refund policy',
        params: idParams,
        response: { 200: appointmentResponse },
      },
    },
    async (req) => customerCancel(ctx, req.params.id, principal(req), req.log),
  );

  app.post(
    '/customerappointment/payonline/:id',
    {
      onRequest: customer,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Pay now: a new checkout order for one of the caller’s appointments booked to be paid online and not paid yet (another’s id 404); the amount is the appointment’s total; a stay, one paid at the desk, a cancelled or completed one and one already paid are 409',
        params: idParams,
        response: { 200: checkoutOrderResponse },
      },
    },
    async (req) => payAppointmentOnline(ctx, req.params.id, principal(req)),
  );

  app.get(
    '/appointment/onlineappointments',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'The online appointments of a business day (yyyy-MM-dd or an ISO timestamp; default today), by time',
        querystring: onlineAppointmentsQuery,
        response: { 200: onlineAppointmentsResponse },
      },
    },
    async (req) => onlineAppointments(ctx, req.query.date),
  );

  app.patch(
    '/appointment/onlineappointments/:id/status',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Confirm (pending), mark visited/completed with optional notes, or not visited with a reason (confirmed → cancelled, refunded in full); completed and cancelled are final (409)',
        params: idParams,
        body: appointmentStatusBody,
        response: { 200: appointmentResponse },
      },
    },
    async (req) => changeStatus(ctx, req.params.id, req.body, principal(req).id, req.log),
  );
};

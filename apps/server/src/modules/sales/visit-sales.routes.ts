import {
  boardingVisitBody,
  dayCareVisitBody,
  dogParkVisitBody,
  addVisitBody,
  groomingVisitBody,
  inquiryVisitBody,
  type SaveVisitResponse,
  saveVisitResponse,
  schoolVisitBody,
  shopVisitBody,
  veterinaryVisitBody,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import {
  addDayCareVisit,
  addDaySchoolVisit,
  addHostelVisit,
  addPlaySchoolVisit,
  type SaleCaller,
} from './stay-visits.service.ts';
import {
  addDogParkVisit,
  addGenericVisit,
  addGroomingVisit,
  addInquiryVisit,
  addShopVisit,
  addVeterinaryVisit,
} from './new-visit.service.ts';

const tags = ['visits'];

/** The New Visit saves (one endpoint per purpose, spec 001 §7). Staff only. */
export const visitSaleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  /** One save endpoint: its body schema, and the service that prices and saves it. */
  function saveRoute<S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    handler: (ctx: AppContext, b: z.output<S>, userId: string, caller: SaleCaller) => Promise<SaveVisitResponse>,
  ) {
    app.post(
      path,
      { onRequest: staff, schema: { tags, summary, body, response: { 201: saveVisitResponse } } },
      async (req, reply) => {
        // The existing web client never sends an Idempotency-Key (Pawdesk's screens always do).
        const caller = { existingClient: req.headers['idempotency-key'] === undefined };
        return reply.code(201).send(await handler(ctx, req.body as z.output<S>, principal(req).id, caller));
      },
    );
  }

  saveRoute(
    '/visit/addinquiryvisit',
    'Save an inquiry (costs nothing; may schedule a follow-up)',
    inquiryVisitBody,
    addInquiryVisit,
  );
  saveRoute(
    '/visit/adddogparkvisit',
    'Save a Dog Park visit (price − discount) and board the pet',
    dogParkVisitBody,
    addDogParkVisit,
  );
  saveRoute(
    '/visit/addveterinaryvisit',
    'Save a Veterinary visit (consultation price of the customer type − discount)',
    veterinaryVisitBody,
    addVeterinaryVisit,
  );
  saveRoute(
    '/visit/addhostelvisit',
    'Save a Hostel stay ((daily price − discount) × days, or a subscription) and board the pet',
    boardingVisitBody,
    addHostelVisit,
  );
  saveRoute(
    '/visit/adddaycarevisit',
    'Save a Day Care stay ((daily price − discount) × days, 1 day unless given, or a subscription) and board the pet',
    dayCareVisitBody,
    addDayCareVisit,
  );
  saveRoute(
    '/visit/adddayschoolvisit',
    'Save a Day School visit (only with the pet’s subscription) and board the pet',
    schoolVisitBody,
    addDaySchoolVisit,
  );
  saveRoute(
    '/visit/addplayschoolvisit',
    'Save a Play School visit (only with the pet’s subscription) and board the pet',
    schoolVisitBody,
    addPlaySchoolVisit,
  );
  saveRoute(
    '/visit/addgroomingvisit',
    'Save a Grooming visit (price − discount, or one session of the pet’s subscription)',
    groomingVisitBody,
    addGroomingVisit,
  );
  for (const path of ['/visit/addshopvisit', '/visit/addshoppingvisit']) {
    saveRoute(path, 'Save a Shop visit (each line quantity × price; the total is their sum)', shopVisitBody, (c, b, u) =>
      addShopVisit(c, b, u),
    );
  }
  saveRoute(
    '/visit/addvisit',
    'Save a visit of a purpose without its own endpoint (the type’s price − discount); or the existing client’s salesSection save {petId, visitForm: {purpose, customerType, follow-up, itemDetails: []}, totalPrice}: the purpose names the type (Veterinary by customer type, Customer = pvtltd), nothing paid, the charge due',
    addVisitBody,
    addGenericVisit,
  );
};

import { customerAddPetResponse, customerOwnerResponse, customerPetsResponse, PET_SAVED, petApiSchemas } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { customerAddPet, customerOwnerInfo, customerPets } from './customer-owner.service.ts';
import { customerProfileRoutes } from './customer-profile.routes.ts';

/**
 * The customer's own pets (spec 001 §2–§5, §7). Customer-only; every answer is
 * derived from the token, never from an email or id in the request.
 */
export const customerPetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const S = petApiSchemas(ctx.config.tz);
  const customer = app.auth('customer');
  const tags = ['customer pets'];
  await app.register(customerProfileRoutes, { ctx });

  app.get(
    '/customer/pet/ownerinfo',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: 'Owner details the pet form starts from (owner record if linked, else the account)',
        response: { 200: customerOwnerResponse },
      },
    },
    async (req) => ({ success: true as const, owner: await customerOwnerInfo(db, principal(req).id) }),
  );

  app.post(
    '/customer/pet/addpet',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: 'Register a pet of the signed-in customer (409 when the phone is another owner’s)',
        body: S.customerPetBody,
        response: { 201: customerAddPetResponse },
      },
    },
    async (req, reply) => {
      const pet = await customerAddPet(db, principal(req).id, req.body);
      return reply.code(201).send({ success: true as const, message: PET_SAVED, pet });
    },
  );

  app.post(
    '/customer/pet/getallpets',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: "The caller's own pets (any filter in the body is ignored)",
        body: z.record(z.string(), z.unknown()).nullish(),
        response: { 200: customerPetsResponse },
      },
    },
    async (req) => ({ success: true as const, pets: await customerPets(db, principal(req).id) }),
  );

  app.get(
    '/customerappointment/getcustomerpets',
    {
      onRequest: customer,
      schema: {
        tags,
        summary: "The caller's own pets; the email parameter is accepted but never widens the answer",
        querystring: z.object({ email: z.string().max(254).optional() }),
        response: { 200: customerPetsResponse },
      },
    },
    async (req) => {
      const pets = await customerPets(db, principal(req).id);
      return { success: true as const, pets, message: pets.length ? 'Pets found' : 'No registered pets found.' };
    },
  );
};

import { petVisitsQuery, petVisitsResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { assertPetAccess } from '../pets/pets.service.ts';
import { listPetVisits } from './pet-visits.service.ts';

/** Read endpoints of a pet's visits (Pet Records "View Visits", customer "Pet Visits"). */
export const visitReadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/visit/getparticularpetvisit',
    {
      // Staff read any pet's visits; a customer only their own pets'.
      onRequest: app.auth('staff', 'customer'),
      schema: {
        tags: ['visits'],
        summary: "A pet's visits, newest first, paged (limit 1..100; without it up to 500 and nextCursor)",
        querystring: petVisitsQuery,
        response: { 200: petVisitsResponse },
      },
    },
    async (req) => {
      const pet = await assertPetAccess(db, principal(req), req.query.petId);
      const { list, nextCursor } = await listPetVisits(db, pet, {
        limit: req.query.limit,
        cursor: decodeCursor(req.query.cursor),
      });
      return {
        success: true as const,
        List: list,
        message: list.length ? 'Visits found' : 'No visits found',
        nextCursor,
      };
    },
  );
};

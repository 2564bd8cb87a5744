import { petSubscriptionsResponse, SUBSCRIPTION_MESSAGES } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { assertPetAccess } from '../pets/pets.service.ts';
import { listPetSubscriptions } from './pet-subscriptions.service.ts';

/** Read endpoint of a pet's subscriptions (Pet Records "Subscriptions" tile). */
export const subscriptionReadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/subscription/petssubscription/:petId',
    {
      // Staff read any pet's subscriptions; a customer only their own pets'.
      onRequest: app.auth('staff', 'customer'),
      schema: {
        tags: ['subscriptions'],
        summary: "A pet's subscriptions, active first",
        params: z.object({ petId: idSchema }),
        response: { 200: petSubscriptionsResponse },
      },
    },
    async (req) => {
      const pet = await assertPetAccess(db, principal(req), req.params.petId);
      const data = await listPetSubscriptions(db, pet.id);
      const message = data.length ? SUBSCRIPTION_MESSAGES.listFound : SUBSCRIPTION_MESSAGES.noneActive;
      return { success: true as const, data, message };
    },
  );
};

import { BOARDING_MESSAGES, checkBoardingBody, checkBoardingResponse, VISIT_SAVED_MESSAGES } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { petExists } from '../pets/pet-lookups.service.ts';
import { activeBoardingOf } from './boarding.service.ts';

/** Boarding lookups of the New Visit screen (deboarding is issue 11's). */
export const boardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/boarding/checkboarding',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['boarding'],
        summary: "The pet's active boarding (`boardingDetails.boardingType.purpose`); no boardingDetails when not boarded",
        body: checkBoardingBody,
        response: { 200: checkBoardingResponse },
      },
    },
    async (req) => {
      const petId = req.body._id;
      if (!(await petExists(ctx.db, petId))) throw notFound('Pet');
      const boardingDetails = await activeBoardingOf(ctx.db, petId);
      if (!boardingDetails) return { success: true as const, message: BOARDING_MESSAGES.notBoarded };
      return {
        success: true as const,
        message: VISIT_SAVED_MESSAGES.alreadyBoarded(boardingDetails.boardingType.purpose),
        boardingDetails,
      };
    },
  );
};

import {
  remindVaccinationsBody,
  remindVaccinationsResponse,
  vaccinationsDueQuery,
  vaccinationsDueResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { remindVaccinationsDue, vaccinationsDue } from './vaccine-reminders.service.ts';

/** 'Vaccinations due' beside the reminders (issue 11). */
export const vaccineReminderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/reminders/vaccinations-due',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['reminders'],
        summary:
          'Vaccinations overdue (at most a year back), due today and due in the next `days` (1..90, default 30): the latest record of each vaccine, with pet, owner and whether the owner was reminded today; at most 500 rows per group',
        querystring: vaccinationsDueQuery,
        response: { 200: vaccinationsDueResponse },
      },
    },
    async (req) => vaccinationsDue(ctx, req.query.days),
  );

  app.post(
    '/reminders/vaccinations-due/remind',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['reminders'],
        summary:
          "Queue one email per owner of these pets (at most one per owner per day) listing the due vaccinations of the owner's pets",
        body: remindVaccinationsBody,
        response: { 200: remindVaccinationsResponse },
      },
    },
    async (req) => remindVaccinationsDue(ctx, req.body),
  );
};

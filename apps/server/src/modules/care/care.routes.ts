import {
  CARE_MESSAGES as M,
  careBoardResponse,
  careLogQuery,
  careLogResponse,
  careSlotsBody,
  careSlotsResponse,
  boardQuery,
  idSchema,
  petCareBody,
  petCareResponse,
  recordTaskBody,
  recordTaskResponse,
  stayPlanBody,
  stayPlanResponse,
  undoTaskResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { assertPetAccess } from '../pets/pets.service.ts';
import { careBoard, recordTask, undoTask } from './care-board.service.ts';
import { setCareTimeZone } from './care.listeners.ts';
import {
  careSlots,
  getCareLog,
  getPetCare,
  getStayPlan,
  requireStayOf,
  saveCareSlots,
  savePetCare,
  savePlanToPet,
  saveStayPlan,
} from './care.service.ts';

const tags = ['care'];
const petParams = z.object({ petId: idSchema });
const stayParams = z.object({ boardingId: idSchema });
/** The longest log one call reads (a long stay's run card reads it in parts). */
const MAX_LOG_DAYS = 62;

/** Care during a stay (issue 20; docs/api.md "Care"). */
export const careRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const staff = app.auth('staff');
  setCareTimeZone(ctx.config.tz);

  app.get(
    '/care/slots',
    {
      onRequest: staff,
      schema: { tags, summary: 'The care slots, in the order of the day', response: { 200: careSlotsResponse } },
    },
    async () => ({ success: true as const, slots: await careSlots(db) }),
  );

  app.put(
    '/care/slots',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags,
        summary:
          'Replaces the care slots (admins): start < end, no overlap, unique names; a slot in use by instructions or plans cannot be removed (409)',
        body: careSlotsBody,
        response: { 200: careSlotsResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: M.slotsSaved,
      slots: await saveCareSlots(ctx, req.body, principal(req).id),
    }),
  );

  app.get(
    '/care/pets/:petId',
    {
      // Staff read any pet's instructions; an owner only their own pet's (read-only).
      onRequest: app.auth('staff', 'customer'),
      schema: {
        tags,
        summary: "A pet's standing care instructions: meals, doses, other tasks, warnings, emergency contact",
        params: petParams,
        response: { 200: petCareResponse },
      },
    },
    async (req) => {
      const pet = await assertPetAccess(db, principal(req), req.params.petId);
      return getPetCare(db, pet.id);
    },
  );

  app.put(
    '/care/pets/:petId',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Replaces a pet's standing care instructions (a stay's plan does not change)",
        params: petParams,
        body: petCareBody,
        response: { 200: petCareResponse },
      },
    },
    async (req) => savePetCare(ctx, req.params.petId, req.body, principal(req).id),
  );

  app.get(
    '/care/stays/:boardingId/plan',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A stay's care plan (copied from the pet's instructions when the stay started)",
        params: stayParams,
        response: { 200: stayPlanResponse },
      },
    },
    async (req) => getStayPlan(db, req.params.boardingId),
  );

  app.put(
    '/care/stays/:boardingId/plan',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Replaces a stay's care plan (the pet's instructions do not change); a closed stay is a 409",
        params: stayParams,
        body: stayPlanBody,
        response: { 200: stayPlanResponse },
      },
    },
    async (req) => saveStayPlan(ctx, req.params.boardingId, req.body, principal(req).id),
  );

  app.post(
    '/care/stays/:boardingId/plan/save-to-pet',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Saves the stay's plan back as the pet's standing instructions (explicit action)",
        params: stayParams,
        body: z.object({}).nullish(),
        response: { 200: stayPlanResponse },
      },
    },
    async (req) => savePlanToPet(ctx, req.params.boardingId, principal(req).id),
  );

  app.get(
    '/care/stays/:boardingId/log',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A stay's recorded care tasks from `from` to `to` (business days; default today), in the order done",
        params: stayParams,
        querystring: careLogQuery,
        response: { 200: careLogResponse },
      },
    },
    async (req) => {
      const today = ctx.clock.today();
      const from = req.query.from ?? req.query.to ?? today;
      const to = req.query.to ?? (req.query.from ? req.query.from : today);
      if (to < from) throw badRequest('`to` cannot be before `from`', { to: '`to` cannot be before `from`' });
      const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (span > MAX_LOG_DAYS) throw badRequest(`At most ${MAX_LOG_DAYS} days at a time`, { to: `At most ${MAX_LOG_DAYS} days` });
      await requireStayOf(db, req.params.boardingId);
      return { success: true as const, tasks: await getCareLog(db, req.params.boardingId, from, to) };
    },
  );

  app.get(
    '/care/board',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "The care board: every pet in house today with today's tasks by slot, what is done and what is late; filters: boarding type, slot, only what is still to do",
        querystring: boardQuery,
        response: { 200: careBoardResponse },
      },
    },
    async (req) => careBoard(ctx, req.query),
  );

  app.post(
    '/care/tasks',
    {
      onRequest: staff,
      // A house dose from stock is a sale on the stay's bill: a money write, so it takes an Idempotency-Key.
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Records a planned task of today done (once per item, day and slot: a second is a 409) with feedback and a note; a house dose given takes stock and is charged to the stay's bill",
        body: recordTaskBody,
        response: { 201: recordTaskResponse },
      },
    },
    async (req, reply) => {
      const task = await recordTask(ctx, req.body, principal(req).id);
      return reply.code(201).send({ success: true as const, message: M.recorded, task });
    },
  );

  app.delete(
    '/care/tasks/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Undoes a recorded task: only by who recorded it (403), within 10 minutes (409)',
        params: z.object({ id: idSchema }),
        response: { 200: undoTaskResponse },
      },
    },
    async (req) => {
      await undoTask(ctx, req.params.id, principal(req).id);
      return { success: true as const, message: M.undone };
    },
  );
};

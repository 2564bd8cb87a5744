import {
  addPetResponse,
  dateParams,
  editOwnerBody,
  idParams,
  okSchema,
  PET_CHANGES_SAVED,
  PET_SAVED,
  petBreedQuery,
  petBreedResponse,
  petDetailsResponse,
  petHistoryResponse,
  petListQuery,
  petPageResponse,
  petApiSchemas,
  petSearchQuery,
  petsResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { petHistory } from '../visits/pet-visits.service.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { customerAddPets } from './customer-owner.service.ts';
import {
  addOwnerWithPets,
  assertPetAccess,
  editOwner,
  editPet,
  historyVisits,
  listPets,
  petDetails,
  petsByBreedAndSpecies,
  petsRegisteredOn,
  searchPets,
} from './pets.service.ts';

/**
 * Staff pet and owner records (spec 000 §2, §7 `/pet/...`). Every route is staff-only, except `/pet/addpet`, which a
 * customer may call too (the existing web client's customer form): their pets go to their own owner record.
 */
export const petRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  // "today" for date-of-birth checks is the business time zone's; any breed is accepted (issue 9).
  const S = petApiSchemas(ctx.config.tz);
  const staff = app.auth('staff');
  const tags = ['pets'];

  app.post(
    '/pet/addpet',
    {
      onRequest: app.auth('staff', 'customer'),
      schema: {
        tags,
        summary: 'Add one owner with one or more pets (one transaction; an owner with the same phone is reused)',
        description:
          "With a customer token (the existing web client's customer form) the pets go to the caller's own owner " +
          'record, created on first use from the account, whatever the owner fields say; every pet needs a segment. ' +
          "A phone that is another owner's never attaches the pets to that owner (409 when a new record would need it).",
        body: S.addPetBody,
        response: { 201: addPetResponse },
      },
    },
    async (req, reply) => {
      const who = principal(req);
      const res =
        who.role === 'customer' ? await customerAddPets(db, who.id, req.body) : await addOwnerWithPets(db, req.body, who.id);
      return reply.code(201).send({ success: true as const, message: PET_SAVED, ...res });
    },
  );

  app.get(
    '/pet/getallpets',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'All pets, newest first, paged (limit 1..100; without limit up to 500; pass nextCursor back as cursor)',
        querystring: petListQuery,
        response: { 200: petPageResponse },
      },
    },
    async (req) => {
      const { list, nextCursor } = await listPets(db, { limit: req.query.limit, cursor: decodeCursor(req.query.cursor) });
      return { success: true as const, list, nextCursor };
    },
  );

  app.get(
    '/pet/getfilteredpetsbynameandphone',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Pets whose name contains `name` (case-insensitive), whose owner phone starts with `phone` and (`ownerId`) ' +
          'of one owner; paged ' +
          '(limit 1..100; without limit up to 500, newest first)',
        querystring: petSearchQuery,
        response: { 200: petPageResponse },
      },
    },
    async (req) => {
      const { name, phone, ownerId, limit, cursor } = req.query;
      const { list, nextCursor } = await searchPets(db, { name, phone, ownerId, limit, cursor: decodeCursor(cursor) });
      return { success: true as const, list, nextCursor };
    },
  );

  app.get(
    '/pet/getpetdetails/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'One pet with its owner and vaccinations',
        params: idParams,
        response: { 200: petDetailsResponse },
      },
    },
    async (req) => ({ success: true as const, pet: await petDetails(db, req.params.id) }),
  );

  app.get(
    '/pet/getpethistory/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "The pet's visits with items, newest first (at most 200), as `history` and as `visits` (with itemDetails)",
        params: idParams,
        response: { 200: petHistoryResponse },
      },
    },
    async (req) => {
      const pet = await assertPetAccess(db, principal(req), req.params.id);
      const history = await petHistory(db, pet.id);
      return { success: true as const, history, visits: historyVisits(history) };
    },
  );

  app.post(
    '/pet/editpetdetails',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Edit a pet's details; `vaccinations`, when sent, replace the pet's list (absent: left as they are)",
        body: S.editPetBody,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await editPet(db, req.body);
      return { success: true as const, message: PET_CHANGES_SAVED };
    },
  );

  app.post(
    '/pet/editownerdetails',
    {
      onRequest: staff,
      schema: { tags, summary: "Edit an owner's details", body: editOwnerBody, response: { 200: okSchema } },
    },
    async (req) => {
      await editOwner(db, req.body);
      return { success: true as const, message: PET_CHANGES_SAVED };
    },
  );

  app.get(
    '/pet/getfilteredpetsbybreedandspecies',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Pets of a species and/or breed, newest first, paged (limit 1..100; without limit up to 500)',
        querystring: petBreedQuery,
        response: { 200: petBreedResponse },
      },
    },
    async (req) => {
      const { species, breed, limit, cursor } = req.query;
      const { list, nextCursor } = await petsByBreedAndSpecies(db, {
        species: species || undefined,
        breed: breed || undefined,
        limit,
        cursor: decodeCursor(cursor),
      });
      return { success: true as const, pets: list, nextCursor };
    },
  );

  app.get(
    '/pet/getpetsbyregistrationdate/:date',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Pets registered on a day (yyyy-MM-dd), newest first (at most 500)',
        params: dateParams,
        response: { 200: petsResponse },
      },
    },
    async (req) => ({ success: true as const, pets: await petsRegisteredOn(db, req.params.date) }),
  );
};

import { idParams, MEDIA_MESSAGES, okSchema, PET_PHOTO_MESSAGES, petPhotoResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { principal } from '../../plugins/auth.ts';
import { removePetPhoto, setPetPhoto } from './pet-photo.service.ts';

/**
 * A pet's photo (issue 20; docs/api.md "Photos"): new calls, not part of spec §7. The body is the file itself, sent
 * with its content type (`image/jpeg`, `image/png`, `image/webp`, or `application/octet-stream`): what it really is
 * is decided from its bytes. Staff for any pet; a customer for a pet of their own (another's: 403).
 */
export const petPhotoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const staffOrOwner = app.auth('staff', 'customer');
  const tags = ['pets'];

  app.post(
    '/pets/:id/photo',
    {
      onRequest: staffOrOwner,
      schema: {
        tags,
        summary: "Set a pet's photo (raw image body, ≤ 10 MB; JPEG, PNG or WebP); replaces and deletes the previous one",
        description:
          'Answers the photo as `{hash, url, thumbUrl}` (paths under /api/v1, `GET /media/{hash}`). 400 with a ' +
          'photo message for an empty body, a body that is not a JPEG, PNG or WebP (JSON included), a damaged or ' +
          'truncated file, or one over 10 MB. Staff for any pet; a customer for their own pets only.',
        params: idParams,
        response: { 200: petPhotoResponse },
      },
    },
    async (req) => {
      const body: unknown = req.body;
      if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) {
        throw badRequest(MEDIA_MESSAGES.empty);
      }
      // Anything a parser other than the image one produced (JSON, text) is not a photo.
      if (!Buffer.isBuffer(body)) throw badRequest(MEDIA_MESSAGES.notImage);
      const photo = await setPetPhoto(db, principal(req), req.params.id, body);
      return { success: true as const, message: PET_PHOTO_MESSAGES.saved, photo };
    },
  );

  app.delete(
    '/pets/:id/photo',
    {
      onRequest: staffOrOwner,
      schema: {
        tags,
        summary: "Remove a pet's photo (its URL then answers 404); staff, or the owner for their pet",
        params: idParams,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await removePetPhoto(db, principal(req), req.params.id);
      return { success: true as const, message: PET_PHOTO_MESSAGES.removed };
    },
  );
};

import { mediaParams, mediaQuery } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { readImage, verifyMediaLink } from './media.service.ts';

const tags = ['media'];
/** A photo's URL changes whenever the picture does, so a browser may keep it for a year. */
const FOREVER = 'private, max-age=31536000, immutable';

/** Photos (issue 20; docs/api.md "Photos"). Uploads belong to the records they illustrate (pets, report cards). */
export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signedIn = app.auth('staff', 'customer');

  app.get(
    '/media/:hash',
    {
      // A signed link (a report card's email) opens without signing in; anything else needs staff or the owner.
      onRequest: async function (req, reply) {
        const q = req.query as Record<string, unknown> | undefined;
        if (typeof q?.sig === 'string') return;
        await signedIn.call(this, req, reply, () => {});
      },
      config: { keepCacheControl: true },
      schema: {
        tags,
        summary:
          'A photo (JPEG): its display size, or `size=thumb`. Staff, the owner it belongs to, or a signed link (`exp`, `sig`)',
        params: mediaParams,
        querystring: mediaQuery,
      },
    },
    async (req, reply) => {
      const { hash } = req.params;
      const { size, exp, sig } = req.query;
      let cache = FOREVER;
      if (sig !== undefined) {
        const now = ctx.clock.now();
        verifyMediaLink(ctx.config.jwtSecret, hash, size, exp, sig, now);
        cache = `private, max-age=${Math.max(0, Math.floor((exp ?? 0) - now.getTime() / 1000))}`;
      }
      const p = sig === undefined ? principal(req) : undefined;
      const img = await readImage(ctx.db, hash, size, p ? { role: p.role, userId: p.id } : 'signed');
      return reply
        .header('content-type', img.contentType)
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(img.bytes);
    },
  );
};

import { idSchema, runCardFileName, runCardQuery, runCardResponse, runCardsResponse } from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { runCardsPdf } from './run-card-pdf.ts';
import { runCardOf, runCardPhotos, runCardsOfToday } from './run-card.service.ts';

const tags = ['care'];
const stayParams = z.object({ boardingId: idSchema });

/** Run cards (issue 20; docs/api.md "Run cards"): staff only; a closed stay's card is still readable. */
export const runCardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');
  const pdfOptions = async (cards: Parameters<typeof runCardsPdf>[0], format: 'a4' | 'kennel', userId: string) => ({
    format,
    photos: await runCardPhotos(ctx.db, cards, userId),
    businessName: ctx.config.business.name,
    tz: ctx.config.tz,
  });

  app.get(
    '/care/stays/:boardingId/runcard',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "A stay's run card: the pet, owner and emergency phones, warnings, vaccinations, incidents and the grid of planned tasks by day with what was recorded",
        params: stayParams,
        response: { 200: runCardResponse },
      },
    },
    async (req) => ({ success: true as const, card: await runCardOf(ctx, req.params.boardingId) }),
  );

  app.get(
    '/care/stays/:boardingId/runcard.pdf',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A stay's run card as a PDF: `format` a4 (default; the grid 14 days a page) or kennel (A6)",
        params: stayParams,
        querystring: runCardQuery,
      },
    },
    async (req, reply) => {
      const card = await runCardOf(ctx, req.params.boardingId);
      const pdf = await runCardsPdf([card], await pdfOptions([card], req.query.format, principal(req).id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${runCardFileName(card.pet.name, card.today)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/care/runcards',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "The run cards of every pet in house today, by pet name ('Print all run cards for today')",
        response: { 200: runCardsResponse },
      },
    },
    async () => ({ success: true as const, day: ctx.clock.today(), cards: await runCardsOfToday(ctx) }),
  );

  app.get(
    '/care/runcards.pdf',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'The run cards of every pet in house today as one PDF, each card from a new page',
        querystring: runCardQuery,
      },
    },
    async (req, reply) => {
      const cards = await runCardsOfToday(ctx);
      const pdf = await runCardsPdf(cards, await pdfOptions(cards, req.query.format, principal(req).id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="run-cards-${ctx.clock.today()}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};

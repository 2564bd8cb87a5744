import {
  boardedPetsQuery,
  boardedPetsResponse,
  boardingDetailsBody,
  boardingDetailsResponse,
  DEBOARD_ENDPOINT_CODES,
  type DeboardEndpoint,
  deboardBody,
  deboardResponse,
  inHouseCountsResponse,
  settleStayBody,
  settleStayResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { boardedPets, boardingDetails, inHouseCounts } from './boarded-pets.service.ts';
import { deboard } from './deboard.service.ts';
import { settleStay } from './stay-settle.service.ts';

const tags = ['boarding'];

/** Where each deboarding call lives (spec 001 §7): the dog park's under /deboard, the others under /boarding. */
const DEBOARD_PATHS: Record<DeboardEndpoint, string> = {
  hosteldeboarding: '/boarding/hosteldeboarding',
  daycaredeboarding: '/boarding/daycaredeboarding',
  dayschooldeboarding: '/boarding/dayschooldeboarding',
  playschooldeboarding: '/boarding/playschooldeboarding',
  dogparkdeboarding: '/deboard/dogparkdeboarding',
};

/** Deboard Pets (spec 001 §2, §4, §7): the boarded-pets list, a stay's details and quote, settling and deboarding. Staff only. */
export const deboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/pet/getboardedpetslist',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "A boarding category's boardings (`type` = its visit type id), boarded first then newest entry, each with " +
          "its bill's `due` when paged; paged " +
          '(limit 1..100; without limit up to 500; pass nextCursor back as cursor). Unknown type 404, not a boarding type 400',
        querystring: boardedPetsQuery,
        response: { 200: boardedPetsResponse },
      },
    },
    async (req) => boardedPets(ctx, req.query),
  );

  app.get(
    '/boarding/inhousecounts',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Pets boarded now per boarding type (the Deboard categories’ counts); a type absent has none',
        response: { 200: inHouseCountsResponse },
      },
    },
    async () => inHouseCounts(ctx),
  );

  app.post(
    '/boarding/getboardingdetails',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'A boarding (`_id`) with its visit’s money, the actual days (the entry day is day 1, business time zone) and ' +
          'the deboard quote: extra days, their charge and what is due; a closed boarding as of its exit',
        body: boardingDetailsBody,
        response: { 200: boardingDetailsResponse },
      },
    },
    async (req) => boardingDetails(ctx, req.body._id),
  );

  for (const [endpoint, path] of Object.entries(DEBOARD_PATHS) as [DeboardEndpoint, string][]) {
    const codes = DEBOARD_ENDPOINT_CODES[endpoint].join(', ');
    app.post(
      path,
      {
        onRequest: staff,
        schema: {
          tags,
          summary:
            `Deboard a boarding (${codes}): posts the extra days, takes cash \`payment\` (exactly what the bill is due: ` +
            'the stay and the services on its bill), and closes the stay when nothing is due (409 with `due` otherwise; ' +
            'nothing written); `payLater: true` closes it with the bill owed and a payment link sent for it. The ' +
            "existing client's `{boardingid}` with money due is recorded as received (method not recorded) when the " +
            'setting legacyDeboardRecordsPayment is on',
          body: deboardBody,
          response: { 200: deboardResponse },
        },
      },
      async (req) =>
        deboard(ctx, endpoint, req.body, principal(req).id, {
          // The existing web client sends `{boardingid}` alone and never an Idempotency-Key (Pawdesk's screens do).
          existingClient: !req.body.payment && !req.body.payLater && req.headers['idempotency-key'] === undefined,
        }),
    );
  }

  app.post(
    '/visit/updatehostelvisit',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Settle a stay as of now: post the extra-day charge (recorded on the visit), then take cash (up to what is ' +
          'due), send a payment link for what is due, or nothing (card: then POST /payments/create-order with notes.boardingId)',
        body: settleStayBody,
        response: { 200: settleStayResponse },
      },
    },
    async (req) => settleStay(ctx, req.body, principal(req).id),
  );
};

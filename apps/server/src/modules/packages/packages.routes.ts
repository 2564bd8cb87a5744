import {
  createPackageBody,
  idParams,
  PACKAGE_MESSAGES as M,
  packageOfferSaved,
  packageOffersQuery,
  packageOffersResponse,
  updatePackageBody,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { createOffer, offers, setOfferActive, updateOfferFields } from './packages.service.ts';

/**
 * The boarding packages on offer (issue 16): staff list them (all, or `?active=1`), customers see those on offer,
 * admins define them on the Prices screen (create, change, retire, restore; every change audited, entity 'package').
 */
export const packageOfferRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const tags = ['packages'];

  app.get(
    '/packages',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags,
        summary: 'The boarding packages (retired ones too; `active=1`: only those on offer), on offer first then by name',
        querystring: packageOffersQuery,
        response: { 200: packageOffersResponse },
      },
    },
    async (req) => ({ success: true as const, packages: await offers(db, req.query.active) }),
  );

  app.get(
    '/customer/packages',
    {
      onRequest: app.auth('customer'),
      schema: { tags, summary: 'The boarding packages on offer', response: { 200: packageOffersResponse } },
    },
    async () => ({ success: true as const, packages: await offers(db, true) }),
  );

  const admin = app.authAdmin();

  app.post(
    '/admin/packages',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Create a boarding package: name, boarding type (Hostel or Day Care), days, price per pet',
        body: createPackageBody,
        response: { 201: packageOfferSaved },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ success: true, message: M.created, package: await createOffer(db, principal(req), req.body) }),
  );

  app.put(
    '/admin/packages/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Change a package's name, boarding type, days or price (new activations only)",
        params: idParams,
        body: updatePackageBody,
        response: { 200: packageOfferSaved },
      },
    },
    async (req) => ({
      success: true as const,
      message: M.saved,
      package: await updateOfferFields(db, principal(req), req.params.id, req.body),
    }),
  );

  for (const [verb, active, message] of [
    ['retire', false, M.retiredOffer],
    ['restore', true, M.restored],
  ] as const) {
    app.post(
      `/admin/packages/:id/${verb}`,
      {
        onRequest: admin,
        schema: {
          tags,
          summary: active
            ? 'Offer a retired package again'
            : 'Retire a package: no longer activated; packages already running go on',
          params: idParams,
          response: { 200: packageOfferSaved },
        },
      },
      async (req) => ({
        success: true as const,
        message,
        package: await setOfferActive(db, principal(req), req.params.id, active),
      }),
    );
  }
};

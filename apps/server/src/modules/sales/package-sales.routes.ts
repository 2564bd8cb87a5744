import {
  activatePackageBody,
  changePackagePetsBody,
  checkinPackageBody,
  customerActivatePackageBody,
  idParams,
  ownerIdParams,
  ownerPackagesResponse,
  packageAnswer,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { activateAtDesk, changePets, checkIn, endByCustomer, endByStaff, requestPackage } from './package-activation.service.ts';
import { ownerPackages } from './package-view.service.ts';

const tags = ['packages'];

/**
 * An owner's boarding packages (issue 16): activated at the desk (the pets boarded now, day 1 charged from the
 * wallet) or requested by the customer online (waiting for check-in), their pets changed, ended, and read with
 * what the wallet still pays. Every write that moves money takes an Idempotency-Key.
 */
export const packageSaleRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');
  const customer = app.auth('customer');
  const money = { idempotent: true };

  app.post(
    '/packages/activate',
    {
      onRequest: staff,
      config: money,
      schema: {
        tags,
        summary:
          "Activate a package for an owner's pets at the desk: each pet is boarded now (capacity and admission rules, " +
          "price 0, the package's days) and day 1 is charged from the wallet, which must hold one day's charge (400)",
        body: activatePackageBody,
        response: { 201: packageAnswer },
      },
    },
    async (req, reply) => reply.code(201).send(await activateAtDesk(ctx, req.body, principal(req).id)),
  );

  app.post(
    '/customer/packages/activate',
    {
      onRequest: customer,
      config: money,
      schema: {
        tags,
        summary:
          "Request a package for the caller's own pets: it waits for check-in (charges start then); the wallet must " +
          "hold one day's charge (400)",
        body: customerActivatePackageBody,
        response: { 201: packageAnswer },
      },
    },
    async (req, reply) => reply.code(201).send(await requestPackage(ctx, req.body, principal(req).id)),
  );

  app.post(
    '/packages/:id/checkin',
    {
      onRequest: staff,
      config: money,
      schema: {
        tags,
        summary: "Check in a package's waiting pets (all, or `petIds`): boarded now, day 1 charged from the wallet",
        params: idParams,
        body: checkinPackageBody,
        response: { 200: packageAnswer },
      },
    },
    async (req) => checkIn(ctx, req.params.id, req.body, principal(req).id),
  );

  app.post(
    '/packages/:id/pets',
    {
      onRequest: staff,
      config: money,
      schema: {
        tags,
        summary:
          "Change a live package's pets: `remove` stops their share (no refund), `add` boards the owner's pets now and " +
          'charges their day 1 (a request: they wait for check-in); no pet left ends it',
        params: idParams,
        body: changePackagePetsBody,
        response: { 200: packageAnswer },
      },
    },
    async (req) => changePets(ctx, req.params.id, req.body, principal(req).id),
  );

  app.post(
    '/packages/:id/end',
    {
      onRequest: staff,
      config: money,
      schema: {
        tags,
        summary: 'End a package: nothing more is charged, nothing charged is refunded; its pets stay boarded until deboarded',
        params: idParams,
        response: { 200: packageAnswer },
      },
    },
    async (req) => endByStaff(ctx, req.params.id, principal(req).id),
  );

  app.post(
    '/customer/packages/:id/end',
    {
      onRequest: customer,
      config: money,
      schema: {
        tags,
        summary: "End the caller's own package (another's: 404); the desk is told to deboard its pets when picked up",
        params: idParams,
        response: { 200: packageAnswer },
      },
    },
    async (req) => endByCustomer(ctx, req.params.id, principal(req).id),
  );

  app.get(
    '/packages/owner/:ownerId',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "An owner's packages, newest first (at most 50), with the daily charge, what was charged, the days the " +
          'wallet still pays (floor(balance / daily charge)) and the low-balance flag; and the wallet balance',
        params: ownerIdParams,
        response: { 200: ownerPackagesResponse },
      },
    },
    async (req) => ownerPackages(ctx.db, req.params.ownerId),
  );

  app.get(
    '/customer/packages/mine',
    {
      onRequest: customer,
      schema: { tags, summary: "The caller's own packages and wallet balance", response: { 200: ownerPackagesResponse } },
    },
    async (req) => ownerPackages(ctx.db, (await customerOwnerOf(ctx.db, principal(req).id))?.id ?? null),
  );
};

import {
  adminVisitTypesResponse,
  auditPageResponse,
  createPlanBody,
  GST_MSG,
  gstSettingsBody,
  gstSettingsResponse,
  idParams,
  PRICES_MSG,
  planSaved,
  plansQuery,
  plansResponse,
  priceAuditQuery,
  updatePlanBody,
  updateVisitTypeBody,
  visitTypeSaved,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { auditHistory } from '../audit/audit-history.service.ts';
import { noticeWaitlistNow } from '../reservations/reservations.service.ts';
import { businessGst, gstSettings, setGstRates } from './gst-settings.service.ts';
import { createPlan, setPlanOffered, updatePlan, updateVisitType, visitTypeToAdmin } from './prices.service.ts';
import { allVisitTypes, plansWithTypes } from './visit-types.service.ts';

/** The admin price screen (`/staff/prices`): visit type prices, subscription plans and their change history. Admins only. */
export const priceAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const admin = app.authAdmin();
  const tags = ['admin'];

  app.get(
    '/admin/visit-types',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Every visit type with its prices, those not on offer too',
        response: { 200: adminVisitTypesResponse },
      },
    },
    async () => ({ success: true as const, visitTypes: (await allVisitTypes(db)).map(visitTypeToAdmin) }),
  );

  app.patch(
    '/admin/visit-types/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Change a visit type's prices, display name or availability (new visits only; the code never changes)",
        params: idParams,
        body: updateVisitTypeBody,
        response: { 200: visitTypeSaved },
      },
    },
    async (req) => {
      const visitType = await updateVisitType(db, principal(req), req.params.id, req.body, ctx.clock.today());
      // A capacity raised (or removed) may make room for the first waiting reservation: staff are told (issue 18).
      if (req.body.capacity !== undefined && visitType.isBoarding) await noticeWaitlistNow(ctx, req.params.id);
      return { success: true as const, message: PRICES_MSG.typeSaved, visitType };
    },
  );

  app.get(
    '/admin/plans',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Every subscription plan, retired ones too',
        querystring: plansQuery,
        response: { 200: plansResponse },
      },
    },
    async (req) => ({
      success: true as const,
      subscriptionPlans: await plansWithTypes(db, { offeredOnly: false, visitTypeId: req.query.visitType }),
    }),
  );

  app.post(
    '/admin/plans',
    {
      onRequest: admin,
      schema: { tags, summary: 'Create a subscription plan', body: createPlanBody, response: { 201: planSaved } },
    },
    async (req, reply) => {
      const subscriptionPlan = await createPlan(db, principal(req), req.body);
      return reply.code(201).send({ success: true, message: PRICES_MSG.planCreated, subscriptionPlan });
    },
  );

  app.patch(
    '/admin/plans/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Change a plan's name, price, duration, groomings or validity (new purchases only)",
        params: idParams,
        body: updatePlanBody,
        response: { 200: planSaved },
      },
    },
    async (req) => {
      const subscriptionPlan = await updatePlan(db, principal(req), req.params.id, req.body);
      return { success: true as const, message: PRICES_MSG.planSaved, subscriptionPlan };
    },
  );

  for (const [verb, offered, message] of [
    ['retire', false, PRICES_MSG.planRetired],
    ['restore', true, PRICES_MSG.planRestored],
  ] as const) {
    app.post(
      `/admin/plans/:id/${verb}`,
      {
        onRequest: admin,
        schema: {
          tags,
          summary: offered
            ? 'Offer a retired plan again'
            : 'Retire a plan: no longer offered; subscriptions that hold it keep it',
          params: idParams,
          response: { 200: planSaved },
        },
      },
      async (req) => {
        const subscriptionPlan = await setPlanOffered(db, principal(req), req.params.id, offered);
        return { success: true as const, message, subscriptionPlan };
      },
    );
  }

  app.get(
    '/admin/audit',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The change history of the visit types, plans or boarding packages (or of one of them), newest first, paged',
        querystring: priceAuditQuery,
        response: { 200: auditPageResponse },
      },
    },
    async (req) => {
      const { entries, nextCursor } = await auditHistory(db, req.query);
      return {
        success: true as const,
        entries: entries.map((e) => ({
          _id: e.id,
          action: e.action,
          entity: e.entity,
          entityId: e.entityId,
          user: e.user ? { _id: e.user.id, fullName: e.user.fullName } : null,
          before: e.before,
          after: e.after,
          createdAt: e.createdAt.toISOString(),
        })),
        nextCursor,
      };
    },
  );

  await gstSettingsRoutes(app, { ctx });
};

/** The GST rate list (read by staff: the Prices and inventory forms' rate select; changed by admins) and the business's GST identity. */
const gstSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get(
    '/settings/gst',
    {
      onRequest: app.auth('staff'),
      schema: {
        tags: ['settings'],
        summary:
          "The GST rate list (default 0, 5, 18 and 40 % since 22 Sep 2025; 12 % and 28 % retired) and the business's GSTIN, state and UPI id",
        response: { 200: gstSettingsResponse },
      },
    },
    async () => ({ success: true as const, ...(await gstSettings(db, ctx.config.business)) }),
  );

  app.put(
    '/settings/gst',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['admin'],
        summary:
          'Replace the GST rate list (percent 0–100, two decimals; effectiveFrom before retiredOn). A rate a visit type or item uses cannot be removed or retired (409). Audited.',
        body: gstSettingsBody,
        response: { 200: gstSettingsResponse },
      },
    },
    async (req) => {
      const rates = await setGstRates(db, principal(req), req.body.rates, ctx.clock.today());
      return { success: true as const, message: GST_MSG.ratesSaved, rates, business: businessGst(ctx.config.business) };
    },
  );
};

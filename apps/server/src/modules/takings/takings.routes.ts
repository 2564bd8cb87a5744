import {
  drawerCloseBody,
  drawerOpenBody,
  drawerResponse,
  drawerSettingsBody,
  drawerSettingsResponse,
  gstSummaryQuery,
  takingsQuery,
  takingsResponse,
} from '@pawdesk/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { principal } from '../../plugins/auth.ts';
import { closeDrawer, currentDrawer, openDrawer, setDrawerRequired } from './drawer.service.ts';
import { gstSummaryCsv, takingsCsv } from './takings-csv.service.ts';
import { takings } from './takings.service.ts';

const tags = ['payments'];

/** The day's takings and the cash drawer (docs/api.md "The day's takings"). */
export const takingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const staff = app.auth('staff');

  app.get(
    '/payments/takings',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'The day’s takings in the business time zone (date, default today; admins: from and to, at most one financial year): sales by purpose, money by method, refunds, credits, what is still owed, wallet top-ups, package days, visits and the cash drawer',
        querystring: takingsQuery,
        response: { 200: takingsResponse },
      },
    },
    async (req) => takings(ctx, req.query, principal(req).isAdmin),
  );

  app.get(
    '/payments/takings.csv',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'The day’s takings as CSV (UTF-8 with BOM, formula characters neutralised; admins: from and to, at most one financial year): the figures of /payments/takings, tax by rate, the visits, the period’s completed ledger rows and its GST documents',
        querystring: takingsQuery,
      },
    },
    async (req, reply) => {
      const { filename, csv } = await takingsCsv(ctx, req.query, principal(req).isAdmin);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );

  app.get(
    '/payments/gst-summary.csv',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags,
        summary:
          'Admins: the GST summary for the accountant as CSV: the documents dated from … to (at most one financial year) by SAC/HSN code and rate, credit notes subtracted, with totals',
        querystring: gstSummaryQuery,
      },
    },
    async (req, reply) => {
      const { filename, csv } = await gstSummaryCsv(ctx, req.query, principal(req).isAdmin);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    },
  );

  app.get(
    '/payments/drawer',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'The cash drawer: the open session with its live expected cash, else the last closed session; and whether cash needs an open session',
        response: { 200: drawerResponse },
      },
    },
    async () => currentDrawer(ctx),
  );

  app.post(
    '/payments/drawer/open',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Opens the cash drawer with a float (409 when a session is open)',
        body: drawerOpenBody,
        response: { 201: drawerResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await openDrawer(ctx, req.body, principal(req).id)),
  );

  app.post(
    '/payments/drawer/close',
    {
      onRequest: staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Closes the cash drawer with the cash counted: stores cash in and out from the ledger, expected (float + cash in − cash out) and counted (409 when no session is open)',
        body: drawerCloseBody,
        response: { 200: drawerResponse },
      },
    },
    async (req) => closeDrawer(ctx, req.body, principal(req).id),
  );

  app.put(
    '/settings/cash-drawer',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags,
        summary:
          'Admins: whether cash is taken or given back only while a drawer session is open (default off; when on, cash with no session open answers 409 and writes nothing). Audited.',
        body: drawerSettingsBody,
        response: { 200: drawerSettingsResponse },
      },
    },
    async (req) => setDrawerRequired(ctx, principal(req), req.body.required),
  );
};

import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { safeError } from '../../lib/log-safe.ts';
import { principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { exportFileName, writeFullExport } from './full-export.service.ts';
import { writeOwnerExport } from './owner-export.service.ts';
import { ZipWriter } from './zip-stream.ts';

/**
 * Exporting data out (issue 21): an admin downloads everything (every table as CSV and JSON, and the photos), a
 * customer downloads their own records. Both answer a zip streamed as it is written; both are audited before the
 * first byte goes out.
 */
export const dataExportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** Starts the producer; a failure half-way ends the download with an error (the zip is then incomplete). */
  const run = (zip: ZipWriter, log: FastifyBaseLogger, produce: () => Promise<unknown>) => {
    produce().catch((err) => {
      if (!zip.stream.destroyed) log.error({ err: safeError(err) }, 'data export failed');
      zip.stream.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  };

  app.get(
    '/admin/export',
    {
      onRequest: app.authAdmin(),
      schema: {
        tags: ['admin'],
        summary:
          'Admins: all data as one zip, streamed: every table as CSV (UTF-8 with BOM, formula characters neutralised) ' +
          'and JSON, and every photo; secrets (password hashes, sessions, reset tokens, idempotency keys) left out',
      },
    },
    async (req, reply) => {
      const who = principal(req);
      const at = ctx.clock.now();
      await recordAudit(ctx.db, { actorId: who.id, action: 'data.export', entity: 'database', entityId: 'all' });
      const zip = new ZipWriter(at);
      run(zip, req.log, () => writeFullExport(ctx.db, zip, at));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName('pawdesk-export', at)}"`)
        .header('cache-control', 'no-store')
        .send(zip.stream);
    },
  );

  app.get(
    '/customer/export',
    {
      onRequest: app.auth('customer'),
      schema: {
        tags: ['customer area'],
        summary:
          "The caller's own data as one zip (profile, pets, vaccinations, visits, payments, appointments, reservations, " +
          'subscriptions, prescriptions, the list of their documents), each as CSV and JSON',
      },
    },
    async (req, reply) => {
      const who = principal(req);
      const at = ctx.clock.now();
      await recordAudit(ctx.db, { actorId: who.id, action: 'data.export-own', entity: 'user', entityId: who.id });
      const zip = new ZipWriter(at);
      run(zip, req.log, () => writeOwnerExport(ctx.db, zip, who.id, at));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName('my-pawdesk-data', at)}"`)
        .header('cache-control', 'no-store')
        .send(zip.stream);
    },
  );
};

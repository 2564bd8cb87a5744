import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupFileName } from '../../db/backup.ts';
import { bearerMatches } from '../../lib/bearer.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

/** Whether the connection comes from this machine (the socket's address: a proxy's X-Forwarded-For plays no part). */
export function fromLoopback(req: FastifyRequest): boolean {
  const a = req.socket.remoteAddress ?? '';
  return a === '::1' || /^(::ffff:)?127\./.test(a);
}

/**
 * Backups of the embedded database while the server runs (issue 22): the server holds the PGlite directory, so it is
 * the one that takes the dump (db/backup.ts `dumpPglite`), between transactions, while it keeps serving. Admins call
 * it, and so does `npm run backup` on this machine with the server's local token (db/server-access.ts). On
 * PostgreSQL the answer is 409: pg_dump backs it up (docs/operations.md, "Backups").
 */
export const backupRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.authAdmin() as unknown as (req: FastifyRequest) => Promise<void>;
  /** One backup at a time: a second request waits for the first (each gets its own dump). */
  let queue: Promise<unknown> = Promise.resolve();

  app.post(
    '/admin/backup',
    {
      onRequest: async (req) => {
        if (ctx.localToken && fromLoopback(req) && bearerMatches(req.headers.authorization, ctx.localToken)) return;
        await admin(req);
      },
      schema: {
        tags: ['admin'],
        summary:
          'Admins (and `npm run backup` on the server machine): a backup of the embedded database, taken by the ' +
          'running server between transactions, as a .tar.gz download (photos included); 409 on PostgreSQL (use pg_dump)',
      },
    },
    async (req, reply) => {
      const dump = ctx.dumpDatabase;
      if (!dump) {
        throw conflict(
          'The database is PostgreSQL: back it up with pg_dump -Fc and restore with pg_restore (docs/operations.md, "Backups").',
        );
      }
      const at = new Date();
      // Recorded first, so the backup itself holds the entry that it was taken.
      await recordAudit(ctx.db, {
        actorId: req.principal?.id ?? null,
        action: 'database.backup',
        entity: 'database',
        entityId: 'all',
      });
      const started = performance.now();
      const run = queue.then(() => dump());
      queue = run.catch(() => {});
      const blob = await run;
      const ms = Math.round(performance.now() - started);
      req.log.info({ bytes: blob.size, ms }, 'backup taken');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${backupFileName(at)}"`)
        .header('content-length', String(blob.size))
        .header('x-backup-ms', String(ms))
        .header('cache-control', 'no-store')
        .send(Readable.fromWeb(blob.stream() as WebReadableStream<Uint8Array>));
    },
  );
};

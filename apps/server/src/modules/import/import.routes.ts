import { tmpdir } from 'node:os';
import path from 'node:path';
import sse from '@fastify/sse';
import { idParams } from '@pawdesk/shared';
import {
  IMPORT_MESSAGES as M,
  IMPORT_STREAM_EVENTS as EV,
  IMPORT_UPLOAD_DEFAULT_MB,
  type ImportProgress,
  type ImportRun,
  importProblemsQuery,
  importProblemsResponse,
  importRunResponse,
  importRunsQuery,
  importRunsResponse,
  importUploadQuery,
  importUploadResponse,
  startImportRunBody,
  startImportRunResponse,
} from '@pawdesk/shared/import/admin-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { safeError } from '../../lib/log-safe.ts';
import { principal } from '../../plugins/auth.ts';
import { findUserById } from '../auth/auth.service.ts';
import { isStoredRunReport, reportForScreen, reportMarkdown, screenProblem } from './run-report.ts';
import { createImportRuns, liveStateOf, type StreamEvent } from './runs.ts';
import { endedRuns, type ImportRunListRow, problemsPage, runById, runRows, runningRuns } from './runs.repo.ts';
import { parseSource, receiveUpload, removeOldUploads } from './uploads.ts';

const tags = ['admin'];
/** Content types of a zip: browsers on Windows send the second. */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];
/** How often a stream looks for runs of other instances (PostgreSQL). */
const FOLLOW_MS = 2_000;
const HEARTBEAT_MS = 25_000;
const RETRY_MS = 3_000;
const notFinished = 'The report is written when the run finishes';

/**
 * The import screen's API (issue 21, admins only; docs/api.md "Import"): upload a zip of the original's export, start
 * a dry run or an import of it (one at a time, in the background of this instance), follow its progress as
 * server-sent events, and read the runs and their reports.
 */
export const importRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = app.authAdmin();
  const root = ctx.config.importDir ?? path.join(tmpdir(), 'pawdesk-imports');
  const maxMb = ctx.config.importUploadMaxMb ?? IMPORT_UPLOAD_DEFAULT_MB;
  const runs = createImportRuns(ctx, app.log, root);
  /** This instance's open streams. */
  const streams = new Set<FastifyReply>();
  const send = (reply: FastifyReply, e: StreamEvent & { retry?: number }) => {
    if (reply.sse.isConnected) reply.sse.send(e).catch(() => {});
  };
  const broadcast = (e: StreamEvent) => {
    for (const r of streams) send(r, e);
  };
  runs.subscribe(broadcast);

  // The zip arrives as the raw body, handed on as a stream (never buffered): uploads.ts writes it to disk and counts
  // its bytes against the limit. A declared length over the limit is refused before a byte is read.
  app.addContentTypeParser(ZIP_TYPES, (req, payload, done) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > maxMb * 2 ** 20) return done(new AppError(400, M.tooLarge(maxMb)), undefined);
    done(null, payload);
  });

  await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });
  // Runs a stopped server left marked running (the embedded database: one process; PostgreSQL: no heartbeat).
  app.addHook('onReady', async () => {
    await runs.sweep().catch((err) => app.log.warn({ err: safeError(err) }, 'import: could not check old runs'));
  });
  app.addHook('preClose', async () => {
    for (const r of streams) r.sse.close();
    streams.clear();
    stopFollowing();
  });
  // A run still going when the server stops: wait a little for its end (the next start marks it abandoned if not).
  app.addHook('onClose', async () => {
    await Promise.race([runs.idle(), new Promise((r) => setTimeout(r, 8_000).unref())]);
    runs.close();
  });

  /**
   * Runs of other instances (PostgreSQL, behind a load balancer): while streams are open here and no run of this
   * instance goes on, the running rows' saved progress is pushed to them, and their end.
   */
  let follow: NodeJS.Timeout | undefined;
  const followed = new Map<string, string>();
  const stopFollowing = () => {
    clearInterval(follow);
    follow = undefined;
  };
  const followRemote = () => {
    if (ctx.dbKind !== 'postgres' || follow) return;
    follow = setInterval(() => {
      if (streams.size === 0) return stopFollowing();
      if (runs.current()) return;
      (async () => {
        const rows = await runningRuns(ctx.db);
        for (const r of rows) {
          const live = liveStateOf(r.report);
          if (!live || followed.get(r.id) === live.heartbeatAt + JSON.stringify(live.progress.collections)) continue;
          followed.set(r.id, live.heartbeatAt + JSON.stringify(live.progress.collections));
          broadcast({ event: EV.progress, data: live.progress });
        }
        const gone = [...followed.keys()].filter((id) => !rows.some((r) => r.id === id));
        for (const e of await endedRuns(ctx.db, gone)) {
          followed.delete(e.id);
          broadcast({ event: EV.finished, data: { runId: e.id, status: e.status, error: e.error } });
        }
      })().catch((err) => app.log.warn({ err: safeError(err) }, 'import: could not follow runs'));
    }, FOLLOW_MS);
    follow.unref();
  };

  /** A run as the screen lists it, with the name of who started it. */
  const names = new Map<string, string>();
  const toRun = async (r: ImportRunListRow): Promise<ImportRun> => {
    let startedBy: ImportRun['startedBy'] = null;
    if (r.startedBy) {
      if (!names.has(r.startedBy))
        names.set(r.startedBy, (await findUserById(ctx.db, r.startedBy))?.fullName ?? 'Unknown account');
      startedBy = { _id: r.startedBy, fullName: names.get(r.startedBy)! };
    }
    const { uploadId, fileName } = parseSource(r.source);
    return {
      _id: r.id,
      mode: r.mode,
      status: r.status,
      via: r.via,
      startedBy,
      source: uploadId ? (fileName ?? 'Uploaded zip') : r.source,
      uploadId,
      fileName,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      documents: r.documents,
      error: r.error,
    };
  };

  app.post(
    '/admin/import/uploads',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Admins: uploads a zip of the original system\'s export as the raw body (Content-Type: application/zip, at most IMPORT_UPLOAD_MAX_MB), unpacks it on the server and answers what it holds; refuses a file that is not a zip, a zip over the limit, and entries that leave the folder (absolute paths, "..") or are links',
        querystring: importUploadQuery,
        response: { 201: importUploadResponse },
      },
    },
    async (req, reply) => {
      const id = newId();
      // Old uploads go first (a week, unless a run reads them): each can be hundreds of MB.
      const reading = new Set((await runningRuns(ctx.db)).flatMap((r) => parseSource(r.source).uploadId ?? []));
      await removeOldUploads(root, reading).catch(() => {});
      const upload = await receiveUpload({ root, maxBytes: maxMb * 2 ** 20 }, id, req.body, req.query.name ?? null);
      return reply.code(201).send({ success: true as const, upload });
    },
  );

  app.post(
    '/admin/import/runs',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "Admins: starts a dry run ({ mode: 'dry-run' }: everything inside one transaction, rolled back) or an import of an upload, in the background of this server; 202 with the run's id. One run at a time (409); an import needs a finished dry run of the same upload (409); 409 when the database already holds owners, pets or sales of its own",
        body: startImportRunBody,
        response: { 202: startImportRunResponse },
      },
    },
    async (req, reply) => {
      const runId = await runs.start(principal(req), req.body.uploadId, req.body.mode);
      return reply.code(202).send({ success: true as const, message: M.started(req.body.mode), runId });
    },
  );

  app.get(
    '/admin/import/runs',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Admins: import runs (the screen's and the command line's), newest first, paged by cursor",
        querystring: importRunsQuery,
        response: { 200: importRunsResponse },
      },
    },
    async (req) => {
      await runs.sweep();
      const { rows, nextCursor } = page(
        await runRows(ctx.db, { limit: req.query.limit, cursor: decodeCursor(req.query.cursor) }),
        req.query.limit,
      );
      const list: ImportRun[] = [];
      for (const r of rows) list.push(await toRun(r));
      return { success: true as const, runs: list, nextCursor };
    },
  );

  app.get(
    '/admin/import/runs/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Admins: one run: its state, documents read, and when finished its report (counts and money per collection, the first 50 problems of each); while running, its progress',
        params: idParams,
        response: { 200: importRunResponse },
      },
    },
    async (req) => {
      await runs.sweep();
      const row = await runById(ctx.db, req.params.id);
      if (!row) throw notFound('Import run');
      const mine = runs.current();
      const progress: ImportProgress | null =
        row.status !== 'running' ? null : mine?.runId === row.id ? mine : (liveStateOf(row.report)?.progress ?? null);
      const report = row.status !== 'running' && isStoredRunReport(row.report) ? reportForScreen(row.report) : null;
      return { success: true as const, run: { ...(await toRun(row)), report, progress } };
    },
  );

  app.get(
    '/admin/import/runs/:id/problems',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "Admins: a finished run's problems for one collection (collection=other: those tied to none), paged by offset, with the total",
        params: idParams,
        querystring: importProblemsQuery,
        response: { 200: importProblemsResponse },
      },
    },
    async (req) => {
      const { collection, offset, limit } = req.query;
      const got = await problemsPage(ctx.db, req.params.id, collection, offset, limit);
      if (!got) throw notFound('Import run');
      const problems = got.problems.filter(isProblem).map(screenProblem);
      return { success: true as const, problems, total: got.total };
    },
  );

  app.get(
    '/admin/import/runs/:id/report.md',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Admins: a finished run's report as Markdown (a download): counts, money before and after, every problem",
        params: idParams,
      },
    },
    async (req, reply) => {
      const row = await runById(ctx.db, req.params.id);
      if (!row) throw notFound('Import run');
      if (!isStoredRunReport(row.report))
        throw new AppError(409, row.status === 'running' ? notFinished : 'This run has no report: it failed before it finished');
      const stamp = row.startedAt.toISOString().slice(0, 19).replace(/:/g, '-');
      return reply
        .type('text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${stamp}-${row.mode}.md"`)
        .send(reportMarkdown(row.report));
    },
  );

  app.get(
    '/admin/import/events',
    {
      onRequest: admin,
      preHandler: async (req) => {
        if (!String(req.headers.accept ?? '').includes('text/event-stream')) throw new AppError(406, M.streamAccept);
      },
      sse: true,
      schema: {
        tags,
        summary:
          "Admins: server-sent events of the import runs (Accept: text/event-stream): 'ready' with the run going on (or null) on connect, 'progress' as a run's collections advance, 'finished' when it ends; heartbeat comments. Open it before starting a run",
      },
    },
    async (_req, reply) => {
      if (!reply.sse) throw new AppError(406, M.streamAccept);
      let current = runs.current();
      if (!current && ctx.dbKind === 'postgres') {
        const rows = await runningRuns(ctx.db);
        current = rows.map((r) => liveStateOf(r.report)?.progress).find((p) => p) ?? null;
      }
      streams.add(reply);
      reply.sse.keepAlive();
      reply.sse.onClose(() => streams.delete(reply));
      send(reply, { event: EV.ready, data: { progress: current }, retry: RETRY_MS });
      followRemote();
    },
  );
};

const isProblem = (p: unknown): p is { collection: string; file: string; message: string } =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as { message?: unknown }).message === 'string' &&
  typeof (p as { file?: unknown }).file === 'string' &&
  typeof (p as { collection?: unknown }).collection === 'string';

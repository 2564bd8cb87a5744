import {
  IMPORT_MESSAGES as M,
  IMPORT_STREAM_EVENTS as EV,
  type ImportCollectionProgress,
  type ImportFinishedEvent,
  type ImportMode,
  type ImportProgress,
} from '@pawdesk/shared/import/admin-schemas';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { safeError } from '../../lib/log-safe.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ExportError, findExport } from './read/export-reader.service.ts';
import { buildRunReport } from './run-report.ts';
import { fetchPhotos, type PhotoResult } from './write/photos.repo.ts';
import { dryRunDone, markAbandoned, runningRuns, saveLiveState } from './runs.repo.ts';
import { sourceOf, uploadedExport } from './uploads.ts';
import { emptyCounts } from './write/context.ts';
import {
  checkDiskSpace,
  IMPORT_ORDER,
  type ImportProgress as EngineProgress,
  ImportRefused,
  recordRunEnd,
  recordRunStart,
  runImport,
} from './write/engine.ts';
import { refusalToImport } from './write/precondition.repo.ts';

/**
 * Runs of the import screen (issue 21). A run goes on in the background of the server instance that started it,
 * one at a time: a second start while one runs is a 409 (this instance knows its own run; another instance's is seen
 * in import_runs). Its progress goes to this instance's open streams at once (in memory, so it flows even while an
 * embedded database is busy with the run's transaction) and, on PostgreSQL, into its import_runs row every few
 * seconds with a heartbeat, so streams on other instances follow it and a run whose instance died is told apart.
 */

/** A run of another instance whose heartbeat is older than this is taken as abandoned (its process died). */
export const STALE_MS = 2 * 60_000;
/** How often a running run writes its heartbeat and progress (PostgreSQL). */
export const HEARTBEAT_MS = 20_000;
/** At most this often a run's progress is pushed to the streams (a phase change goes at once). */
export const PUSH_MS = 250;
const ABANDONED = 'The server stopped before the run finished. Run it again: an import continues where it stopped.';
/** Serialises starts across instances (a transaction-level advisory lock). */
const START_LOCK = 7_212_022;

export interface StreamEvent {
  event: string;
  data: unknown;
}
type Listener = (e: StreamEvent) => void;

interface ActiveRun {
  id: string;
  mode: ImportMode;
  startedBy: string;
  progress: ImportProgress;
  done: Promise<void>;
  lastPush: number;
  pushTimer?: NodeJS.Timeout;
  lastSaved: number;
  saving: boolean;
}

export interface LiveState {
  heartbeatAt: string;
  progress: ImportProgress;
}

/** The live state kept in a running row's report column (PostgreSQL), or null. */
export function liveStateOf(report: unknown): LiveState | null {
  const live = (report as { live?: unknown } | null)?.live as Partial<LiveState> | undefined;
  if (!live || typeof live.heartbeatAt !== 'string' || typeof live.progress !== 'object' || !live.progress) return null;
  return live as LiveState;
}

const documentsOf = (p: ImportProgress) => p.collections.reduce((n, c) => n + c.counts.read, 0);

/** The message a failed run keeps: the refusal or the export's problem as it is; anything else said plainly. */
function failureMessage(err: unknown, runId: string): string {
  if (err instanceof ImportRefused || err instanceof ExportError) return err.message;
  return `The run stopped because of an error on the server (see the server log, run ${runId}). What an import wrote before it stays; run it again to continue.`;
}

export function createImportRuns(ctx: Pick<AppContext, 'db' | 'dbKind' | 'config'>, log: FastifyBaseLogger, uploadsRoot: string) {
  const listeners = new Set<Listener>();
  let active: ActiveRun | null = null;
  let starting = false;
  let closed = false;

  const emit = (e: StreamEvent) => {
    for (const l of listeners) l(e);
  };

  /** Writes the run's heartbeat and progress (PostgreSQL): one write at a time, the latest state. */
  const save = (run: ActiveRun) => {
    if (ctx.dbKind !== 'postgres' || run.saving || closed) return;
    run.saving = true;
    run.lastSaved = Date.now();
    const live: LiveState = { heartbeatAt: new Date().toISOString(), progress: run.progress };
    saveLiveState(ctx.db, run.id, live, documentsOf(run.progress))
      .catch((err) => log.warn({ err: safeError(err) }, 'import: could not save the progress'))
      .finally(() => {
        run.saving = false;
      });
  };

  const push = (run: ActiveRun) => {
    clearTimeout(run.pushTimer);
    run.pushTimer = undefined;
    run.lastPush = Date.now();
    emit({ event: EV.progress, data: run.progress });
    if (Date.now() - run.lastSaved > 2_000) save(run);
  };

  const onProgress = (run: ActiveRun, p: EngineProgress) => {
    const entry = run.progress.collections.find((c) => c.collection === p.collection);
    const phaseChanged = entry?.phase !== p.phase;
    if (entry) {
      entry.phase = p.phase;
      entry.bytes = p.bytes;
      entry.totalBytes = p.totalBytes;
      entry.counts = p.counts ?? { ...entry.counts, read: p.documents };
      entry.problems = p.problems ?? entry.problems;
    } else if (p.phase === 'photos') {
      run.progress.collections.push({
        collection: 'photos',
        phase: 'photos',
        bytes: 0,
        totalBytes: 0,
        counts: emptyCounts(),
        problems: 0,
      });
    }
    run.progress.current = p.phase === 'done' ? null : p.collection;
    if (phaseChanged || Date.now() - run.lastPush >= PUSH_MS) push(run);
    else run.pushTimer ??= setTimeout(() => push(run), PUSH_MS);
  };

  /**
   * Marks runs abandoned: on the embedded database every running row but this instance's own (one process holds the
   * data directory); on PostgreSQL the screen's runs whose heartbeat stopped. Command-line runs on PostgreSQL keep no
   * heartbeat and are left alone (the engine's lock serialises their batches with the screen's).
   */
  async function sweep(db: Db = ctx.db): Promise<{ id: string; via: string }[]> {
    const rows = await runningRuns(db);
    const now = Date.now();
    const stale = rows.filter((r) => {
      if (r.id === active?.id) return false;
      if (ctx.dbKind === 'pglite') return true;
      if (r.via !== 'admin') return false;
      const beat = liveStateOf(r.report)?.heartbeatAt;
      return now - (beat ? Date.parse(beat) : r.startedAt.getTime()) > STALE_MS;
    });
    await markAbandoned(
      db,
      stale.map((r) => r.id),
      ABANDONED,
    );
    const staleIds = new Set(stale.map((r) => r.id));
    return rows.filter((r) => !staleIds.has(r.id));
  }

  async function finish(run: ActiveRun, outcome: { report?: unknown; error?: string }) {
    const status = outcome.error === undefined ? 'done' : 'failed';
    clearTimeout(run.pushTimer);
    try {
      await recordRunEnd(ctx.db, run.id, {
        status,
        documents: documentsOf(run.progress),
        ...(outcome.report !== undefined ? { report: outcome.report } : { report: null }),
        ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      });
      const totals = run.progress.collections.reduce(
        (t, c) => ({
          read: t.read + c.counts.read,
          imported: t.imported + c.counts.imported,
          updated: t.updated + c.counts.updated,
          merged: t.merged + c.counts.merged,
          skipped: t.skipped + c.counts.skipped,
          problems: t.problems + c.problems,
        }),
        { read: 0, imported: 0, updated: 0, merged: 0, skipped: 0, problems: 0 },
      );
      await recordAudit(ctx.db, {
        actorId: run.startedBy,
        action: 'import.finish',
        entity: 'import_run',
        entityId: run.id,
        after: { mode: run.mode, status, ...totals, ...(outcome.error ? { error: outcome.error } : {}) },
      });
    } catch (err) {
      log.error({ err: safeError(err) }, 'import: could not record the end of a run');
    }
    const finished: ImportFinishedEvent = { runId: run.id, status, error: outcome.error ?? null };
    emit({ event: EV.progress, data: run.progress });
    emit({ event: EV.finished, data: finished });
  }

  return {
    /** Starts a dry run or an import of an upload in the background; answers its id once it is recorded. */
    async start(who: { id: string }, uploadId: string, mode: ImportMode): Promise<string> {
      if (active || starting) throw conflict(M.busy);
      starting = true;
      try {
        const { dir: from, fileName } = await uploadedExport(uploadsRoot, uploadId);
        const source = sourceOf(uploadId, fileName);
        // Before anything is recorded: an export that cannot be read, a database that already holds records, a disk
        // too small. (The engine checks them again when it starts.)
        const found = await findExport(from).catch((err) => {
          if (err instanceof ExportError) throw new AppError(400, err.message.split(from).join('the zip'));
          throw err;
        });
        const refusal = await refusalToImport(ctx.db);
        if (refusal) throw conflict(refusal);
        await checkDiskSpace(found, ctx.dbKind === 'pglite' ? ctx.config.dataDir : undefined).catch((err) => {
          if (err instanceof ImportRefused) throw conflict(err.message);
          throw err;
        });
        if (mode === 'import' && !(await dryRunDone(ctx.db, source))) throw conflict(M.dryRunFirst);
        const id = newId();
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
          const running = await sweep(tx as unknown as Db);
          if (running.some((r) => r.via === 'admin')) throw conflict(M.busy);
          await recordRunStart(tx as unknown as Db, { id, mode, via: 'admin', startedBy: who.id, source });
        });
        await recordAudit(ctx.db, {
          actorId: who.id,
          action: 'import.start',
          entity: 'import_run',
          entityId: id,
          after: { mode, source },
        });
        const present = new Set(found.files.map((f) => f.collection));
        const collections: ImportCollectionProgress[] = IMPORT_ORDER.filter((c) => present.has(c)).map((c) => ({
          collection: c,
          phase: 'waiting',
          bytes: 0,
          totalBytes: found.files.find((f) => f.collection === c)?.bytes ?? 0,
          counts: emptyCounts(),
          problems: 0,
        }));
        const run: ActiveRun = {
          id,
          mode,
          startedBy: who.id,
          progress: { runId: id, mode, collections, current: null },
          done: Promise.resolve(),
          lastPush: 0,
          lastSaved: 0,
          saving: false,
        };
        active = run;
        const heartbeat = setInterval(() => save(run), HEARTBEAT_MS);
        heartbeat.unref();
        let photos: PhotoResult | undefined;
        run.done = runImport(ctx.db, {
          from,
          dryRun: mode === 'dry-run',
          via: 'admin',
          startedBy: who.id,
          runId: id,
          dataDir: ctx.dbKind === 'pglite' ? ctx.config.dataDir : undefined,
          onProgress: (p) => onProgress(run, p),
          // After an import, the original's pictures are copied from its image host (a dry run fetches none).
          fetchPhotos: async () => {
            photos = await fetchPhotos(ctx.db, { startedBy: who.id });
          },
        })
          .then(
            (result) => finish(run, { report: buildRunReport(result, mode, fileName ?? 'Uploaded zip', photos) }),
            (err) => {
              if (!(err instanceof ImportRefused || err instanceof ExportError)) {
                log.error({ err: safeError(err), runId: id }, 'import: the run failed');
              }
              return finish(run, { error: failureMessage(err, id) });
            },
          )
          .finally(() => {
            clearInterval(heartbeat);
            if (active === run) active = null;
          });
        emit({ event: EV.progress, data: run.progress });
        return id;
      } finally {
        starting = false;
      }
    },

    /** This instance's run going on now: its progress, or null. */
    current(): ImportProgress | null {
      return active?.progress ?? null;
    },

    /** Marks abandoned runs (see `sweep`) and answers the running ones left. */
    sweep: () => sweep(),

    subscribe(l: Listener): () => void {
      listeners.add(l);
      return () => listeners.delete(l);
    },

    /** Resolves when no run is going on (tests; the server's close waits a while for a run's end). */
    async idle(): Promise<void> {
      while (active) await active.done;
    },

    close() {
      closed = true;
      listeners.clear();
    },
  };
}

export type ImportRuns = ReturnType<typeof createImportRuns>;

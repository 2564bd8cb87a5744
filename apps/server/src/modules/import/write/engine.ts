import { createHash } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { EJSON } from 'bson';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { importRecords, importRuns } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/ids.ts';
import {
  type CollectionFile,
  ExportError,
  type FoundExport,
  findExport,
  inBatches,
  type ReadProblem,
  readCollection,
  readMetadata,
} from '../read/export-reader.service.ts';
import { IMPORTERS } from './collections/index.ts';
import { type CollectionCounts, type CollectionMoney, ImportContext } from './context.ts';
import { refusalToImport } from './precondition.repo.ts';
import { insertUnnest } from './unnest.ts';
import type { Incoming, Outcome, PreviousRecord } from './types.ts';

/** The order collections are imported in: each only after those it refers to. */
export const IMPORT_ORDER = IMPORTERS.map((i) => i.collection);

export interface ImportProgress {
  collection: string;
  /** reading: the collection's file is being imported; done: it finished; photos: fetching pictures. */
  phase: 'reading' | 'done' | 'finishing' | 'photos';
  /** Bytes of the file read so far and in all. */
  bytes: number;
  totalBytes: number;
  documents: number;
  /** The collection's counts so far (a copy), and the problems listed for it so far. */
  counts?: CollectionCounts;
  problems?: number;
}

export interface RunOptions {
  from: string;
  dryRun: boolean;
  only?: readonly string[];
  /** Documents a transaction (default 1000). */
  batchSize?: number;
  via: 'cli' | 'admin';
  startedBy?: string | null;
  /** The run's id (its import_runs row, recorded before the run starts); default a new one. */
  runId?: string;
  now?: () => Date;
  onProgress?: (p: ImportProgress) => void;
  /** After the collections, fetch photos (not in a dry run). */
  fetchPhotos?: (ctx: ImportContext) => Promise<void>;
}

export interface CollectionResult {
  collection: string;
  file: string;
  complete: boolean;
  counts: CollectionCounts;
  money: CollectionMoney;
  problems: ReadProblem[];
}

export interface RunResult {
  runId: string;
  found: FoundExport;
  startedAt: Date;
  finishedAt: Date;
  collections: CollectionResult[];
  /** Problems not tied to one collection (the photos). */
  problems: ReadProblem[];
  /** True when nothing was added or changed (a rerun of the same export). */
  unchanged: boolean;
}

/** The import refused to start (the database already holds the business's records, not enough disk…). */
export class ImportRefused extends Error {
  override name = 'ImportRefused';
}

class DryRunRollback extends Error {}

/** SHA-256 of a document's canonical Extended JSON: equal for the same document read from any export format. */
export function documentHash(doc: Record<string, unknown>): string {
  return createHash('sha256')
    .update(EJSON.stringify(doc, { relaxed: false }))
    .digest('hex');
}

/**
 * Why an export of `exportBytes` (uncompressed, estimated) cannot be imported onto a disk with `freeBytes` free, or
 * null: the database needs about as much again as the documents (rows, indexes, the write-ahead log).
 */
export function diskRefusal(exportBytes: number, freeBytes: number): string | null {
  if (exportBytes * 2 <= freeBytes) return null;
  const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`;
  return `Not enough disk space: the export holds ${gib(exportBytes)} and the import needs about twice that (${gib(exportBytes * 2)}); ${gib(freeBytes)} is free where the database is`;
}

/**
 * Checked before starting, on the embedded database (its data directory is on this machine; PostgreSQL's disk is
 * its server's). A gzipped dump is counted at five times its size.
 */
export async function checkDiskSpace(found: FoundExport, dataDir: string | undefined): Promise<void> {
  if (!dataDir) return;
  const fs = await statfs(dataDir).catch(() => undefined);
  if (!fs) return;
  const refusal = diskRefusal(
    found.files.reduce((s, f) => s + f.bytes * (f.gzip ? 5 : 1), 0),
    fs.bavail * fs.bsize,
  );
  if (refusal) throw new ImportRefused(refusal);
}

async function previousRecords(tx: DbOrTx, collection: string, ids: string[]): Promise<Map<string, PreviousRecord>> {
  // One probe of the primary key per id of the batch, whatever the planner knows: `original_id = any($ids)`, and a
  // plain join on the ids, were planned — without statistics for a collection still being imported — as a read of
  // all its records (260–370 ms a batch at 400,000–700,000 visits, measured); a LATERAL with LIMIT cannot be turned
  // into a join, so each id is an index lookup (2 ms a batch).
  const result = (await tx.execute(sql`
    select r.* from unnest(${sql.param(ids)}::varchar[]) as u(id)
    cross join lateral (
      select r.original_id as id, r.hash, r.outcome, r.target_table as "targetTable", r.target_id as "targetId", r.money
        from import_records r where r.collection = ${collection} and r.original_id = u.id limit 1
    ) r`)) as unknown as {
    rows: (PreviousRecord & { id: string })[];
  };
  return new Map(result.rows.map(({ id, ...r }) => [id, r]));
}

/** Serialises batches of concurrent imports (two admins, the command line and the screen): one at a time. */
const IMPORT_LOCK = 7_212_021;

/**
 * Imports an export of the original system (issue 21), collection by collection in IMPORT_ORDER, each in batches
 * of one transaction: a crash or Ctrl-C leaves whole batches only, and the next run skips what is unchanged. A dry
 * run does everything inside one transaction and rolls it back, so its counts are exactly what an import would do.
 */
export async function runImport(db: Db, opts: RunOptions & { dataDir?: string }): Promise<RunResult> {
  const now = opts.now ?? (() => new Date());
  const startedAt = now();
  const found = await findExport(opts.from);
  const runId = opts.runId ?? newId();
  const ctx = new ImportContext(db, { runId, dryRun: opts.dryRun, now: startedAt, startedBy: opts.startedBy ?? null });
  const refusal = await refusalToImport(db);
  if (refusal) throw new ImportRefused(refusal);
  await checkDiskSpace(found, opts.dataDir);

  const results: CollectionResult[] = [];
  const body = async (outer: DbOrTx) => {
    ctx.exec = outer;
    const inTx = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> =>
      opts.dryRun ? (outer as Tx).transaction((tx) => fn(tx as Tx)) : (outer as Db).transaction((tx) => fn(tx as Tx));
    for (const importer of IMPORTERS) {
      const file = found.files.find((f) => f.collection === importer.collection);
      if (!file || (opts.only && !opts.only.includes(importer.collection))) continue;
      results.push(await importCollection(ctx, importer, file, inTx, opts));
    }
    if (!opts.dryRun && opts.fetchPhotos) {
      ctx.collection = 'photos';
      opts.onProgress?.({ collection: 'photos', phase: 'photos', bytes: 0, totalBytes: 0, documents: 0 });
      await opts.fetchPhotos(ctx);
    }
  };
  if (opts.dryRun) {
    try {
      await db.transaction(async (tx) => {
        await body(tx);
        throw new DryRunRollback();
      });
    } catch (err) {
      if (!(err instanceof DryRunRollback)) throw err;
    }
  } else {
    await body(db);
  }
  const changed = results.some((r) => r.counts.imported + r.counts.updated + r.counts.merged > 0);
  return {
    runId,
    found,
    startedAt,
    finishedAt: now(),
    collections: results,
    problems: ctx.problems.filter((p) => p.collection === 'photos'),
    unchanged: !changed,
  };
}

async function importCollection(
  ctx: ImportContext,
  importer: (typeof IMPORTERS)[number],
  file: CollectionFile,
  inTx: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  opts: RunOptions,
): Promise<CollectionResult> {
  const collection = importer.collection;
  ctx.collection = collection;
  ctx.ledger.collection = collection;
  const counts = ctx.countsOf(collection);
  const problemsBefore = ctx.problems.length;
  let complete = true;
  const metadata = await readMetadata(file);
  if (metadata && 'error' in metadata) ctx.problems.push({ collection, file: file.name, message: metadata.error });
  await importer.prepare?.(ctx);
  let bytes = 0;
  const progress = (phase: ImportProgress['phase']) =>
    opts.onProgress?.({
      collection,
      phase,
      bytes,
      totalBytes: file.bytes,
      documents: counts.read,
      counts: { ...counts, skippedWhy: { ...counts.skippedWhy } },
      problems: ctx.problems.length - problemsBefore,
    });
  progress('reading');
  const docs = readCollection(file, {
    onProblem: (p) => {
      ctx.problems.push(p);
      if (p.fatal) complete = false;
    },
    onBytes: (n) => {
      bytes += n;
    },
  });
  const outerExec = ctx.exec;
  for await (const batch of inBatches(docs, opts.batchSize ?? 1000)) {
    counts.read += batch.length;
    const incoming: Incoming[] = batch.map((d) => ({ ...d, hash: documentHash(d.doc) }));
    await inTx(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      ctx.exec = tx;
      const previous = await previousRecords(
        tx,
        collection,
        incoming.map((d) => d.id),
      );
      const todo: Incoming[] = [];
      for (const d of incoming) {
        const prev = previous.get(d.id);
        if (prev && prev.hash === d.hash) {
          counts.unchanged += 1;
          if (prev.outcome === 'merged') ctx.aliases.set(`${collection}:${d.id}`, prev.targetId);
          continue;
        }
        todo.push(prev ? { ...d, previous: prev } : d);
      }
      if (todo.length === 0) return;
      const outcomes = await importer.importBatch(tx, todo, ctx);
      if (outcomes.length !== todo.length)
        throw new Error(`${collection}: ${outcomes.length} outcomes for ${todo.length} documents`);
      await ctx.ledger.flush(tx);
      await writeRecords(tx, ctx, collection, todo, outcomes, counts);
    })
      .catch((err) => {
        ctx.ledger.discard();
        throw err;
      })
      .finally(() => {
        ctx.exec = outerExec;
      });
    progress('reading');
  }
  if (importer.finish) {
    progress('finishing');
    await inTx(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      ctx.exec = tx;
      await importer.finish!(tx, ctx);
      await ctx.ledger.flush(tx);
    }).finally(() => {
      ctx.exec = outerExec;
    });
  }
  progress('done');
  const problems = ctx.problems.slice(problemsBefore).map((p) => ({ ...p, file: p.file || file.name }));
  ctx.problems.splice(problemsBefore, problems.length, ...problems);
  return { collection, file: file.name, complete, counts, money: ctx.moneyOf(collection), problems };
}

async function writeRecords(
  tx: Tx,
  ctx: ImportContext,
  collection: string,
  docs: Incoming[],
  outcomes: Outcome[],
  counts: CollectionCounts,
): Promise<void> {
  const rows: (typeof importRecords.$inferInsert)[] = [];
  const importedAt = new Date();
  docs.forEach((d, i) => {
    const o = outcomes[i]!;
    if (o.kind === 'skipped') {
      counts.skipped += 1;
      counts.skippedWhy[o.reason] = (counts.skippedWhy[o.reason] ?? 0) + 1;
      return;
    }
    if (o.kind === 'merged') {
      ctx.aliases.set(`${collection}:${d.id}`, o.id);
      counts.merged += 1;
    } else if (d.previous) counts.updated += 1;
    else counts.imported += 1;
    rows.push({
      collection,
      originalId: d.id,
      hash: d.hash,
      outcome: o.kind === 'merged' ? 'merged' : 'imported',
      targetTable: o.table,
      targetId: o.id,
      money: o.money ?? d.previous?.money ?? null,
      runId: ctx.opts.runId,
      importedAt: importedAt,
    });
  });
  if (rows.length === 0) return;
  // Unnest statements for the batch (a `values` list of 1000 rows was a tenth of the visits' import): a plain insert
  // of the documents seen for the first time (read just now under the import lock: none has a record), an upsert of
  // the changed ones.
  const changed = new Set(docs.filter((d) => d.previous).map((d) => d.id));
  await insertUnnest(
    tx,
    importRecords,
    rows.filter((r) => !changed.has(r.originalId)),
    { onConflict: 'error' },
  );
  await insertUnnest(
    tx,
    importRecords,
    rows.filter((r) => changed.has(r.originalId)),
    {
      onConflict: {
        target: ['collection', 'originalId'],
        update: ['hash', 'outcome', 'targetTable', 'targetId', 'money', 'runId', 'importedAt'],
      },
    },
  );
}

/** Runs recorded for the admin screen. */
export async function recordRunStart(
  db: Db,
  run: { id: string; mode: 'dry-run' | 'import' | 'photos'; via: 'cli' | 'admin'; startedBy: string | null; source: string },
): Promise<void> {
  await db.insert(importRuns).values({ ...run, status: 'running' });
}

export async function recordRunEnd(
  db: Db,
  id: string,
  end: { status: 'done' | 'failed'; documents: number; report?: unknown; error?: string },
): Promise<void> {
  await db
    .update(importRuns)
    .set({ ...end, finishedAt: new Date() })
    .where(eq(importRuns.id, id));
}

export { ExportError };

// npm run import:original -- --from DIR [--dry-run] [--only COLLECTION,…] [--report PATH] [--photo-mirror FROM=TO]
// npm run import:original -- --photos-only [--photo-mirror FROM=TO]
//
// Imports an export of the original system (mongodump or mongoexport) into the configured database (issue 21;
// docs/moving-in.md). --dry-run does everything and rolls it back. Every run writes a report (Markdown and JSON).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { IMPORT_SCREEN_HINT } from '../db/data-dir-lock.ts';
import { migrateOrCheck } from '../db/index.ts';
import { installReferenceData } from '../db/seed/reference.ts';
import { openDatabaseFor } from './open-database.ts';
import { buildReport, type ImportReport, writeReport } from '../modules/import/import-report.service.ts';
import { ORIGINAL_COLLECTIONS, problemPlace, type ReadProblem } from '../modules/import/read/export-reader.service.ts';
import { ExportError, ImportRefused, type ImportProgress, runImport } from '../modules/import/write/engine.ts';
import { fetchPhotos, type PhotoFetcher, type PhotoResult } from '../modules/import/write/photos.repo.ts';

export const USAGE =
  'usage: npm run import:original -- --from DIR [--dry-run] [--only COLLECTION,…] [--report PATH] [--photo-mirror FROM=TO]\n' +
  '       npm run import:original -- --photos-only [--photo-mirror FROM=TO]';
/** Problems printed per collection; the report holds them all. */
const SHOWN = 10;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The folder relative paths are read from (npm's INIT_CWD: where the user typed the command). */
  cwd: string;
  /** A stream for progress bars, when the output is a terminal. */
  progress?: NodeJS.WritableStream;
  now?: () => Date;
  /** The database to import into (tests); otherwise the configured one is opened (and migrated). */
  database?: Database;
  /** Downloads photos (tests: a stand-in image host). */
  fetcher?: PhotoFetcher;
  /** Per try, for photos. */
  photoTimeoutMs?: number;
}

interface Args {
  from?: string;
  'dry-run'?: boolean;
  'photos-only'?: boolean;
  only?: string;
  report?: string;
  'photo-mirror'?: string[];
  batch?: string;
  help?: boolean;
}

/** Runs the command; returns the exit code (0 done, 1 the export cannot be read or the import refused, 2 usage). */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let values: Args;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'photos-only': { type: 'boolean', default: false },
        only: { type: 'string' },
        report: { type: 'string' },
        'photo-mirror': { type: 'string', multiple: true },
        batch: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const photosOnly = values['photos-only'] === true;
  if (!values.from && !photosOnly) {
    io.err(`--from DIR is required: the folder holding the export\n${USAGE}`);
    return 2;
  }
  if (photosOnly && (values.from || values['dry-run'] || values.only)) {
    io.err(`--photos-only fetches the photos still missing; it takes no --from, --dry-run or --only\n${USAGE}`);
    return 2;
  }
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((c) => !(ORIGINAL_COLLECTIONS as readonly string[]).includes(c)) ?? [];
  if (unknown.length > 0) {
    io.err(`--only: ${unknown.join(', ')} is not a collection of the original (${ORIGINAL_COLLECTIONS.join(', ')})`);
    return 2;
  }
  const mirror: { from: string; to: string }[] = [];
  for (const m of values['photo-mirror'] ?? []) {
    const [from, to] = m.split('=');
    if (!from || !to || !/^https?:\/\//.test(from) || !/^https?:\/\//.test(to)) {
      io.err(`--photo-mirror takes FROM=TO, two URL prefixes (https://res.cloudinary.com=https://mirror.example)\n${USAGE}`);
      return 2;
    }
    mirror.push({ from, to });
  }
  const batchSize = values.batch ? Number(values.batch) : undefined;
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)) {
    io.err(`--batch takes a whole number from 1 to 10000\n${USAGE}`);
    return 2;
  }

  const now = io.now ?? (() => new Date());
  const startedAt = now();
  const config = io.database ? undefined : loadConfig();
  // On the embedded database the command holds the data directory's lock for its length: it refuses while a server
  // (or another command) has it open, since two processes on one PGlite directory corrupt it.
  const database = io.database ?? (await openDatabaseFor('import:original', config!, { hint: IMPORT_SCREEN_HINT }));
  try {
    if (config) {
      // As the server starts: migrations (or the check that none is pending) and the installed reference data (visit
      // types, plans, services), which the original's replace. Never demo data: the import needs an empty database.
      await migrateOrCheck(database, config);
      await installReferenceData(database.db);
    }
    const photoOpts = { fetcher: io.fetcher, mirror, timeoutMs: io.photoTimeoutMs };
    if (photosOnly) {
      io.out('Fetching the photos that are still missing…');
      const photos = await fetchPhotos(database.db, photoOpts);
      printPhotos(photos, io);
      return 0;
    }
    const from = path.resolve(io.cwd, values.from as string);
    const dryRun = values['dry-run'] === true;
    const bar = progressBar(io.progress);
    let announced = '';
    let photos: PhotoResult | undefined;
    const result = await runImport(database.db, {
      from,
      dryRun,
      only,
      batchSize,
      via: 'cli',
      now,
      dataDir: config?.databaseUrl ? undefined : config?.dataDir,
      onProgress: (p) => {
        bar.update(p);
        // Without a terminal (a log, a pipe), one line as each collection starts.
        if (!io.progress && p.phase === 'reading' && p.collection !== announced) {
          announced = p.collection;
          io.out(`Importing ${p.collection}…`);
        }
      },
      fetchPhotos: async () => {
        io.out('Fetching photos from the image host…');
        photos = await fetchPhotos(database.db, photoOpts);
      },
    }).catch((err) => {
      bar.stop();
      throw err;
    });
    bar.stop();
    io.out(
      `${dryRun ? 'Dry run (nothing was written)' : 'Imported'} from the ${result.found.kind} export in ${result.found.dir}`,
    );
    const report = buildReport({
      mode: dryRun ? 'dry-run' : 'import',
      from,
      result,
      only,
      photos: photos ? { ...photos } : null,
    });
    for (const c of report.collections) printCollection(c, io);
    if (photos) printPhotos(photos, io);
    for (const f of report.ignoredFiles) io.out(`Not read: ${f.name} (${f.reason})`);
    if (report.missing.length > 0) io.out(`Not in the export: ${report.missing.join(', ')}`);
    if (report.notImported.length > 0)
      io.out(`Read but not imported (never used by the original): ${report.notImported.join(', ')}`);
    printTotals(report, io);
    const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
    const base = values.report
      ? path.resolve(io.cwd, values.report.replace(/\.(md|json)$/, ''))
      : path.resolve(io.cwd, 'import-reports', `import-${stamp}${dryRun ? '-dry-run' : ''}`);
    const written = await writeReport(report, base);
    io.out(`Report: ${written.markdown} (and ${path.basename(written.json)})`);
    return 0;
  } catch (err) {
    if (err instanceof ExportError || err instanceof ImportRefused) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    if (!io.database) await database.close();
  }
}

/** One bar per collection, by bytes of its file read, when the output is a terminal. */
function progressBar(stream: NodeJS.WritableStream | undefined) {
  let bar: cliProgress.SingleBar | undefined;
  let current = '';
  return {
    update(p: ImportProgress) {
      if (!stream || p.phase === 'photos') return;
      if (p.collection !== current) {
        bar?.stop();
        current = p.collection;
        bar = new cliProgress.SingleBar(
          {
            format: '{collection} [{bar}] {percentage}% | {documents} documents',
            stream,
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(Math.max(1, p.totalBytes), 0, { collection: p.collection.padEnd(22), documents: 0 });
      }
      bar?.update(p.bytes, { documents: p.documents });
      if (p.phase === 'done') {
        bar?.stop();
        bar = undefined;
      }
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function printProblems(problems: ReadProblem[], io: CliIo): void {
  for (const p of problems.slice(0, SHOWN)) {
    io.out(`    ${problemPlace(p)}${p.originalId ? ` [${p.originalId}]` : ''}: ${p.message}`);
  }
  if (problems.length > SHOWN) io.out(`    … and ${problems.length - SHOWN} more in the report`);
}

function printCollection(c: ImportReport['collections'][number], io: CliIo): void {
  const parts = [
    `${c.imported} imported`,
    c.updated ? `${c.updated} updated` : '',
    c.merged ? `${c.merged} merged` : '',
    c.unchanged ? `${c.unchanged} unchanged` : '',
    c.skipped ? `${c.skipped} skipped` : '',
  ].filter(Boolean);
  const cut = c.complete ? '' : ' — not read to the end';
  io.out(
    `${c.collection.padEnd(22)} ${String(c.read).padStart(9)} read  ${parts.join(', ')}  ${plural(c.problems.length, 'problem')}${cut}  (${c.file})`,
  );
  if (!c.money.agrees) io.out('    money does not agree: see the report');
  printProblems(c.problems, io);
}

function printPhotos(p: PhotoResult, io: CliIo): void {
  io.out(
    `Photos: ${p.fetched} fetched, ${p.failed} could not be fetched${p.failed ? ' (they keep their URL: run again with --photos-only)' : ''}`,
  );
  printProblems(p.problems, io);
}

function printTotals(r: ImportReport, io: CliIo): void {
  const t = r.totals;
  io.out(
    `Read ${t.read} documents in ${r.collections.length} collections: ${t.imported} imported, ${t.updated} updated, ${t.merged} merged, ${t.unchanged} unchanged, ${t.skipped} skipped; ${plural(t.problems, 'problem')}.`,
  );
  io.out(
    t.money.agrees
      ? 'Money agrees to the paisa between the original and the ledger.'
      : 'Money does NOT agree between the original and the ledger: see the report.',
  );
  if (r.unchanged && r.mode === 'import') io.out('Nothing changed: the database already holds this export.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await main(process.argv.slice(2), {
    out: (l) => console.log(l),
    err: (l) => console.error(l),
    cwd: process.env.INIT_CWD ?? process.cwd(),
    progress: process.stdout.isTTY ? process.stdout : undefined,
  });
  process.exitCode = code;
}

// npm run import:original -- --from DIR --dry-run [--only COLLECTION,…] [--report PATH]
//
// Reads an export of the original system (mongodump or mongoexport) and reports, per collection, the documents
// read and every problem. Importing itself comes later (issue 21): without --dry-run the command refuses.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { buildReport, writeReport } from '../modules/import/import-report.service.ts';
import {
  type CollectionSummary,
  ExportError,
  findExport,
  ORIGINAL_COLLECTIONS,
  problemPlace,
  summariseExport,
} from '../modules/import/read/export-reader.service.ts';

export const USAGE = 'usage: npm run import:original -- --from DIR --dry-run [--only COLLECTION,…] [--report PATH]';
export const NOT_YET = 'Importing is not available yet: run with --dry-run to check an export';
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
}

/** Runs the command; returns the process exit code (0 done, 1 the export cannot be read, 2 a usage error). */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let values: { from?: string; 'dry-run'?: boolean; only?: string; report?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        only: { type: 'string' },
        report: { type: 'string' },
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
  if (!values['dry-run']) {
    io.err(NOT_YET);
    return 2;
  }
  if (!values.from) {
    io.err(`--from DIR is required: the folder holding the export\n${USAGE}`);
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
  const now = io.now ?? (() => new Date());
  const from = path.resolve(io.cwd, values.from);
  const startedAt = now();
  let found: Awaited<ReturnType<typeof findExport>>;
  try {
    found = await findExport(from);
  } catch (err) {
    if (err instanceof ExportError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  io.out(`Dry run: reading ${found.kind} export in ${found.dir} (nothing is written to the database)`);
  for (const missing of only?.filter((c) => !found.files.some((f) => f.collection === c)) ?? []) {
    io.out(`${missing}: not in the export`);
  }
  const bar = io.progress
    ? new cliProgress.SingleBar(
        {
          format: '{collection} [{bar}] {percentage}% | {mib} MiB',
          stream: io.progress,
          hideCursor: true,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  let done = 0;
  const summaries = await summariseExport(found, {
    only,
    onStart: (file) => {
      done = 0;
      bar?.start(file.bytes, 0, { collection: file.collection.padEnd(22), mib: '0.0' });
    },
    onBytes: (_file, bytes) => {
      done += bytes;
      bar?.update(done, { mib: (done / 2 ** 20).toFixed(1) });
    },
    onDone: (s) => {
      bar?.stop();
      printCollection(s, io);
    },
  });
  const report = buildReport({ from, found, summaries, startedAt, finishedAt: now(), only });
  for (const f of found.ignored) io.out(`Not read: ${f.name} (${f.reason})`);
  if (report.missing.length > 0) io.out(`Not in the export: ${report.missing.join(', ')}`);
  io.out(`Read ${report.totals.read} documents in ${summaries.length} collections; ${report.totals.problems} problems.`);
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const base = values.report
    ? path.resolve(io.cwd, values.report.replace(/\.(md|json)$/, ''))
    : path.resolve(io.cwd, 'import-reports', `import-${stamp}-dry-run`);
  const written = await writeReport(report, base);
  io.out(`Report: ${written.markdown} (and ${path.basename(written.json)})`);
  return 0;
}

function printCollection(s: CollectionSummary, io: CliIo): void {
  const problems = s.problems.length === 1 ? '1 problem' : `${s.problems.length} problems`;
  const cut = s.complete ? '' : ' — not read to the end';
  io.out(`${s.collection.padEnd(22)} ${String(s.read).padStart(9)} read  ${problems}${cut}  (${s.file})`);
  for (const p of s.problems.slice(0, SHOWN)) {
    io.out(`    ${problemPlace(p)}${p.originalId ? ` [${p.originalId}]` : ''}: ${p.message}`);
  }
  if (s.problems.length > SHOWN) io.out(`    … and ${s.problems.length - SHOWN} more in the report`);
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

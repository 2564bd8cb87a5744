import { toRupees } from '@pawdesk/shared';
import {
  IMPORT_PROBLEMS_SHOWN,
  type ImportMode,
  type ImportProblem,
  type ImportReport,
} from '@pawdesk/shared/import/admin-schemas';
import { buildReport, type ImportReport as FullReport, reportMarkdown } from './import-report.service.ts';
import type { ReadProblem } from './read/export-reader.service.ts';
import type { RunResult } from './write/engine.ts';
import type { PhotoResult } from './write/photos.repo.ts';

/**
 * The import screen keeps the same report as the command line (import-report.service.ts, money in paise, every
 * problem) in `import_runs.report`, and reads it through `reportForScreen` (rupees, the first problems of each
 * collection); its Markdown download is the command line's `reportMarkdown`.
 */
export type StoredRunReport = FullReport;

export function buildRunReport(result: RunResult, mode: ImportMode, source: string, photos?: PhotoResult): StoredRunReport {
  const report = buildReport({ mode, from: source, result, photos: photos ?? null });
  return {
    ...report,
    collections: report.collections.map((c) => ({ ...c, problems: c.problems.map(plainProblem) })),
    photos: report.photos ? { ...report.photos, problems: report.photos.problems.map(plainProblem) } : null,
  };
}

/** A problem with only the fields the report keeps (no `fatal`, no undefined keys). */
function plainProblem(p: ReadProblem): ReadProblem {
  return {
    collection: p.collection,
    file: p.file,
    ...(p.line !== undefined ? { line: p.line } : {}),
    ...(p.offset !== undefined ? { offset: p.offset } : {}),
    ...(p.originalId !== undefined ? { originalId: p.originalId } : {}),
    message: p.message,
  };
}

export const screenProblem = (p: ReadProblem): ImportProblem => plainProblem(p);

const rupeesPair = (m: { charged: number; paid: number }) => ({ charged: toRupees(m.charged), paid: toRupees(m.paid) });

/** The stored report as the screen reads it: rupees, and the first IMPORT_PROBLEMS_SHOWN problems per collection. */
export function reportForScreen(r: StoredRunReport): ImportReport {
  const other = r.photos?.problems ?? [];
  const described = { missing: r.missing, ignored: r.ignoredFiles };
  return {
    mode: r.mode === 'photos' ? 'import' : r.mode,
    exportKind: r.exportKind,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    unchanged: r.unchanged,
    collections: r.collections.map((c) => ({
      collection: c.collection,
      file: c.file,
      complete: c.complete,
      counts: {
        read: c.read,
        imported: c.imported,
        updated: c.updated,
        merged: c.merged,
        unchanged: c.unchanged,
        skipped: c.skipped,
        skippedWhy: c.skippedWhy,
      },
      money: { before: rupeesPair(c.money.before), after: rupeesPair(c.money.after) },
      problems: c.problems.slice(0, IMPORT_PROBLEMS_SHOWN).map(screenProblem),
      problemCount: c.problems.length,
    })),
    problems: other.slice(0, IMPORT_PROBLEMS_SHOWN).map(screenProblem),
    problemCount: other.length,
    ignoredFiles: described.ignored,
    missing: described.missing,
  };
}

/** A stored report of this shape (an older or foreign one is not shown as a report). */
export function isStoredRunReport(v: unknown): v is StoredRunReport {
  return (
    typeof v === 'object' &&
    v !== null &&
    (v as { kind?: unknown }).kind === 'pawdesk-import-report' &&
    (v as { version?: unknown }).version === 2 &&
    Array.isArray((v as { collections?: unknown }).collections)
  );
}

export { reportMarkdown };

import { toRupees } from '@pawdesk/shared';
import {
  IMPORT_PROBLEMS_SHOWN,
  type ImportMode,
  type ImportProblem,
  type ImportReport,
} from '@pawdesk/shared/import/admin-schemas';
import { describeExport } from './uploads.ts';
import { problemPlace, type ReadProblem } from './read/export-reader.service.ts';
import type { CollectionResult, RunResult } from './write/engine.ts';

/**
 * The report of a run of the import screen, as kept in `import_runs.report` (money in paise, every problem). It is
 * built from the engine's RunResult; the screen reads it through `reportForScreen` (rupees, the first problems of
 * each collection) and downloads it as Markdown (`reportMarkdown`).
 *
 * The command line's report (import-report.service.ts) is being extended with the import's counts and money; when
 * it is, this builder can give way to it: the screen depends only on `reportForScreen`'s answer.
 */
export interface StoredRunReport {
  kind: 'pawdesk-import-run';
  version: 1;
  mode: ImportMode;
  /** The uploaded file (or folder) the run read. */
  source: string;
  exportKind: string;
  startedAt: string;
  finishedAt: string;
  unchanged: boolean;
  collections: (Omit<CollectionResult, 'problems'> & { problems: ReadProblem[] })[];
  problems: ReadProblem[];
  ignoredFiles: { name: string; reason: string }[];
  missing: string[];
}

export function buildRunReport(result: RunResult, mode: ImportMode, source: string): StoredRunReport {
  const described = describeExport(result.found);
  return {
    kind: 'pawdesk-import-run',
    version: 1,
    mode,
    source,
    exportKind: result.found.kind,
    startedAt: result.startedAt.toISOString(),
    finishedAt: result.finishedAt.toISOString(),
    unchanged: result.unchanged,
    collections: result.collections.map((c) => ({ ...c, problems: c.problems.map(plainProblem) })),
    problems: result.problems.map(plainProblem),
    ignoredFiles: described.ignored,
    missing: described.missing,
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
  return {
    mode: r.mode,
    exportKind: r.exportKind,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    unchanged: r.unchanged,
    collections: r.collections.map((c) => ({
      collection: c.collection,
      file: c.file,
      complete: c.complete,
      counts: c.counts,
      money: { before: rupeesPair(c.money.before), after: rupeesPair(c.money.after) },
      problems: c.problems.slice(0, IMPORT_PROBLEMS_SHOWN).map(screenProblem),
      problemCount: c.problems.length,
    })),
    problems: r.problems.slice(0, IMPORT_PROBLEMS_SHOWN).map(screenProblem),
    problemCount: r.problems.length,
    ignoredFiles: r.ignoredFiles,
    missing: r.missing,
  };
}

/** A stored report of this shape (an older or foreign one is not shown as a report). */
export function isStoredRunReport(v: unknown): v is StoredRunReport {
  return (
    typeof v === 'object' &&
    v !== null &&
    (v as { kind?: unknown }).kind === 'pawdesk-import-run' &&
    Array.isArray((v as { collections?: unknown }).collections)
  );
}

/** Markdown table cells: a `|` or a line break would end the cell. */
function cell(s: string | number | undefined): string {
  return String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ');
}

const inr = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The report for a person: counts and money per collection, then every problem with its place and original id. */
export function reportMarkdown(r: StoredRunReport): string {
  const agrees = (c: StoredRunReport['collections'][number]) =>
    c.money.before.charged === c.money.after.charged && c.money.before.paid === c.money.after.paid;
  const lines: string[] = [
    `# Import report — ${r.mode === 'dry-run' ? 'dry run (nothing was written)' : 'import'}`,
    '',
    `- Export: ${cell(r.source)} (${r.exportKind})`,
    `- Started ${r.startedAt}, finished ${r.finishedAt}`,
    ...(r.unchanged ? ['- Nothing new or changed: the database already holds this export.'] : []),
    '',
    '## Collections',
    '',
    '| Collection | File | Read | Imported | Updated | Merged | Unchanged | Skipped | Problems | Read to the end |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...r.collections.map(
      (c) =>
        `| ${c.collection} | ${cell(c.file)} | ${c.counts.read} | ${c.counts.imported} | ${c.counts.updated} | ${c.counts.merged} | ${c.counts.unchanged} | ${c.counts.skipped} | ${c.problems.length} | ${c.complete ? 'yes' : '**no**'} |`,
    ),
    '',
    '## Money',
    '',
    '| Collection | Charged (original) | Charged (ledger) | Paid (original) | Paid (ledger) | Agrees |',
    '|---|---:|---:|---:|---:|---|',
    ...r.collections.map(
      (c) =>
        `| ${c.collection} | ${inr(c.money.before.charged)} | ${inr(c.money.after.charged)} | ${inr(c.money.before.paid)} | ${inr(c.money.after.paid)} | ${agrees(c) ? 'yes' : '**NO**'} |`,
    ),
    '',
  ];
  const skipped = r.collections.filter((c) => Object.keys(c.counts.skippedWhy).length > 0);
  if (skipped.length > 0) {
    lines.push('## Skipped', '');
    for (const c of skipped) {
      for (const [why, n] of Object.entries(c.counts.skippedWhy)) lines.push(`- ${c.collection}: ${n} × ${why}`);
    }
    lines.push('');
  }
  if (r.missing.length > 0) lines.push(`Not in the export: ${r.missing.join(', ')}.`, '');
  if (r.ignoredFiles.length > 0) {
    lines.push('Files not read:', '', ...r.ignoredFiles.map((f) => `- \`${f.name}\`: ${f.reason}`), '');
  }
  const groups = [
    ...r.collections.map((c) => ({ title: c.collection, problems: c.problems })),
    { title: 'Other', problems: r.problems },
  ].filter((g) => g.problems.length > 0);
  if (groups.length > 0) {
    lines.push('## Problems', '');
    for (const g of groups) {
      lines.push(`### ${g.title}`, '', '| Where | Original id | Problem |', '|---|---|---|');
      for (const p of g.problems) lines.push(`| ${cell(problemPlace(p))} | ${cell(p.originalId)} | ${cell(p.message)} |`);
      lines.push('');
    }
  }
  return `${lines.join('\n')}\n`;
}

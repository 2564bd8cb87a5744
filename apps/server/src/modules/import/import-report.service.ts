import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CollectionSummary,
  type FoundExport,
  ORIGINAL_COLLECTIONS,
  problemPlace,
  UNUSED_COLLECTIONS,
} from './read/export-reader.service.ts';

/**
 * The import report (issue 21): every run writes one, as JSON (for tools and for the admin screen later) and as
 * Markdown (for a person). This first version covers reading: per collection, the documents read and every problem
 * with its file, line or offset, and original id. The import itself will add its counts and money totals.
 */
export interface ImportReport {
  kind: 'pawdesk-import-report';
  version: 1;
  mode: 'dry-run';
  /** The folder given with --from, and where the collection files were found in it. */
  from: string;
  exportDir: string;
  exportKind: FoundExport['kind'];
  startedAt: string;
  finishedAt: string;
  only: string[] | null;
  collections: CollectionSummary[];
  /** Collections the original used that the export does not hold (nothing of them will be imported). */
  missing: string[];
  ignoredFiles: FoundExport['ignored'];
  totals: { read: number; problems: number };
}

export function buildReport(input: {
  from: string;
  found: FoundExport;
  summaries: CollectionSummary[];
  startedAt: Date;
  finishedAt: Date;
  only?: readonly string[];
}): ImportReport {
  const present = new Set(input.found.files.map((f) => f.collection));
  const wanted = input.only ?? ORIGINAL_COLLECTIONS.filter((c) => !UNUSED_COLLECTIONS.includes(c));
  return {
    kind: 'pawdesk-import-report',
    version: 1,
    mode: 'dry-run',
    from: input.from,
    exportDir: input.found.dir,
    exportKind: input.found.kind,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    only: input.only ? [...input.only] : null,
    collections: input.summaries,
    missing: wanted.filter((c) => !present.has(c)),
    ignoredFiles: input.found.ignored,
    totals: {
      read: input.summaries.reduce((s, c) => s + c.read, 0),
      problems: input.summaries.reduce((s, c) => s + c.problems.length, 0),
    },
  };
}

/** Markdown table cells: a `|` or a line break would end the cell. */
function cell(s: string | number | undefined): string {
  return String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ');
}

export function reportMarkdown(r: ImportReport): string {
  const lines: string[] = [
    `# Import report — ${r.mode === 'dry-run' ? 'dry run (nothing was written)' : r.mode}`,
    '',
    `- Export: \`${r.from}\`${r.exportDir !== r.from ? ` (collections in \`${r.exportDir}\`)` : ''}, ${r.exportKind}`,
    `- Started ${r.startedAt}, finished ${r.finishedAt}`,
    ...(r.only ? [`- Only: ${r.only.join(', ')}`] : []),
    `- Documents read: ${r.totals.read}; problems: ${r.totals.problems}`,
    '',
    '## Collections',
    '',
    '| Collection | File | Documents read | Problems | Read to the end |',
    '|---|---|---:|---:|---|',
    ...r.collections.map(
      (c) => `| ${c.collection} | ${cell(c.file)} | ${c.read} | ${c.problems.length} | ${c.complete ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
  if (r.missing.length > 0) lines.push(`Not in the export: ${r.missing.join(', ')}.`, '');
  if (r.ignoredFiles.length > 0) {
    lines.push('Files not read:', '', ...r.ignoredFiles.map((f) => `- \`${f.name}\`: ${f.reason}`), '');
  }
  const withProblems = r.collections.filter((c) => c.problems.length > 0);
  if (withProblems.length > 0) {
    lines.push('## Problems', '');
    for (const c of withProblems) {
      lines.push(`### ${c.collection}`, '', '| Where | Original id | Problem |', '|---|---|---|');
      for (const p of c.problems) lines.push(`| ${cell(problemPlace(p))} | ${cell(p.originalId)} | ${cell(p.message)} |`);
      lines.push('');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Writes `<base>.json` and `<base>.md`; returns the Markdown file's path. */
export async function writeReport(r: ImportReport, base: string): Promise<{ markdown: string; json: string }> {
  await mkdir(path.dirname(base), { recursive: true });
  const json = `${base}.json`;
  const markdown = `${base}.md`;
  await writeFile(json, `${JSON.stringify(r, null, 2)}\n`);
  await writeFile(markdown, reportMarkdown(r));
  return { markdown, json };
}

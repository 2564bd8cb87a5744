import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type FoundExport,
  ORIGINAL_COLLECTIONS,
  problemPlace,
  type ReadProblem,
  UNUSED_COLLECTIONS,
} from './read/export-reader.service.ts';
import type { RunResult } from './write/engine.ts';

/** Money of a collection in the report, in paise: what the original says and what the ledger rows written hold. */
export interface ReportMoney {
  before: { charged: number; paid: number };
  after: { charged: number; paid: number };
  /** Before and after agree to the paisa (charged and paid). */
  agrees: boolean;
}

export interface ReportCollection {
  collection: string;
  file: string;
  /** False when the file could not be read to its end. */
  complete: boolean;
  read: number;
  imported: number;
  updated: number;
  merged: number;
  unchanged: number;
  skipped: number;
  /** Skipped documents by reason. */
  skippedWhy: Record<string, number>;
  money: ReportMoney;
  problems: ReadProblem[];
}

/**
 * The import report (issue 21): every run writes one, as JSON (for tools and the admin screen) and as Markdown (for a
 * person): per collection the documents read, imported, updated, merged, left unchanged and skipped (with reasons),
 * the money before and after (to the paisa), and every problem with where it is and the original id.
 */
export interface ImportReport {
  kind: 'pawdesk-import-report';
  version: 2;
  mode: 'dry-run' | 'import' | 'photos';
  /** The folder given, and where the collection files were found in it. */
  from: string;
  exportDir: string;
  exportKind: FoundExport['kind'];
  startedAt: string;
  finishedAt: string;
  only: string[] | null;
  /** Nothing was added or changed: the database already held this export. */
  unchanged: boolean;
  collections: ReportCollection[];
  /** Collections the original used that the export does not hold. */
  missing: string[];
  /** Collections read but not imported (never used by the original's code). */
  notImported: string[];
  ignoredFiles: FoundExport['ignored'];
  photos: { fetched: number; failed: number; problems: ReadProblem[] } | null;
  totals: {
    read: number;
    imported: number;
    updated: number;
    merged: number;
    unchanged: number;
    skipped: number;
    problems: number;
    money: ReportMoney;
  };
}

const sumMoney = (list: ReportMoney[]): ReportMoney => {
  const before = { charged: 0, paid: 0 };
  const after = { charged: 0, paid: 0 };
  for (const m of list) {
    before.charged += m.before.charged;
    before.paid += m.before.paid;
    after.charged += m.after.charged;
    after.paid += m.after.paid;
  }
  return { before, after, agrees: before.charged === after.charged && before.paid === after.paid };
};

export function buildReport(input: {
  mode: ImportReport['mode'];
  from: string;
  result: RunResult;
  only?: readonly string[];
  photos?: ImportReport['photos'];
}): ImportReport {
  const { result } = input;
  const present = new Set(result.found.files.map((f) => f.collection));
  const wanted = input.only ?? ORIGINAL_COLLECTIONS.filter((c) => !UNUSED_COLLECTIONS.includes(c));
  const collections: ReportCollection[] = result.collections.map((c) => {
    const { before, after } = c.money;
    return {
      collection: c.collection,
      file: c.file,
      complete: c.complete,
      read: c.counts.read,
      imported: c.counts.imported,
      updated: c.counts.updated,
      merged: c.counts.merged,
      unchanged: c.counts.unchanged,
      skipped: c.counts.skipped,
      skippedWhy: c.counts.skippedWhy,
      money: {
        before: { ...before },
        after: { ...after },
        agrees: before.charged === after.charged && before.paid === after.paid,
      },
      problems: c.problems,
    };
  });
  const imported = new Set(collections.map((c) => c.collection));
  const total = (k: 'read' | 'imported' | 'updated' | 'merged' | 'unchanged' | 'skipped') =>
    collections.reduce((s, c) => s + c[k], 0);
  return {
    kind: 'pawdesk-import-report',
    version: 2,
    mode: input.mode,
    from: input.from,
    exportDir: result.found.dir,
    exportKind: result.found.kind,
    startedAt: result.startedAt.toISOString(),
    finishedAt: result.finishedAt.toISOString(),
    only: input.only ? [...input.only] : null,
    unchanged: result.unchanged,
    collections,
    missing: wanted.filter((c) => !present.has(c)),
    notImported: [...present].filter((c) => !imported.has(c) && (!input.only || input.only.includes(c))),
    ignoredFiles: result.found.ignored,
    photos: input.photos ?? null,
    totals: {
      read: total('read'),
      imported: total('imported'),
      updated: total('updated'),
      merged: total('merged'),
      unchanged: total('unchanged'),
      skipped: total('skipped'),
      problems: collections.reduce((s, c) => s + c.problems.length, 0) + (input.photos?.problems.length ?? 0),
      money: sumMoney(collections.map((c) => c.money)),
    },
  };
}

/** Markdown table cells: a `|` or a line break would end the cell. */
function cell(s: string | number | undefined): string {
  return String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ');
}

/** Paise as rupees for the report: ₹1,23,456.78 (Indian grouping). */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100).toString();
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}₹${rest ? `${rest},` : ''}${last3}.${String(abs % 100).padStart(2, '0')}`;
}

const TITLES: Record<ImportReport['mode'], string> = {
  'dry-run': 'dry run (nothing was written)',
  import: 'import',
  photos: 'photos fetched again',
};

export function reportMarkdown(r: ImportReport): string {
  const m = r.totals.money;
  const lines: string[] = [
    `# Import report — ${TITLES[r.mode]}`,
    '',
    `- Export: \`${r.from}\`${r.exportDir !== r.from ? ` (collections in \`${r.exportDir}\`)` : ''}, ${r.exportKind}`,
    `- Started ${r.startedAt}, finished ${r.finishedAt}`,
    ...(r.only ? [`- Only: ${r.only.join(', ')}`] : []),
    `- Documents read: ${r.totals.read}; imported ${r.totals.imported}, updated ${r.totals.updated}, merged ${r.totals.merged}, unchanged ${r.totals.unchanged}, skipped ${r.totals.skipped}; problems listed: ${r.totals.problems}`,
    `- Money charged ${rupees(m.before.charged)} → ${rupees(m.after.charged)}, paid ${rupees(m.before.paid)} → ${rupees(m.after.paid)}: ${m.agrees ? 'agrees to the paisa' : '**does not agree**'}`,
    ...(r.unchanged && r.mode !== 'photos' ? ['- **Nothing changed**: the database already holds this export.'] : []),
    '',
    '## Collections',
    '',
    '| Collection | File | Read | Imported | Updated | Merged | Unchanged | Skipped | Charged before → after | Paid before → after | Read to the end |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...r.collections.map(
      (c) =>
        `| ${c.collection} | ${cell(c.file)} | ${c.read} | ${c.imported} | ${c.updated} | ${c.merged} | ${c.unchanged} | ${c.skipped} | ${rupees(c.money.before.charged)} → ${rupees(c.money.after.charged)}${c.money.agrees ? '' : ' **≠**'} | ${rupees(c.money.before.paid)} → ${rupees(c.money.after.paid)} | ${c.complete ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
  if (r.missing.length > 0) lines.push(`Not in the export: ${r.missing.join(', ')}.`, '');
  if (r.notImported.length > 0)
    lines.push(`Read but not imported (the original's code never used them): ${r.notImported.join(', ')}.`, '');
  if (r.ignoredFiles.length > 0) {
    lines.push('Files not read:', '', ...r.ignoredFiles.map((f) => `- \`${f.name}\`: ${f.reason}`), '');
  }
  const skipped = r.collections.filter((c) => c.skipped > 0);
  if (skipped.length > 0) {
    lines.push('## Skipped', '', '| Collection | Reason | Documents |', '|---|---|---:|');
    for (const c of skipped)
      for (const [why, n] of Object.entries(c.skippedWhy)) lines.push(`| ${c.collection} | ${cell(why)} | ${n} |`);
    lines.push('');
  }
  if (r.photos) {
    lines.push(
      '## Photos',
      '',
      `Fetched ${r.photos.fetched}; could not fetch ${r.photos.failed} (they keep their URL: run again with \`--photos-only\`).`,
      '',
    );
  }
  const withProblems = [
    ...r.collections.filter((c) => c.problems.length > 0).map((c) => [c.collection, c.problems] as const),
    ...(r.photos && r.photos.problems.length > 0 ? [['photos', r.photos.problems] as const] : []),
  ];
  if (withProblems.length > 0) {
    lines.push('## Problems', '');
    for (const [name, problems] of withProblems) {
      lines.push(`### ${name}`, '', '| Where | Original id | Problem |', '|---|---|---|');
      for (const p of problems) lines.push(`| ${cell(problemPlace(p))} | ${cell(p.originalId)} | ${cell(p.message)} |`);
      lines.push('');
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Writes `<base>.json` and `<base>.md`; returns their paths. */
export async function writeReport(r: ImportReport, base: string): Promise<{ markdown: string; json: string }> {
  await mkdir(path.dirname(base), { recursive: true });
  const json = `${base}.json`;
  const markdown = `${base}.md`;
  await writeFile(json, `${JSON.stringify(r, null, 2)}\n`);
  await writeFile(markdown, reportMarkdown(r));
  return { markdown, json };
}

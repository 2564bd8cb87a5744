import type {
  ImportCollectionProgress,
  ImportProgress,
  ImportReportCollection,
  ImportRun,
  ImportUpload,
} from '@pawdesk/shared/import/admin-schemas';

/**
 * The import screen's rules, apart from the components so they are tested on their own: which button may be pressed,
 * what a run's progress and money say.
 */

export interface ScreenState {
  upload: ImportUpload | null;
  /** An upload is being sent. */
  uploading: boolean;
  /** The run going on now (this page's or another admin's), if any. */
  active: ImportProgress | null;
  /** A start was asked and has not been answered yet. */
  starting: boolean;
  /** Runs known to the page (the list, and those this page started). */
  runs: Pick<ImportRun, '_id' | 'mode' | 'status' | 'uploadId'>[];
}

/** Whether a finished dry run of this upload exists (the server asks the same before an import). */
export function dryRunDoneFor(uploadId: string | undefined, runs: ScreenState['runs']): boolean {
  if (!uploadId) return false;
  return runs.some((r) => r.uploadId === uploadId && r.mode === 'dry-run' && r.status === 'done');
}

const busy = (s: ScreenState) => s.uploading || s.starting || s.active !== null;

export function canDryRun(s: ScreenState): boolean {
  return s.upload !== null && !busy(s);
}

export function canImport(s: ScreenState): boolean {
  return s.upload !== null && !busy(s) && dryRunDoneFor(s.upload.uploadId, s.runs);
}

/** Why a button is disabled, for the hint under the buttons; null when both may be pressed. */
export function actionHint(s: ScreenState): string | null {
  if (s.uploading) return 'Wait for the upload to finish.';
  if (s.active) return s.active.mode === 'dry-run' ? 'A dry run is going on.' : 'An import is going on.';
  if (s.starting) return 'Starting…';
  if (!s.upload) return 'Upload a zip of the export first.';
  if (!dryRunDoneFor(s.upload.uploadId, s.runs)) return 'Import is possible once a dry run of this upload has finished.';
  return null;
}

/** A collection's money agrees when charged and paid are the same before (the original) and after (the ledger). */
export function moneyAgrees(c: Pick<ImportReportCollection, 'money'>): boolean {
  const { before, after } = c.money;
  return (
    Math.round(before.charged * 100) === Math.round(after.charged * 100) &&
    Math.round(before.paid * 100) === Math.round(after.paid * 100)
  );
}

export function hasMoney(c: Pick<ImportReportCollection, 'money'>): boolean {
  const { before, after } = c.money;
  return before.charged !== 0 || before.paid !== 0 || after.charged !== 0 || after.paid !== 0;
}

/** How far a collection is, 0–100: its bytes read, or 100 once done. */
export function percentOf(c: Pick<ImportCollectionProgress, 'phase' | 'bytes' | 'totalBytes'>): number {
  if (c.phase === 'done') return 100;
  if (c.phase === 'waiting' || c.totalBytes <= 0) return 0;
  return Math.min(99, Math.floor((c.bytes / c.totalBytes) * 100));
}

export const PHASE_LABELS: Record<ImportCollectionProgress['phase'], string> = {
  waiting: 'Waiting',
  reading: 'Importing',
  finishing: 'Finishing',
  done: 'Done',
  photos: 'Fetching photos',
};

/** `1.5 MB`, `820 KB`, `12 bytes`. */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
}

/** Whether a chosen file looks like a zip (the server checks its bytes; this only catches an obvious mistake). */
export function looksLikeZip(file: { name: string; type: string }): boolean {
  return /\.zip$/i.test(file.name) || /zip/i.test(file.type);
}

/** The content type to send: a zip's, whatever the browser guessed (some send none for a .zip). */
export const ZIP_TYPE = 'application/zip';

/** Total counts of a report or of a run's progress. */
export function totals(
  collections: { counts: { read: number; imported: number; updated: number; merged: number; skipped: number } }[],
) {
  return collections.reduce(
    (t, c) => ({
      read: t.read + c.counts.read,
      imported: t.imported + c.counts.imported,
      updated: t.updated + c.counts.updated,
      merged: t.merged + c.counts.merged,
      skipped: t.skipped + c.counts.skipped,
    }),
    { read: 0, imported: 0, updated: 0, merged: 0, skipped: 0 },
  );
}

import type { ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import { describe, expect, it } from 'vitest';
import {
  actionHint,
  canDryRun,
  canImport,
  dryRunDoneFor,
  formatBytes,
  looksLikeZip,
  moneyAgrees,
  percentOf,
  type ScreenState,
} from './import-logic';

const upload: ImportUpload = {
  uploadId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  fileName: 'export.zip',
  bytes: 1000,
  kind: 'mongodump',
  files: [],
  ignored: [],
  missing: [],
};
const other = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const base: ScreenState = { upload, uploading: false, active: null, starting: false, runs: [] };
const run = (mode: 'dry-run' | 'import', status: 'running' | 'done' | 'failed', uploadId: string | null = upload.uploadId) => ({
  _id: `${Math.random()}`,
  mode,
  status,
  uploadId,
});
const progress = { runId: 'cccccccccccccccccccccccc', mode: 'dry-run' as const, collections: [], current: null };

describe('which button may be pressed', () => {
  it('nothing before an upload', () => {
    const s = { ...base, upload: null };
    expect([canDryRun(s), canImport(s)]).toEqual([false, false]);
    expect(actionHint(s)).toBe('Upload a zip of the export first.');
  });

  it('after an upload: the dry run only', () => {
    expect([canDryRun(base), canImport(base)]).toEqual([true, false]);
    expect(actionHint(base)).toBe('Import is possible once a dry run of this upload has finished.');
  });

  it('Import once a dry run of this same upload has finished, not of another, not a failed or running one', () => {
    expect(canImport({ ...base, runs: [run('dry-run', 'done')] })).toBe(true);
    expect(actionHint({ ...base, runs: [run('dry-run', 'done')] })).toBeNull();
    expect(canImport({ ...base, runs: [run('dry-run', 'done', other)] })).toBe(false);
    expect(canImport({ ...base, runs: [run('dry-run', 'failed')] })).toBe(false);
    expect(canImport({ ...base, runs: [run('dry-run', 'running')] })).toBe(false);
    expect(canImport({ ...base, runs: [run('import', 'done')] })).toBe(false);
    expect(dryRunDoneFor(undefined, [run('dry-run', 'done')])).toBe(false);
  });

  it('neither while uploading, starting or while a run goes on', () => {
    const ready = { ...base, runs: [run('dry-run', 'done')] };
    for (const s of [
      { ...ready, uploading: true },
      { ...ready, starting: true },
      { ...ready, active: progress },
    ]) {
      expect([canDryRun(s), canImport(s)]).toEqual([false, false]);
    }
    expect(actionHint({ ...ready, active: progress })).toBe('A dry run is going on.');
    expect(actionHint({ ...ready, active: { ...progress, mode: 'import' } })).toBe('An import is going on.');
    expect(actionHint({ ...ready, uploading: true })).toBe('Wait for the upload to finish.');
  });
});

describe('money, progress and sizes', () => {
  const pair = (charged: number, paid: number) => ({ charged, paid });
  it('money agrees to the paisa, and not when a paisa is off', () => {
    expect(moneyAgrees({ money: { before: pair(766.67, 500), after: pair(766.67, 500) } })).toBe(true);
    expect(moneyAgrees({ money: { before: pair(0.1 + 0.2, 0), after: pair(0.3, 0) } })).toBe(true);
    expect(moneyAgrees({ money: { before: pair(766.67, 500), after: pair(766.66, 500) } })).toBe(false);
    expect(moneyAgrees({ money: { before: pair(10, 5), after: pair(10, 5.01) } })).toBe(false);
  });

  it('a collection’s percentage', () => {
    expect(percentOf({ phase: 'waiting', bytes: 0, totalBytes: 100 })).toBe(0);
    expect(percentOf({ phase: 'reading', bytes: 50, totalBytes: 200 })).toBe(25);
    expect(percentOf({ phase: 'reading', bytes: 200, totalBytes: 200 })).toBe(99);
    expect(percentOf({ phase: 'done', bytes: 0, totalBytes: 0 })).toBe(100);
  });

  it('sizes and zip names', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 ** 2)).toBe('1.5 MB');
    expect(looksLikeZip({ name: 'Export.ZIP', type: '' })).toBe(true);
    expect(looksLikeZip({ name: 'export', type: 'application/x-zip-compressed' })).toBe(true);
    expect(looksLikeZip({ name: 'pets.json', type: 'application/json' })).toBe(false);
  });
});

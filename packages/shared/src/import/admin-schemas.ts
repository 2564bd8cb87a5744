/**
 * Contracts of the import screen (issue 21, `/staff/import`): an admin uploads a zip of the original system's
 * export, runs a dry run, reads the report, then imports, with progress pushed to the page. Money in the answers is
 * in rupees, like everywhere in the API; the stored report (import_runs.report) keeps paise.
 */
import { z } from 'zod';
import { cursorQuery, idSchema, limitQuery, optionalText } from '../common.ts';

/** The upload limit when IMPORT_UPLOAD_MAX_MB is not set. */
export const IMPORT_UPLOAD_DEFAULT_MB = 500;
/** Problems the run's answer holds per collection; the rest are paged (`GET …/problems`). */
export const IMPORT_PROBLEMS_SHOWN = 50;

export const IMPORT_MESSAGES = {
  notZip: 'The file is not a zip. Upload the export as one .zip file (the mongodump or mongoexport folder, zipped).',
  sendZip: 'Send the export as a zip file (Content-Type: application/zip).',
  empty: 'The zip is empty.',
  tooLarge: (mb: number) =>
    `The zip is larger than ${mb} MB, the upload limit (IMPORT_UPLOAD_MAX_MB). Split the export, or use the command line (npm run import:original).`,
  unsafePath: (name: string) =>
    `The zip holds "${name}", whose path leaves the folder it is unpacked into: it is refused. Zip the export folder itself.`,
  symlink: (name: string) => `The zip holds a symbolic link ("${name}"): it is refused. Zip the export's files themselves.`,
  encrypted: (name: string) => `"${name}" in the zip is encrypted: zip the export without a password.`,
  tooManyEntries: (n: number) => `The zip holds more than ${n} files: that is not an export of the original system.`,
  damaged: (why: string) => `The zip could not be read (${why}): it is damaged or incomplete. Zip the export again.`,
  noSpace: (need: string, free: string) =>
    `Not enough disk space to unpack the zip: it holds ${need} of files and ${free} is free.`,
  uploadNotFound: 'Upload not found: it was removed (uploads are kept for 7 days). Upload the zip again.',
  runNotFound: 'Import run not found',
  busy: 'An import is already running: wait for it to finish.',
  dryRunFirst: 'Run a dry run of this upload first: Import is allowed once a dry run of the same upload has finished.',
  started: (mode: ImportMode) => (mode === 'dry-run' ? 'Dry run started' : 'Import started'),
  streamAccept: 'This address is a live stream: ask for it with Accept: text/event-stream',
} as const;

export const IMPORT_MODES = ['dry-run', 'import'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_RUN_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

/** POST /admin/import/uploads?name=…: the file's name, for the list of runs (optional). */
export const importUploadQuery = z.object({ name: optionalText(200, 'The file name must be at most 200 characters') });

export const importFileSchema = z.object({
  collection: z.string(),
  /** The path inside the export folder. */
  name: z.string(),
  format: z.enum(['bson', 'json']),
  gzip: z.boolean(),
  bytes: z.number().int(),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const importUploadSchema = z.object({
  uploadId: idSchema,
  /** The file name the browser gave, if any. */
  fileName: z.string().nullable(),
  /** Size of the zip. */
  bytes: z.number().int(),
  kind: z.enum(['mongodump', 'mongoexport', 'mixed']),
  files: z.array(importFileSchema),
  /** Files of the zip that are not collection files, and why. */
  ignored: z.array(z.object({ name: z.string(), reason: z.string() })),
  /** Collections the original used that the export lacks (nothing of them will be imported). */
  missing: z.array(z.string()),
});
export type ImportUpload = z.infer<typeof importUploadSchema>;
export const importUploadResponse = z.object({ success: z.literal(true), upload: importUploadSchema });

export const startImportRunBody = z.object({
  uploadId: idSchema,
  mode: z.enum(IMPORT_MODES, { error: "mode must be 'dry-run' or 'import'" }),
});
export type StartImportRunBody = z.input<typeof startImportRunBody>;
export const startImportRunResponse = z.object({ success: z.literal(true), message: z.string(), runId: idSchema });

export const importCountsSchema = z.object({
  read: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  merged: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Skipped documents by reason. */
  skippedWhy: z.record(z.string(), z.number().int()),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** One collection's progress while a run goes (pushed as it changes). */
export const importCollectionProgressSchema = z.object({
  collection: z.string(),
  phase: z.enum(['waiting', 'reading', 'finishing', 'done', 'photos']),
  bytes: z.number(),
  totalBytes: z.number(),
  counts: importCountsSchema,
  problems: z.number().int(),
});
export type ImportCollectionProgress = z.infer<typeof importCollectionProgressSchema>;

/** A running run's progress: every collection of the export, in import order. */
export const importProgressSchema = z.object({
  runId: idSchema,
  mode: z.enum(IMPORT_MODES),
  collections: z.array(importCollectionProgressSchema),
  /** The collection being imported now (null between collections). */
  current: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** Rupees charged (owed) and paid (taken, less refunds). */
export const importMoneyPairSchema = z.object({ charged: z.number(), paid: z.number() });
export const importProblemSchema = z.object({
  collection: z.string(),
  file: z.string(),
  line: z.number().int().optional(),
  offset: z.number().int().optional(),
  originalId: z.string().optional(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importReportCollectionSchema = z.object({
  collection: z.string(),
  file: z.string(),
  /** False when the file could not be read to its end. */
  complete: z.boolean(),
  counts: importCountsSchema,
  /** The original's money (`before`, after rounding to whole paise) and the ledger rows written for it (`after`). */
  money: z.object({ before: importMoneyPairSchema, after: importMoneyPairSchema }),
  /** The first IMPORT_PROBLEMS_SHOWN problems; `problemCount` says how many there are. */
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
});
export type ImportReportCollection = z.infer<typeof importReportCollectionSchema>;

/** A finished run's report, as the screen shows it. */
export const importReportSchema = z.object({
  mode: z.enum([...IMPORT_MODES, 'photos']),
  exportKind: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Nothing was added or changed (a rerun of the same export). */
  unchanged: z.boolean(),
  collections: z.array(importReportCollectionSchema),
  /** Problems not tied to a collection (the photos). */
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
  ignoredFiles: z.array(z.object({ name: z.string(), reason: z.string() })),
  missing: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importRunSchema = z.object({
  _id: idSchema,
  mode: z.enum([...IMPORT_MODES, 'photos']),
  status: z.enum(IMPORT_RUN_STATUSES),
  via: z.enum(['cli', 'admin']),
  startedBy: z.object({ _id: idSchema, fullName: z.string() }).nullable(),
  /** The folder (command line) or the uploaded file a run read. */
  source: z.string(),
  /** The upload it read (admin screen runs). */
  uploadId: idSchema.nullable(),
  fileName: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Documents read. */
  documents: z.number().int(),
  error: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunsQuery = z.object({ limit: limitQuery(50, 20), cursor: cursorQuery(100) });
export const importRunsResponse = z.object({
  success: z.literal(true),
  runs: z.array(importRunSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const importRunResponse = z.object({
  success: z.literal(true),
  run: importRunSchema.extend({
    /** When done: the report. */
    report: importReportSchema.nullable(),
    /** While running: the progress so far (when this instance or the database knows it). */
    progress: importProgressSchema.nullable(),
  }),
});
export type ImportRunDetail = z.infer<typeof importRunResponse>['run'];

export const importProblemsQuery = z.object({
  /** A collection of the report, or `other` for the problems not tied to one. */
  collection: z.string().regex(/^[a-z]{1,32}$/, 'collection must be a collection name of the report (lower-case letters)'),
  offset: z.coerce.number({ error: 'offset must be a number' }).int().min(0).max(100_000_000).default(0),
  limit: limitQuery(500, 200),
});
export const importProblemsResponse = z.object({
  success: z.literal(true),
  problems: z.array(importProblemSchema),
  total: z.number().int(),
});

/** Events of GET /admin/import/events. */
export const IMPORT_STREAM_EVENTS = {
  /** On connect: the run going on now, if any ({ progress: ImportProgress | null }). */
  ready: 'ready',
  /** A run's progress changed (ImportProgress). */
  progress: 'progress',
  /** A run ended ({ runId, status, error }). */
  finished: 'finished',
} as const;

export const importFinishedEventSchema = z.object({
  runId: idSchema,
  status: z.enum(['done', 'failed']),
  error: z.string().nullable(),
});
export type ImportFinishedEvent = z.infer<typeof importFinishedEventSchema>;

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { pk, ref } from './_columns.ts';
import { users } from './auth.ts';

/**
 * Moving in (issue 21): one row per document of the original system the importer took in, keyed by its collection
 * and original ObjectId. The hash of the document tells a rerun what is unchanged (skipped), changed (updated, with
 * correcting ledger rows for changed money) or new; `money` is what the document's ledger rows amount to so far, so a
 * change posts only the difference (imported ledger rows are never updated: the ledger is append-only). Written in
 * the same transaction as the records it stands for, so a crash leaves neither.
 */
export const importRecords = pgTable(
  'import_records',
  {
    collection: varchar('collection', { length: 32 }).notNull(),
    originalId: varchar('original_id', { length: 24 }).notNull(),
    /** SHA-256 of the document's canonical Extended JSON. */
    hash: varchar('hash', { length: 64 }).notNull(),
    /** imported | merged (into `target_id`) */
    outcome: varchar('outcome', { length: 8 }).notNull().$type<'imported' | 'merged'>(),
    /** The Pawdesk table and row the document became (its own id, or the record it was merged into). */
    targetTable: varchar('target_table', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 24 }).notNull(),
    /** What its ledger rows amount to, by subject (e.g. { charge: 76667, paid: 50000 }), in paise. */
    money: jsonb('money').$type<Record<string, number>>(),
    runId: ref('run_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.originalId] }),
    index('import_records_target_idx').on(t.targetTable, t.targetId),
    check('import_records_outcome_ck', sql`${t.outcome} in ('imported','merged')`),
  ],
);

/** Every import run (command line or admin screen): who, when, how it went and its report. */
export const importRuns = pgTable(
  'import_runs',
  {
    id: pk(),
    /** dry-run | import | photos */
    mode: varchar('mode', { length: 8 }).notNull().$type<'dry-run' | 'import' | 'photos'>(),
    /** running | done | failed */
    status: varchar('status', { length: 8 }).notNull().$type<'running' | 'done' | 'failed'>(),
    /** cli | admin */
    via: varchar('via', { length: 8 }).notNull().$type<'cli' | 'admin'>(),
    startedBy: ref('started_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    documents: integer('documents').notNull().default(0),
    /** The report (JSON) when finished; the error's message when it failed. */
    report: jsonb('report'),
    error: text('error'),
  },
  (t) => [
    index('import_runs_started_idx').on(t.startedAt),
    check('import_runs_mode_ck', sql`${t.mode} in ('dry-run','import','photos')`),
    check('import_runs_status_ck', sql`${t.status} in ('running','done','failed')`),
  ],
);

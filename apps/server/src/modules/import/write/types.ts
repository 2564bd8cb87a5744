import type { Tx } from '../../../db/client.ts';
import type { OriginalCollection } from '../read/export-reader.service.ts';
import type { ImportContext } from './context.ts';

/** What a document became the last time it was imported (its `import_records` row). */
export interface PreviousRecord {
  hash: string;
  outcome: 'imported' | 'merged';
  targetTable: string;
  targetId: string;
  /** What its ledger rows amount to so far, by key (`charge`, `paid`…), in paise. */
  money: Record<string, number> | null;
}

/** One document of a batch, handed to its collection's importer. */
export interface Incoming {
  /** The original ObjectId (24 hex): the id the record keeps. */
  id: string;
  doc: Record<string, unknown>;
  line?: number;
  offset?: number;
  /** SHA-256 of the document's canonical Extended JSON. */
  hash: string;
  /** Set when an earlier run imported this document and it has changed since (unchanged ones never reach importers). */
  previous?: PreviousRecord;
}

/** What an importer did with one document. `money` is what its ledger rows now amount to (for the next run's delta). */
export type Outcome =
  | { kind: 'imported' | 'updated' | 'merged'; table: string; id: string; money?: Record<string, number> }
  | { kind: 'skipped'; reason: string };

/**
 * One collection of the original: how its documents become Pawdesk's records. `importBatch` runs inside the batch's
 * transaction and answers one outcome per document, in order. Importers write with multi-row inserts (bulk.ts) and
 * post money through `ctx.ledger` (rows marked imported, ids derived from the document so a rerun is exact).
 */
export interface CollectionImporter {
  collection: OriginalCollection;
  /** Before the first batch (outside any transaction): load what the batches look up. */
  prepare?(ctx: ImportContext): Promise<void>;
  importBatch(tx: Tx, docs: Incoming[], ctx: ImportContext): Promise<Outcome[]>;
  /** After the last batch, in a transaction of its own (links, derived state). */
  finish?(tx: Tx, ctx: ImportContext): Promise<void>;
}

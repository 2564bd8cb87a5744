import { type BsonReadStats, readBsonFile } from './bson-reader.ts';
import { type CollectionFile, findExport, type FoundExport, readMetadata } from './discover.ts';
import { readJsonFile } from './json-reader.ts';
import type { ReadProblem } from './problems.ts';
import type { OnBytes, RawDocument, RawProblem } from './source.ts';

export { inBatches } from './batches.ts';
export { ORIGINAL_COLLECTIONS, type OriginalCollection, UNUSED_COLLECTIONS } from './collections.ts';
export type { CollectionFile, FoundExport, IgnoredFile } from './discover.ts';
export { findExport, readMetadata };
export { ExportError, problemPlace, type ReadProblem } from './problems.ts';

/** A document of the original, read and checked to have an ObjectId `_id`. */
export interface ImportDocument {
  /** The original ObjectId as 24 lower-case hex digits: Pawdesk keeps it as the record's id. */
  id: string;
  doc: Record<string, unknown>;
  line?: number;
  offset?: number;
}

export interface ReadOptions {
  onProblem: (p: ReadProblem) => void;
  onBytes?: OnBytes;
  /** Filled in for a BSON file: how much the reader held at most (the streaming test reads it). */
  stats?: BsonReadStats;
}

function isObjectId(v: unknown): v is { toHexString(): string } {
  return typeof v === 'object' && v !== null && (v as { _bsontype?: unknown })._bsontype === 'ObjectId';
}

/** A readable text of an `_id` that is not an ObjectId, for the report. */
function describeId(v: unknown): string {
  if (typeof v === 'string') return v.length > 60 ? `${v.slice(0, 57)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const type = (v as { _bsontype?: string } | null)?._bsontype;
  return type ?? (v === null ? 'null' : typeof v);
}

/**
 * Reads one collection's file as a stream of documents. Every document must be an object with an ObjectId `_id`
 * (Pawdesk keeps it as the id); one that is not is a problem and is skipped. Problems carry the collection, the
 * file and where in it.
 */
export async function* readCollection(file: CollectionFile, opts: ReadOptions): AsyncGenerator<ImportDocument> {
  const onRaw = (p: RawProblem) => opts.onProblem({ collection: file.collection, file: file.name, ...p });
  const raw =
    file.format === 'bson'
      ? readBsonFile(file.path, { gzip: file.gzip, onProblem: onRaw, onBytes: opts.onBytes, stats: opts.stats })
      : readJsonFile(file.path, { gzip: file.gzip, onProblem: onRaw, onBytes: opts.onBytes });
  for await (const item of raw) {
    const checked = checkDocument(item, onRaw);
    if (checked) yield checked;
  }
}

function checkDocument(item: RawDocument, onProblem: (p: RawProblem) => void): ImportDocument | undefined {
  const where = { line: item.line, offset: item.offset };
  if (typeof item.doc !== 'object' || item.doc === null || Array.isArray(item.doc)) {
    onProblem({ ...where, message: 'not a document (an object was expected), skipped' });
    return undefined;
  }
  const doc = item.doc as Record<string, unknown>;
  if (!('_id' in doc)) {
    onProblem({ ...where, message: 'the document has no _id, skipped' });
    return undefined;
  }
  if (!isObjectId(doc._id)) {
    onProblem({
      ...where,
      originalId: describeId(doc._id),
      message: `the _id is not an ObjectId (${describeId(doc._id)}): Pawdesk keeps ObjectIds as ids, so the document was skipped`,
    });
    return undefined;
  }
  return { id: doc._id.toHexString(), doc, ...where };
}

export interface CollectionSummary {
  collection: string;
  file: string;
  format: 'bson' | 'json';
  gzip: boolean;
  bytes: number;
  /** Documents read with an ObjectId id (what an import would take in). */
  read: number;
  problems: ReadProblem[];
  /** False when the file could not be read to its end. */
  complete: boolean;
  metadata?: { indexes: number } | { error: string };
}

/**
 * Reads every collection of an export to its end without keeping the documents: the dry run's count of what
 * there is and what is wrong with it.
 */
export async function summariseExport(
  found: FoundExport,
  opts: {
    only?: readonly string[];
    onStart?: (file: CollectionFile) => void;
    onBytes?: (file: CollectionFile, bytes: number) => void;
    onDone?: (summary: CollectionSummary) => void;
  } = {},
): Promise<CollectionSummary[]> {
  const out: CollectionSummary[] = [];
  for (const file of found.files) {
    if (opts.only && !opts.only.includes(file.collection)) continue;
    opts.onStart?.(file);
    const summary: CollectionSummary = {
      collection: file.collection,
      file: file.name,
      format: file.format,
      gzip: file.gzip,
      bytes: file.bytes,
      read: 0,
      problems: [],
      complete: true,
      metadata: await readMetadata(file),
    };
    if (summary.metadata && 'error' in summary.metadata) {
      summary.problems.push({ collection: file.collection, file: file.name, message: summary.metadata.error });
    }
    const docs = readCollection(file, {
      onProblem: (p) => {
        summary.problems.push(p);
        if (p.fatal) summary.complete = false;
      },
      onBytes: (n) => opts.onBytes?.(file, n),
    });
    for await (const _ of docs) summary.read += 1;
    out.push(summary);
    opts.onDone?.(summary);
  }
  return out;
}

/**
 * A problem found while reading an export: which file, where in it (a line for JSON, a byte offset for BSON), the
 * original document's id when it is known, and what is wrong. Problems are listed in the report; reading goes on
 * past every problem it can step over.
 */
export interface ReadProblem {
  collection: string;
  /** The file's name relative to the export folder. */
  file: string;
  /** 1-based line of a JSON document (its first line). */
  line?: number;
  /** Byte offset of a BSON document from the start of the (uncompressed) file. */
  offset?: number;
  /** The original `_id`, as text, when the document could be read far enough to have one. */
  originalId?: string;
  message: string;
  /** True when the file could not be read past this point. */
  fatal?: boolean;
}

/** Where a problem is, for a person: `pets.json line 12`, `pets.bson at byte 4096`. */
export function problemPlace(p: Pick<ReadProblem, 'file' | 'line' | 'offset'>): string {
  if (p.line !== undefined) return `${p.file} line ${p.line}`;
  if (p.offset !== undefined) return `${p.file} at byte ${p.offset}`;
  return p.file;
}

/** An export that cannot be read at all (no export in the folder, two files for one collection). */
export class ExportError extends Error {
  override name = 'ExportError';
}

import { BSON } from 'bson';
import { CHUNK_BYTES, type OnBytes, type OnRawProblem, openBytes, type RawDocument } from './source.ts';

/** MongoDB's largest document (16 MiB), with room for the internal overhead mongodump allows. */
export const MAX_BSON_DOCUMENT_BYTES = 16 * 1024 * 1024 + 16 * 1024;

export interface BsonReadStats {
  /** The most bytes the reader held at once (a partial document plus the chunk it was cut from). */
  maxHeldBytes: number;
}

/**
 * Reads a mongodump `.bson` file (or `.bson.gz`): a plain sequence of documents, each starting with its total
 * length as a little-endian int32. The file is streamed: the reader holds the bytes of one chunk and at most one
 * partial document, and deserializes each document only when the consumer asks for the next one.
 *
 * A document whose bytes do not deserialize is a problem and is stepped over (its length says where the next one
 * starts). A length that cannot be a document, or a file ending mid-document, means nothing after it can be found:
 * a fatal problem, and reading stops there.
 */
export async function* readBsonFile(
  file: string,
  opts: { gzip?: boolean; onProblem: OnRawProblem; onBytes?: OnBytes; stats?: BsonReadStats },
): AsyncGenerator<RawDocument> {
  const stream = openBytes(file, opts.gzip ?? false, opts.onBytes);
  let buf: Buffer = Buffer.alloc(0);
  /** Offset in the (uncompressed) file of buf[0]. */
  let base = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      if (opts.stats) opts.stats.maxHeldBytes = Math.max(opts.stats.maxHeldBytes, buf.length);
      let pos = 0;
      while (buf.length - pos >= 4) {
        const size = buf.readInt32LE(pos);
        if (size < 5 || size > MAX_BSON_DOCUMENT_BYTES) {
          opts.onProblem({
            offset: base + pos,
            fatal: true,
            message: `not the start of a BSON document (length ${size}): the file is damaged, nothing after this point could be read`,
          });
          return;
        }
        if (buf.length - pos < size) break;
        const bytes = buf.subarray(pos, pos + size);
        const offset = base + pos;
        pos += size;
        let doc: unknown;
        try {
          doc = BSON.deserialize(bytes);
        } catch (err) {
          opts.onProblem({ offset, message: `a damaged document was skipped (${(err as Error).message})` });
          continue;
        }
        yield { doc, offset };
      }
      // Keep only the partial document; copy it when small so the chunk it was cut from can be freed.
      const rest = buf.subarray(pos);
      buf = rest.length > 0 && rest.length < CHUNK_BYTES / 4 ? Buffer.from(rest) : rest;
      base += pos;
    }
  } catch (err) {
    opts.onProblem({
      offset: base,
      fatal: true,
      message: `the file could not be read past this point (${(err as Error).message})`,
    });
    return;
  }
  if (buf.length > 0) {
    const expected = buf.length >= 4 ? ` of ${buf.readInt32LE(0)}` : '';
    opts.onProblem({
      offset: base,
      fatal: true,
      message: `the file ends in the middle of a document (${buf.length}${expected} bytes): the export was cut short`,
    });
  }
}

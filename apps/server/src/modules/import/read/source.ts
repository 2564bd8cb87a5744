import { createReadStream } from 'node:fs';
import { type Readable, Transform, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** Bytes read from the file as it is read (for a progress bar; compressed bytes for a `.gz`). */
export type OnBytes = (bytes: number) => void;

/** A document read from a file, with where it starts. */
export interface RawDocument {
  doc: unknown;
  line?: number;
  offset?: number;
}

/** A problem a format reader reports; the collection reader adds the collection and the file name. */
export interface RawProblem {
  line?: number;
  offset?: number;
  originalId?: string;
  message: string;
  fatal?: boolean;
}
export type OnRawProblem = (p: RawProblem) => void;

export const CHUNK_BYTES = 1 << 20;

/**
 * The file's bytes as a stream of chunks of at most CHUNK_BYTES, gunzipped when `gzip`. Errors of any stage
 * (a missing file, a damaged gzip) surface on the returned stream, so one `for await` sees them.
 */
export function openBytes(file: string, gzip: boolean, onBytes?: OnBytes): Readable {
  const raw = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      onBytes?.(chunk.length);
      done(null, chunk);
    },
  });
  // pipeline destroys every stage on the first error and forwards it to the last stage, which the reader iterates.
  if (gzip) return pipeline(raw, counter, createGunzip({ chunkSize: 64 * 1024 }), () => {});
  return pipeline(raw, counter, () => {});
}

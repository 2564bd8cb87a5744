import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * A zip written entry by entry as its reader reads it (yazl 3.3.1: streaming, zip64 when needed). `add` resolves
 * once the entry is wholly written into the zip stream, so the producer never runs ahead of the reader by more than
 * the streams' buffers: memory stays at one page of rows or one photo, whatever the export's size.
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile();
  /** The zip's bytes, for the HTTP reply or a file. */
  readonly stream: Readable;
  private readonly mtime: Date;
  /** Rejects when the reader goes away before the end (the download was cancelled): the producer then stops. */
  private readonly closed: Promise<never>;

  constructor(mtime: Date) {
    this.mtime = mtime;
    this.stream = this.zip.outputStream.pipe(new PassThrough());
    this.closed = new Promise<never>((_, reject) => {
      this.stream.once('close', () => reject(new Error('The export download was closed before the end')));
    });
    this.closed.catch(() => {});
  }

  /** Adds an entry from chunks produced on demand; resolves when the entry has been read through. */
  async add(name: string, chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>, compress = true) {
    const source = Readable.from(chunks, { objectMode: false });
    const done = Promise.race([once(source, 'end'), once(source, 'error').then(([e]) => Promise.reject(e)), this.closed]);
    this.zip.addReadStream(source, name, { mtime: this.mtime, compress });
    try {
      await done;
    } catch (err) {
      source.destroy();
      throw err;
    }
  }

  /** Writes the central directory; the stream ends after it. */
  end(): void {
    this.zip.end();
  }
}

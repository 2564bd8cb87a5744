import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MESSAGES as M, type ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest } from '../../lib/errors.ts';
import {
  ExportError,
  type FoundExport,
  findExport,
  ORIGINAL_COLLECTIONS,
  UNUSED_COLLECTIONS,
} from './read/export-reader.service.ts';

/**
 * Uploads of the import screen (issue 21): the zip of an export arrives as the request's raw body, is streamed to disk
 * (never held in memory), checked and unpacked into `<uploads>/<uploadId>/export/`. Refused: anything that is not a
 * zip (its first bytes), a zip over the configured size, and a zip whose entries would land outside that folder
 * (absolute paths, `..`: "zip slip") or are symbolic links, encrypted, or more than disk space allows.
 */

/** More entries than any export of the original holds (25 collections, with metadata files). */
export const MAX_ENTRIES = 10_000;
/** Uploads older than this are removed when a new one arrives (unless a run is reading them). */
export const UPLOAD_KEEP_MS = 7 * 24 * 3600 * 1000;

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');
const EMPTY_ZIP_MAGIC = Buffer.from('PK\x05\x06', 'latin1');
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface UploadPlace {
  /** The folder holding every upload (`<DATA_DIR>/imports`). */
  root: string;
  maxBytes: number;
}

export const uploadDir = (root: string, id: string) => path.join(root, id);
export const exportDirOf = (root: string, id: string) => path.join(root, id, 'export');
/** What a run records as its source, so runs of one upload are found again (and the file's name shown). */
export const sourceOf = (id: string, fileName: string | null) => `upload:${id}${fileName ? ` ${fileName}` : ''}`;
export function parseSource(source: string): { uploadId: string | null; fileName: string | null } {
  const m = /^upload:([0-9a-f]{24})(?: (.*))?$/s.exec(source);
  return m ? { uploadId: m[1]!, fileName: m[2] ?? null } : { uploadId: null, fileName: null };
}

const mib = (n: number) => (n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(1)} GiB` : `${(n / 2 ** 20).toFixed(1)} MiB`);

/**
 * Streams the body to `<dir>/upload.zip`: refuses it as soon as its first bytes are not a zip's, or when it grows
 * past the limit. The request is never destroyed (that would cut the connection before the 400 is sent): on a
 * refusal it is left unread, and Node reads and drops the rest once the answer has gone out.
 */
function saveBody(body: Readable, file: string, maxBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file, { flags: 'wx' });
    let seen = 0;
    let head = Buffer.alloc(0);
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      body.off('data', onData);
      body.pause();
      out.destroy();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) return fail(badRequest(M.tooLarge(Math.round(maxBytes / 2 ** 20))));
      if (head.length < 4) {
        head = Buffer.concat([head, chunk.subarray(0, 4 - head.length)]);
        if (head.length === 4 && head.equals(EMPTY_ZIP_MAGIC)) return fail(badRequest(M.empty));
        if (head.length === 4 && !head.equals(ZIP_MAGIC)) return fail(badRequest(M.notZip));
      }
      if (!out.write(chunk)) body.pause();
    };
    out.on('drain', () => {
      if (!failed) body.resume();
    });
    out.on('error', fail);
    out.on('finish', () => {
      if (!failed) resolve(seen);
    });
    body.on('data', onData);
    body.on('error', fail);
    body.on('end', () => {
      if (failed) return;
      if (head.length < 4) return fail(badRequest(M.notZip));
      out.end();
    });
  });
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
  });
}

/** yauzl's own refusals of a file name ("invalid relative path: ../x"), as our message. */
function zipError(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  const name = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(message)?.[1];
  if (name !== undefined) return badRequest(M.unsafePath(name));
  return badRequest(M.damaged(message.replace(/\s+/g, ' ').slice(0, 160)));
}

/** Every entry of the zip (the central directory only: nothing is unpacked yet). */
function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      entries.push(e);
      if (entries.length > MAX_ENTRIES) {
        zip.removeAllListeners();
        reject(badRequest(M.tooManyEntries(MAX_ENTRIES)));
        return;
      }
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err) => reject(zipError(err)));
    zip.readEntry();
  });
}

/** Where an entry goes inside `target`, or a refusal when it would leave it. */
export function entryTarget(target: string, name: string): string {
  const bad = () => badRequest(M.unsafePath(name));
  if (name.includes('\0') || name.includes('\\') || path.isAbsolute(name) || /^[a-zA-Z]:/.test(name)) throw bad();
  const parts = name.split('/');
  if (parts.includes('..')) throw bad();
  const to = path.resolve(target, ...parts.filter((p) => p !== '' && p !== '.'));
  if (to !== target && !to.startsWith(target + path.sep)) throw bad();
  return to;
}

const isDirEntry = (e: Entry) => e.fileName.endsWith('/');
const isSymlink = (e: Entry) => ((e.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** Checks every entry before anything is written: names inside the folder, no links, no encryption, room on disk. */
async function checkEntries(entries: Entry[], target: string, root: string): Promise<void> {
  let total = 0;
  for (const e of entries) {
    entryTarget(target, e.fileName);
    if (isSymlink(e)) throw badRequest(M.symlink(e.fileName));
    if (e.isEncrypted()) throw badRequest(M.encrypted(e.fileName));
    total += e.uncompressedSize;
  }
  const fs = await statfs(root).catch(() => undefined);
  if (fs) {
    const free = fs.bavail * fs.bsize;
    // Room for the files, and as much again for the import that reads them (engine.ts, checkDiskSpace).
    if (total > free * 0.9) throw badRequest(M.noSpace(mib(total), mib(free)));
  }
}

function extractEntry(zip: ZipFile, e: Entry, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(e, (err, stream) => {
      if (err) return reject(zipError(err));
      pipeline(stream, createWriteStream(to, { flags: 'wx' })).then(resolve, (e2) =>
        reject(e2 instanceof AppError ? e2 : zipError(e2)),
      );
    });
  });
}

/** Unpacks the checked entries one by one, each streamed to its file. */
async function extract(zip: ZipFile, entries: Entry[], target: string): Promise<void> {
  await mkdir(target, { recursive: true });
  for (const e of entries) {
    const to = entryTarget(target, e.fileName);
    if (isDirEntry(e)) {
      await mkdir(to, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(to), { recursive: true });
    await extractEntry(zip, e, to);
  }
}

/** What the upload holds, as the screen shows it (paths relative to the export, never the server's folders). */
export function describeExport(found: FoundExport): Pick<ImportUpload, 'kind' | 'files' | 'ignored' | 'missing'> {
  const present = new Set(found.files.map((f) => f.collection));
  return {
    kind: found.kind,
    files: found.files.map((f) => ({
      collection: f.collection,
      name: f.name,
      format: f.format,
      gzip: f.gzip,
      bytes: f.bytes,
    })),
    ignored: found.ignored,
    missing: ORIGINAL_COLLECTIONS.filter((c) => !UNUSED_COLLECTIONS.includes(c) && !present.has(c)),
  };
}

/** An export error's message with the server's folder replaced by "the zip". */
function exportMessage(err: ExportError, exportDir: string): string {
  return err.message
    .split(`${exportDir}${path.sep}`)
    .join('')
    .split(exportDir)
    .join('the zip')
    .replace(/ with --from\b/g, '')
    .replace(/, e\.g\. --from .*$/s, ': zip only the folder of the database to import');
}

/**
 * Receives one upload: saves, checks and unpacks the zip, and finds the export in it. On any refusal the upload's
 * folder is removed again. Answers what was found.
 */
export async function receiveUpload(
  place: UploadPlace,
  id: string,
  body: unknown,
  fileName: string | null,
): Promise<ImportUpload> {
  const stream = body instanceof Readable ? body : Buffer.isBuffer(body) ? Readable.from([body]) : null;
  if (!stream) throw badRequest(M.sendZip);
  await mkdir(place.root, { recursive: true });
  const dir = uploadDir(place.root, id);
  await mkdir(dir);
  const zipFile = path.join(dir, 'upload.zip');
  const target = exportDirOf(place.root, id);
  try {
    const bytes = await saveBody(stream, zipFile, place.maxBytes);
    const zip = await openZip(zipFile).catch((err) => {
      throw zipError(err);
    });
    try {
      const entries = await listEntries(zip);
      if (entries.filter((e) => !isDirEntry(e)).length === 0) throw badRequest(M.empty);
      await checkEntries(entries, target, place.root);
      await extract(zip, entries, target);
    } finally {
      zip.close();
    }
    await rm(zipFile, { force: true });
    await writeFile(path.join(dir, 'upload.json'), `${JSON.stringify({ fileName, bytes })}\n`);
    let found: FoundExport;
    try {
      found = await findExport(target);
    } catch (err) {
      if (err instanceof ExportError) throw badRequest(exportMessage(err, target));
      throw err;
    }
    return { uploadId: id, fileName, bytes, ...describeExport(found) };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** The folder of an upload's export and the name of its file, or 404 when it is gone. */
export async function uploadedExport(root: string, id: string): Promise<{ dir: string; fileName: string | null }> {
  const dir = exportDirOf(root, id);
  const s = await stat(dir).catch(() => null);
  if (!s?.isDirectory()) throw new AppError(404, M.uploadNotFound);
  const meta = await readFile(path.join(uploadDir(root, id), 'upload.json'), 'utf8')
    .then((t) => JSON.parse(t) as { fileName?: unknown })
    .catch(() => ({}) as { fileName?: unknown });
  return { dir, fileName: typeof meta.fileName === 'string' ? meta.fileName : null };
}

/** Removes uploads older than UPLOAD_KEEP_MS, except those in `keep` (a run reads them). */
export async function removeOldUploads(root: string, keep: ReadonlySet<string>, now = Date.now()): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!/^[0-9a-f]{24}$/.test(name) || keep.has(name)) continue;
    const s = await stat(path.join(root, name)).catch(() => null);
    if (s && now - s.mtimeMs > UPLOAD_KEEP_MS) await rm(path.join(root, name), { recursive: true, force: true });
  }
}

import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isOriginalCollection, ORIGINAL_COLLECTIONS } from './collections.ts';
import { ExportError } from './problems.ts';

export type ExportFormat = 'bson' | 'json';

/** One collection's file in an export. */
export interface CollectionFile {
  collection: string;
  /** Absolute path. */
  path: string;
  /** The path relative to the export folder given (what the report shows). */
  name: string;
  format: ExportFormat;
  gzip: boolean;
  bytes: number;
  /** mongodump's `<collection>.metadata.json` beside a `.bson` file, when present. */
  metadataPath?: string;
}

export interface IgnoredFile {
  name: string;
  reason: string;
}

export interface FoundExport {
  /** The folder the collection files are in (the given one, or its one database subfolder from mongodump). */
  dir: string;
  kind: 'mongodump' | 'mongoexport' | 'mixed';
  files: CollectionFile[];
  ignored: IgnoredFile[];
}

const DATA_FILE = /^(.+?)\.(bson|bson\.gz|json|json\.gz|jsonl|ndjson)$/;
/** Files mongodump writes beside the collections, which hold no documents of a collection. */
const SIDE_FILE = /(\.metadata\.json(\.gz)?|^prelude\.json|^oplog\.bson)$/;

interface Scan {
  files: CollectionFile[];
  ignored: IgnoredFile[];
  subdirs: string[];
}

async function scan(root: string, dir: string): Promise<Scan> {
  const out: Scan = { files: [], ignored: [], subdirs: [] };
  const entries = await readdir(dir, { withFileTypes: true });
  const names = new Set(entries.map((e) => e.name));
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    const rel = path.relative(root, full);
    if (e.isDirectory()) {
      out.subdirs.push(full);
      continue;
    }
    if (!e.isFile() || SIDE_FILE.test(e.name)) continue;
    const m = DATA_FILE.exec(e.name);
    if (!m) {
      if (!e.name.startsWith('.')) out.ignored.push({ name: rel, reason: 'not a collection file (.bson or .json)' });
      continue;
    }
    const [, collection, ext] = m as unknown as [string, string, string];
    if (!isOriginalCollection(collection)) {
      out.ignored.push({ name: rel, reason: `"${collection}" is not a collection of the original system` });
      continue;
    }
    const format: ExportFormat = ext.startsWith('bson') ? 'bson' : 'json';
    const metadata = `${collection}.metadata.json`;
    out.files.push({
      collection,
      path: full,
      name: rel,
      format,
      gzip: ext.endsWith('.gz'),
      bytes: (await stat(full)).size,
      metadataPath: format === 'bson' && names.has(metadata) ? path.join(dir, metadata) : undefined,
    });
  }
  return out;
}

const EXPECTED = `mongodump output (<collection>.bson files with their .metadata.json) or mongoexport files (<collection>.json) of the original system's collections (${ORIGINAL_COLLECTIONS.slice(0, 4).join(', ')}, …)`;

/**
 * Finds the collection files of an export. `mongodump --db NAME --out DIR` writes them into DIR/NAME, so when the
 * folder itself holds none, its one subfolder that does is used (several such subfolders: the user must choose).
 * Two files for the same collection (pets.bson and pets.json) are refused: which one is the export is not ours to guess.
 */
export async function findExport(dir: string): Promise<FoundExport> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new ExportError(`${dir} does not exist: give the folder holding the export with --from`);
  if (!info.isDirectory()) throw new ExportError(`${dir} is not a folder: give the folder holding the export with --from`);
  let found = await scan(dir, dir);
  let where = dir;
  if (found.files.length === 0) {
    const inSubdirs: { dir: string; scan: Scan }[] = [];
    for (const sub of found.subdirs) {
      const s = await scan(dir, sub);
      if (s.files.length > 0) inSubdirs.push({ dir: sub, scan: s });
    }
    if (inSubdirs.length > 1) {
      const names = inSubdirs.map((s) => path.basename(s.dir)).join(', ');
      throw new ExportError(
        `${dir} holds exports of several databases (${names}): pass the one to import, e.g. --from ${inSubdirs[0]?.dir}`,
      );
    }
    if (inSubdirs[0]) {
      found = { ...inSubdirs[0].scan, ignored: [...found.ignored, ...inSubdirs[0].scan.ignored] };
      where = inSubdirs[0].dir;
    }
  }
  if (found.files.length === 0) {
    const seen = found.ignored.length > 0 ? ` (it holds ${found.ignored.map((f) => f.name).join(', ')})` : '';
    throw new ExportError(`No export found in ${dir}${seen}: expected ${EXPECTED}`);
  }
  const byCollection = new Map<string, CollectionFile>();
  for (const f of found.files) {
    const other = byCollection.get(f.collection);
    if (other) {
      throw new ExportError(
        `${f.collection} is in two files, ${other.name} and ${f.name}: keep the one that is the export and move the other away`,
      );
    }
    byCollection.set(f.collection, f);
  }
  // Read in the model's order (owners before pets before visits), which is the order an import needs.
  const files = ORIGINAL_COLLECTIONS.flatMap((c) => byCollection.get(c) ?? []);
  const formats = new Set(files.map((f) => f.format));
  const kind = formats.size > 1 ? 'mixed' : formats.has('bson') ? 'mongodump' : 'mongoexport';
  return { dir: where, kind, files, ignored: found.ignored };
}

/** mongodump's metadata for a collection (indexes, options), or a problem message when it does not parse. */
export async function readMetadata(file: CollectionFile): Promise<{ indexes: number } | { error: string } | undefined> {
  if (!file.metadataPath) return undefined;
  try {
    const meta = JSON.parse(await readFile(file.metadataPath, 'utf8')) as { indexes?: unknown[] };
    return { indexes: Array.isArray(meta.indexes) ? meta.indexes.length : 0 };
  } catch (err) {
    return { error: `${path.basename(file.metadataPath)} does not parse (${(err as Error).message})` };
  }
}

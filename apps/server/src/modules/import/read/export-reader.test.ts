import { mkdir, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { execFile } from 'node:child_process';
import { BSON, EJSON, ObjectId } from 'bson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_DB,
  FIXTURE_FORMATS,
  type FixtureFormat,
  fixtureCounts,
  fixtureId,
  SMALL_FIXTURE,
  writeFixtureExport,
} from '../../../../test/import-fixture.ts';
import { MAX_BSON_DOCUMENT_BYTES } from './bson-reader.ts';
import {
  type CollectionFile,
  ExportError,
  findExport,
  type ImportDocument,
  inBatches,
  type ReadProblem,
  readCollection,
  summariseExport,
} from './export-reader.service.ts';
import { CHUNK_BYTES } from './source.ts';

const run = promisify(execFile);

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-read-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let n = 0;
async function freshDir(): Promise<string> {
  n += 1;
  const dir = path.join(root, `d${n}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Reads one collection of an export folder: its documents and its problems. */
async function readAll(dir: string, collection: string) {
  const found = await findExport(dir);
  const file = found.files.find((f) => f.collection === collection);
  if (!file) throw new Error(`${collection} not found in ${dir}`);
  const problems: ReadProblem[] = [];
  const docs: ImportDocument[] = [];
  for await (const d of readCollection(file, { onProblem: (p) => problems.push(p) })) docs.push(d);
  return { docs, problems, file };
}

const oidHex = (i: number) => fixtureId('pets', i);

describe('the fixture export, in every format, reads to the same documents', () => {
  const read: Partial<Record<FixtureFormat, Map<string, string[]>>> = {};

  beforeAll(async () => {
    for (const format of FIXTURE_FORMATS) {
      const dir = await freshDir();
      await writeFixtureExport(dir, format, SMALL_FIXTURE);
      const found = await findExport(dir);
      const byCollection = new Map<string, string[]>();
      for (const file of found.files) {
        const docs: string[] = [];
        const problems: ReadProblem[] = [];
        for await (const d of readCollection(file, { onProblem: (p) => problems.push(p) })) {
          // Canonical Extended JSON keeps every type (ObjectId, Date, number) visible to the comparison.
          docs.push(EJSON.stringify(d.doc, { relaxed: false }));
        }
        expect(problems, `${format} ${file.name}`).toEqual([]);
        byCollection.set(file.collection, docs);
      }
      read[format] = byCollection;
    }
  }, 120_000);

  it('reads every collection with the fixture’s counts', () => {
    const counts = fixtureCounts(SMALL_FIXTURE);
    for (const format of FIXTURE_FORMATS) {
      const got = Object.fromEntries([...(read[format]?.entries() ?? [])].map(([c, docs]) => [c, docs.length]));
      expect(got, format).toEqual(counts);
    }
  });

  it.each(FIXTURE_FORMATS.filter((f) => f !== 'bson'))('%s reads to the same documents as the .bson dump', (format) => {
    const bson = read.bson as Map<string, string[]>;
    const other = read[format] as Map<string, string[]>;
    for (const [collection, docs] of bson) expect(other.get(collection), `${format} ${collection}`).toEqual(docs);
  });

  it('keeps the types of the original: ObjectIds, dates, numbers, strings that hold numbers', async () => {
    const dir = await freshDir();
    await writeFixtureExport(dir, 'array-relaxed', SMALL_FIXTURE, { only: ['visits', 'appointments'] });
    const { docs } = await readAll(dir, 'visits');
    const first = docs[0] as ImportDocument;
    expect(first.id).toBe(fixtureId('visits', 0));
    expect(first.doc.pet).toBeInstanceOf(ObjectId);
    expect(first.doc.createdAt).toBeInstanceOf(Date);
    expect((first.doc.details as Record<string, unknown>).price).toBe('766.67'); // sent as a string by a form
    expect((docs[1] as ImportDocument).doc.details).toMatchObject({ price: 500 });
    const appts = await readAll(dir, 'appointments');
    expect(((appts.docs[0] as ImportDocument).doc.appointmentDate as Date).toISOString()).toMatch(/T00:00:00\.000Z$/);
  });
});

describe('finding the export in a folder', () => {
  it('finds mongodump output in its database subfolder, with its metadata', async () => {
    const dir = await freshDir();
    await writeFixtureExport(dir, 'bson', SMALL_FIXTURE, { only: ['owners', 'pets'] });
    const found = await findExport(dir);
    expect(found.kind).toBe('mongodump');
    expect(found.dir).toBe(path.join(dir, FIXTURE_DB));
    expect(found.files.map((f) => [f.collection, f.name, Boolean(f.metadataPath)])).toEqual([
      ['owners', path.join(FIXTURE_DB, 'owners.bson'), true],
      ['pets', path.join(FIXTURE_DB, 'pets.bson'), true],
    ]);
  });

  it('orders collections as the import needs them and lists files it will not read', async () => {
    const dir = await freshDir();
    await writeFixtureExport(dir, 'jsonl-relaxed', SMALL_FIXTURE, { only: ['visits', 'pets', 'owners'] });
    await writeFile(path.join(dir, 'sessions.json'), '{}\n');
    await writeFile(path.join(dir, 'notes.txt'), 'hello');
    const found = await findExport(dir);
    expect(found.kind).toBe('mongoexport');
    expect(found.files.map((f) => f.collection)).toEqual(['owners', 'pets', 'visits']);
    expect(found.ignored).toEqual([
      { name: 'notes.txt', reason: 'not a collection file (.bson or .json)' },
      { name: 'sessions.json', reason: '"sessions" is not a collection of the original system' },
    ]);
  });

  it('a folder with no recognisable export is refused with what was expected', async () => {
    const empty = await freshDir();
    await expect(findExport(empty)).rejects.toThrow(ExportError);
    await expect(findExport(empty)).rejects.toThrow(
      `No export found in ${empty}: expected mongodump output (<collection>.bson files with their .metadata.json) or mongoexport files`,
    );
    const junk = await freshDir();
    await writeFile(path.join(junk, 'backup.zip'), 'x');
    await expect(findExport(junk)).rejects.toThrow(`No export found in ${junk} (it holds backup.zip)`);
    await expect(findExport(path.join(junk, 'missing'))).rejects.toThrow('does not exist');
    await expect(findExport(path.join(junk, 'backup.zip'))).rejects.toThrow('is not a folder');
  });

  it('two databases, or two files for one collection, are refused', async () => {
    const dir = await freshDir();
    await mkdir(path.join(dir, 'a'));
    await mkdir(path.join(dir, 'b'));
    await writeFile(path.join(dir, 'a', 'pets.bson'), '');
    await writeFile(path.join(dir, 'b', 'pets.bson'), '');
    await expect(findExport(dir)).rejects.toThrow('holds exports of several databases (a, b)');
    const both = await freshDir();
    await writeFile(path.join(both, 'pets.bson'), '');
    await writeFile(path.join(both, 'pets.json'), '');
    await expect(findExport(both)).rejects.toThrow('pets is in two files, pets.bson and pets.json');
  });
});

/** Writes pets.bson made of the given documents' bytes (each BSON.serialize'd unless already bytes). */
async function bsonFile(dir: string, docs: (Record<string, unknown> | Uint8Array)[], name = 'pets.bson') {
  const bytes = docs.map((d) => (d instanceof Uint8Array ? d : BSON.serialize(d)));
  await writeFile(path.join(dir, name), Buffer.concat(bytes));
  return bytes;
}
const pet = (i: number) => ({ _id: new ObjectId(oidHex(i)), name: `Pet ${i}`, species: 'dog' });

describe('BSON problems', () => {
  it('a truncated file: every whole document is read, and the cut is named with its file and offset', async () => {
    const dir = await freshDir();
    const bytes = await bsonFile(dir, [pet(0), pet(1), pet(2)]);
    const size = bytes.reduce((s, b) => s + b.length, 0);
    await truncate(path.join(dir, 'pets.bson'), size - 7);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0), oidHex(1)]);
    const start = (bytes[0]?.length ?? 0) + (bytes[1]?.length ?? 0);
    expect(problems).toEqual([
      {
        collection: 'pets',
        file: 'pets.bson',
        offset: start,
        fatal: true,
        message: `the file ends in the middle of a document (${(bytes[2]?.length ?? 0) - 7} of ${bytes[2]?.length} bytes): the export was cut short`,
      },
    ]);
  });

  it('a damaged document is skipped and the rest of the collection still read', async () => {
    const dir = await freshDir();
    const damaged = Buffer.from(BSON.serialize(pet(1)));
    damaged[damaged.length - 1] = 1; // the document's terminating zero
    const bytes = await bsonFile(dir, [pet(0), damaged, pet(2)]);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0), oidHex(2)]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: 'pets.bson',
      offset: bytes[0]?.length,
      message: expect.stringContaining('damaged'),
    });
    expect(problems[0]?.fatal).toBeUndefined();
  });

  it('a length that cannot start a document stops the file with a fatal problem', async () => {
    const dir = await freshDir();
    const bad = Buffer.alloc(8, 0xff);
    const bytes = await bsonFile(dir, [pet(0), bad, pet(2)]);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0)]);
    expect(problems).toEqual([expect.objectContaining({ offset: bytes[0]?.length, fatal: true })]);
    expect(problems[0]?.message).toContain('not the start of a BSON document (length -1)');
    expect(MAX_BSON_DOCUMENT_BYTES).toBeGreaterThan(16 * 1024 * 1024);
  });

  it('a truncated .bson.gz reads what it can and names the file', async () => {
    const dir = await freshDir();
    const all = Buffer.concat(Array.from({ length: 500 }, (_, i) => BSON.serialize(pet(i))));
    const gz = gzipSync(all);
    await writeFile(path.join(dir, 'pets.bson.gz'), gz.subarray(0, Math.floor(gz.length / 2)));
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.length).toBeLessThan(500);
    expect(docs.map((d) => d.id)).toEqual(Array.from({ length: docs.length }, (_, i) => oidHex(i)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'pets.bson.gz', fatal: true });
  });

  it('an empty file is an empty collection', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, 'pets.bson'), '');
    const { docs, problems } = await readAll(dir, 'pets');
    expect([docs, problems]).toEqual([[], []]);
  });
});

describe('JSON problems', () => {
  const line = (i: number) => EJSON.stringify(pet(i), { relaxed: true });

  it('a broken line is named with its file and line (and the id when visible); the next lines are read', async () => {
    const dir = await freshDir();
    const broken = `{"_id":{"$oid":"${oidHex(1)}"},"name":"Pet 1",,}`;
    await writeFile(path.join(dir, 'pets.json'), [line(0), '', broken, line(2), `${line(3)}\r`, line(4)].join('\n'));
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => [d.id, d.line])).toEqual([
      [oidHex(0), 1],
      [oidHex(2), 4],
      [oidHex(3), 5],
      [oidHex(4), 6],
    ]);
    expect(problems).toEqual([
      {
        collection: 'pets',
        file: 'pets.json',
        line: 3,
        originalId: oidHex(1),
        message: expect.stringMatching(/^broken JSON, the document was skipped/),
      },
    ]);
  });

  it('a line of broken Extended JSON is a problem too (EJSON decides, not us)', async () => {
    const dir = await freshDir();
    const badDate = `{"_id":{"$oid":"${oidHex(1)}"},"dob":{"$date":{"$numberLong":"soon"}}}`;
    await writeFile(path.join(dir, 'pets.json'), [line(0), badDate, line(2)].join('\n'));
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0), oidHex(2)]);
    expect(problems).toEqual([expect.objectContaining({ line: 2, originalId: oidHex(1) })]);
  });

  it('--jsonArray: strings holding brackets, quotes and escapes do not confuse the tokenizer', async () => {
    const dir = await freshDir();
    const tricky = {
      _id: new ObjectId(oidHex(0)),
      name: 'Br]un{o "the" \\ dog\n',
      tags: [[1, 2], { a: '}' }],
      note: '€ ₹ 🐾',
      quote: 'a "}" b \\" ]',
    };
    await writeFile(path.join(dir, 'pets.json'), `\uFEFF [\n${EJSON.stringify(tricky)} ,\n\t${line(1)}\n]\n\n`);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(problems).toEqual([]);
    expect(docs.map((d) => [d.id, d.line])).toEqual([
      [oidHex(0), 2],
      [oidHex(1), 3],
    ]);
    expect(docs[0]?.doc.name).toBe(tricky.name);
    expect(docs[0]?.doc.note).toBe(tricky.note);
    expect(docs[0]?.doc.quote).toBe(tricky.quote);
  });

  it('--jsonArray --pretty: documents over several lines are read, each at its first line', async () => {
    const dir = await freshDir();
    const pretty = [0, 1].map((i) => EJSON.stringify(pet(i), undefined, 2, { relaxed: false }));
    await writeFile(path.join(dir, 'pets.json'), `[\n${pretty.join(',\n')}\n]\n`);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(problems).toEqual([]);
    expect(docs.map((d) => [d.id, d.line])).toEqual([
      [oidHex(0), 2],
      [oidHex(1), 2 + (pretty[0]?.split('\n').length ?? 0)],
    ]);
  });

  it('--jsonArray: a broken element is named with its line and stepped over', async () => {
    const dir = await freshDir();
    const broken = `{"_id":{"$oid":"${oidHex(1)}"},"name":"Pet 1" "species":"dog"}`;
    await writeFile(path.join(dir, 'pets.json'), `[${line(0)},\n${broken},\n${line(2)},\n42]`);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0), oidHex(2)]);
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'pets.json',
        line: 2,
        originalId: oidHex(1),
        message: expect.stringContaining('broken JSON'),
      }),
      expect.objectContaining({ line: 4, message: 'not a document (an object was expected), skipped' }),
    ]);
  });

  it('--jsonArray cut short: the whole documents are read and the cut is a fatal problem at its line', async () => {
    const dir = await freshDir();
    const text = `[${line(0)},\n${line(1)},\n${line(2)}]`;
    await writeFile(path.join(dir, 'pets.json'), text.slice(0, text.length - 20));
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0), oidHex(1)]);
    expect(problems).toEqual([
      expect.objectContaining({ line: 3, originalId: oidHex(2), fatal: true, message: expect.stringContaining('cut short') }),
    ]);
  });

  it('--jsonArray: an empty array, and text after the closing bracket', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, 'pets.json'), '[ ]');
    expect(await readAll(dir, 'pets')).toMatchObject({ docs: [], problems: [] });
    await writeFile(path.join(dir, 'pets.json'), `[${line(0)}]\n[${line(1)}]`);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs).toHaveLength(1);
    expect(problems).toEqual([expect.objectContaining({ line: 2, message: 'text after the closing ] was ignored' })]);
  });
});

describe('documents whose _id is not an ObjectId are problems, skipped', () => {
  const bad = [{ _id: 'pet-7', name: 'String id' }, { _id: 42, name: 'Number id' }, { name: 'No id' }];

  it('in a .bson dump', async () => {
    const dir = await freshDir();
    await bsonFile(dir, [pet(0), ...bad, pet(1)]);
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0), oidHex(1)]);
    expect(problems.map((p) => [p.originalId, p.message])).toEqual([
      ['pet-7', 'the _id is not an ObjectId (pet-7): Pawdesk keeps ObjectIds as ids, so the document was skipped'],
      ['42', 'the _id is not an ObjectId (42): Pawdesk keeps ObjectIds as ids, so the document was skipped'],
      [undefined, 'the document has no _id, skipped'],
    ]);
    expect(problems.every((p) => p.offset !== undefined && p.file === 'pets.bson')).toBe(true);
  });

  it('in a mongoexport file', async () => {
    const dir = await freshDir();
    const lines = [pet(0), ...bad, pet(1)].map((d) => EJSON.stringify(d, { relaxed: false }));
    await writeFile(path.join(dir, 'pets.json'), lines.join('\n'));
    const { docs, problems } = await readAll(dir, 'pets');
    expect(docs.map((d) => d.id)).toEqual([oidHex(0), oidHex(1)]);
    expect(problems.map((p) => [p.line, p.originalId])).toEqual([
      [2, 'pet-7'],
      [3, '42'],
      [4, undefined],
    ]);
  });
});

describe('batches', () => {
  async function* count(to: number) {
    for (let i = 0; i < to; i++) yield i;
  }
  it.each([
    [0, 3, []],
    [2, 3, [2]],
    [3, 3, [3]],
    [7, 3, [3, 3, 1]],
  ])('%i items in batches of %i', async (items, size, sizes) => {
    const got: number[][] = [];
    for await (const b of inBatches(count(items), size)) got.push(b);
    expect(got.map((b) => b.length)).toEqual(sizes);
    expect(got.flat()).toEqual(Array.from({ length: items }, (_, i) => i));
  });
  it('refuses a batch size that is not a whole number ≥ 1', async () => {
    await expect(inBatches(count(1), 0).next()).rejects.toThrow(RangeError);
  });
});

describe('streaming: a large file is read with bounded memory', () => {
  const DOCS = 200_000;
  const script = fileURLToPath(new URL('../../../../test/import-read-memory.ts', import.meta.url));

  it.each(['bson', 'jsonl-relaxed'] as const)(
    '%s, 200k documents, in a process with a 64 MB heap',
    async (format) => {
      const dir = await freshDir();
      await writeFixtureExport(dir, format, { pets: 10, visits: DOCS }, { only: ['visits'] });
      const found = await findExport(dir);
      const bytes = (await stat((found.files[0] as CollectionFile).path)).size;
      expect(bytes).toBeGreaterThan(50 * 1024 * 1024);
      // A child process: --expose-gc to measure what is still held, and a heap too small for the whole file.
      const { stdout } = await run(process.execPath, ['--expose-gc', '--max-old-space-size=64', '--import', 'tsx', script, dir]);
      const m = JSON.parse(stdout) as Record<string, number>;
      expect(m.read).toBe(fixtureCounts({ pets: 10, visits: DOCS }).visits); // DOCS and the few hazards added after them
      expect(m.problems).toBe(0);
      expect(m.maxAhead).toBeLessThanOrEqual(1000); // never more than a batch pulled ahead of the consumer
      if (format === 'bson') expect(m.maxHeldBytes).toBeLessThanOrEqual(CHUNK_BYTES + 4096); // a chunk + a partial doc
      // Held after GC: a batch of documents and a few 1 MiB chunks in the stream stages (about 13 MB measured), not the file (over 50 MB) nor its documents.
      expect(m.maxGrowth).toBeLessThan(24 * 1024 * 1024);
      console.info(`${format}: ${DOCS} documents, ${(bytes / 2 ** 20).toFixed(0)} MiB file`, m);
      await rm(dir, { recursive: true, force: true });
    },
    // Writing and reading 200k documents takes 10–40 s alone; far longer when the two cores are shared.
    300_000,
  );
});

describe('summariseExport (the dry run)', () => {
  it('counts what each collection holds and keeps its problems, limited to --only', async () => {
    const dir = await freshDir();
    await writeFixtureExport(dir, 'jsonl-canonical', SMALL_FIXTURE, { only: ['owners', 'pets'] });
    const petsFile = path.join(dir, 'pets.json');
    const text = await readFile(petsFile, 'utf8');
    await writeFile(petsFile, `${text}{"_id":"not-an-id","name":"X"}\n{broken\n`);
    const found = await findExport(dir);
    const all = await summariseExport(found);
    const counts = fixtureCounts(SMALL_FIXTURE);
    expect(all.map((s) => [s.collection, s.read, s.problems.length, s.complete])).toEqual([
      ['owners', counts.owners, 0, true],
      ['pets', counts.pets, 2, true],
    ]);
    const only = await summariseExport(found, { only: ['pets'] });
    expect(only.map((s) => s.collection)).toEqual(['pets']);
  });
});

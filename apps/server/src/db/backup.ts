import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Backup and restore of the embedded database. A backup is PGlite's own dump of its data directory (`dumpDataDir`,
 * a gzipped tarball); photos live in the `media` table, so it holds them too. Taken by whoever holds the database:
 * the running server (`POST /api/v1/admin/backup`, which `npm run backup` asks when a server runs; docs/decisions.md,
 * "Backups while the server runs"), or `npm run backup` itself when none does. (On PostgreSQL use pg_dump /
 * pg_restore: see docs/operations.md.)
 */

/**
 * A consistent dump of an open PGlite: taken between transactions. The transaction lock waits for the one in
 * progress to commit or roll back and holds the next back until the dump is written (dumpDataDir itself takes the
 * query lock, so no single statement runs either). Reads and writes queue meanwhile and go on afterwards.
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
}

/** A backup's file name: `pawdesk-2026-11-22T10-04-05-123Z.tar.gz`. */
export const backupFileName = (at: Date) => `pawdesk-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/** Writes a stream to `file` through `file.part`, renamed when complete (a cut-off backup never looks whole). */
export async function writeFileAtomically(file: string, body: Readable | WebReadableStream<Uint8Array>): Promise<number> {
  mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.part`;
  let bytes = 0;
  const source = body instanceof Readable ? body : Readable.fromWeb(body);
  source.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  try {
    await pipeline(source, createWriteStream(part, { mode: 0o600 }));
    renameSync(part, file);
  } catch (err) {
    rmSync(part, { force: true });
    throw err;
  }
  return bytes;
}

/** Backs up a data directory no server holds: opens it (taking its lock), dumps it, closes it. */
export async function backupEmbedded(dataDir: string, outFile: string): Promise<number> {
  const pgDir = path.join(dataDir, 'pg');
  if (!existsSync(pgDir)) throw new Error(`No embedded database at ${pgDir}`);
  // Only one process may open the directory: a server that holds it takes the backup itself (cli/backup.ts asks it).
  const lock = lockDataDir(dataDir, { holder: 'npm run backup' });
  try {
    const client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm } });
    try {
      const dump = await dumpPglite(client);
      return await writeFileAtomically(outFile, dump.stream() as WebReadableStream<Uint8Array>);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Restores a backup into an empty data directory (refuses to overwrite an existing database, and, through the data
 * directory's lock, refuses while a server or another command holds the directory).
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<void> {
  const pgDir = path.join(dataDir, 'pg');
  const lock = lockDataDir(dataDir, { holder: 'npm run restore' });
  try {
    if (existsSync(pgDir) && readdirSync(pgDir).length > 0) {
      throw new Error(`${pgDir} already holds a database; move it away before restoring`);
    }
    mkdirSync(pgDir, { recursive: true });
    const client = await PGlite.create({
      dataDir: pgDir,
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(file)]),
    });
    await client.query('select 1');
    await client.close();
  } finally {
    lock.release();
  }
}

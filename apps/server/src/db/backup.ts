import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * Backup and restore of the embedded database. A backup is a gzipped tarball
 * of PGlite's data directory, taken through PGlite itself so it is consistent.
 * (On PostgreSQL use pg_dump / pg_restore: see docs/operations.md.)
 */
export async function backupEmbedded(dataDir: string, outFile: string): Promise<number> {
  const pgDir = path.join(dataDir, 'pg');
  if (!existsSync(pgDir)) throw new Error(`No embedded database at ${pgDir}`);
  // A running server holds the database in its memory: a copy taken beside it would not be consistent.
  const lock = lockDataDir(dataDir, { holder: 'npm run backup' });
  try {
    const client = await PGlite.create({ dataDir: pgDir, extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir('gzip');
      const buf = Buffer.from(await dump.arrayBuffer());
      mkdirSync(path.dirname(outFile), { recursive: true });
      writeFileSync(outFile, buf);
      return buf.length;
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** Restores a backup into an empty data directory (refuses to overwrite an existing database). */
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

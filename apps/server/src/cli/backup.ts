// npm run backup [-- --out FILE]   — backs up the embedded database (PGlite) to a .tar.gz
// npm run restore -- FILE           — restores a backup into an empty DATA_DIR
//
// While a server runs on DATA_DIR, the backup is taken by that server (it holds the database; a second process
// opening the directory would corrupt it): this command asks it (db/server-access.ts) and writes what it answers.
// When none runs, the command opens the directory itself. A restore refuses while anything holds the directory.
import path from 'node:path';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { loadDatabaseConfig } from '../config.ts';
import { backupEmbedded, backupFileName, restoreEmbedded, writeFileAtomically } from '../db/backup.ts';
import { DataDirBusy } from '../db/data-dir-lock.ts';
import { runningServer } from '../db/server-access.ts';

const { values, positionals } = parseArgs({
  options: { out: { type: 'string' }, restore: { type: 'boolean', default: false } },
  allowPositionals: true,
});
// Only where the database is: a backup needs none of the app's secrets.
const config = loadDatabaseConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc, restore with pg_restore (see docs/operations.md).');
  process.exit(2);
}
const cwd = process.env.INIT_CWD ?? process.cwd();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** Asks the running server for the backup and writes it to `out`. */
async function askServer(server: NonNullable<ReturnType<typeof runningServer>>, out: string): Promise<void> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/v1/admin/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
  }).catch((err: Error) => {
    throw new Error(
      `The Pawdesk server (pid ${server.lock.pid}) holds the data directory but did not answer at ${server.baseUrl} (${err.cause instanceof Error ? err.cause.message : err.message}).`,
    );
  });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    throw new Error(`The Pawdesk server (pid ${server.lock.pid}) refused the backup: ${res.status} ${text.slice(0, 300)}`);
  }
  const bytes = await writeFileAtomically(out, res.body as WebReadableStream<Uint8Array>);
  const ms = Math.round(performance.now() - started);
  console.log(
    `Backed up ${config.dataDir} to ${out} (${kib(bytes)}, ${ms} ms), taken by the running server (pid ${server.lock.pid}, dump ${res.headers.get('x-backup-ms') ?? '?'} ms) while it kept serving`,
  );
}

try {
  if (values.restore) {
    const file = positionals[0];
    if (!file) {
      console.error('usage: npm run restore -- FILE');
      process.exit(2);
    }
    await restoreEmbedded(config.dataDir, path.resolve(cwd, file));
    console.log(`Restored ${file} into ${config.dataDir}`);
  } else {
    const out = path.resolve(cwd, values.out ?? path.join('backups', backupFileName(new Date())));
    const server = runningServer(config.dataDir);
    if (server) {
      await askServer(server, out);
    } else {
      const started = performance.now();
      const bytes = await backupEmbedded(config.dataDir, out);
      console.log(`Backed up ${config.dataDir} to ${out} (${kib(bytes)}, ${Math.round(performance.now() - started)} ms)`);
    }
  }
} catch (err) {
  // DataDirBusy says who holds the directory and what to do; other errors say what went wrong.
  const message = err instanceof DataDirBusy || err instanceof Error ? err.message : String(err);
  console.error(`${values.restore ? 'restore' : 'backup'}: ${message}`);
  process.exit(1);
}

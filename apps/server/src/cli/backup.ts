// npm run backup [-- --out FILE]   — backs up the embedded database (PGlite) to a .tar.gz
// npm run restore -- FILE           — restores a backup into an empty DATA_DIR
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backupEmbedded, restoreEmbedded } from '../db/backup.ts';
import { DataDirBusy } from '../db/data-dir-lock.ts';

const { values, positionals } = parseArgs({
  options: { out: { type: 'string' }, restore: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md).');
  process.exit(2);
}
const cwd = process.env.INIT_CWD ?? process.cwd();
// While a server holds the data directory (db/data-dir-lock.ts), neither a backup nor a restore may open it.
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
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(cwd, values.out ?? path.join('backups', `pawdesk-${stamp}.tar.gz`));
    const bytes = await backupEmbedded(config.dataDir, out);
    console.log(`Backed up ${config.dataDir} to ${out} (${(bytes / 1024).toFixed(0)} KiB)`);
  }
} catch (err) {
  if (!(err instanceof DataDirBusy)) throw err;
  console.error(`${values.restore ? 'restore' : 'backup'}: ${err.message}`);
  process.exit(1);
}

// npm run export -- --out DIR   — every table as CSV and JSON, and every photo, in DIR/pawdesk-export-<time>.zip
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabaseFor } from './open-database.ts';
import { exportToDirectory } from '../modules/data-export/full-export.service.ts';

function fail(msg: string): never {
  console.error(`export: ${msg}`);
  console.error('usage: npm run export -- --out DIR');
  process.exit(2);
}

let values: { out?: string };
try {
  ({ values } = parseArgs({ options: { out: { type: 'string' } } }));
} catch (err) {
  fail((err as Error).message);
}
if (!values.out) fail('--out DIR is required');

const config = loadConfig();
const cwd = process.env.INIT_CWD ?? process.cwd();
const database = await openDatabaseFor('export', config, {
  hint: "use 'Download all data' on the Staff accounts screen (/staff/users), which exports inside the server",
});
try {
  const started = Date.now();
  const { file, bytes, summary } = await exportToDirectory(database.db, path.resolve(cwd, values.out), new Date());
  const rows = summary.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Exported ${summary.tables.length} tables (${rows} rows) and ${summary.photos} photos to ${file} ` +
      `(${(bytes / 1024 / 1024).toFixed(1)} MiB, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} finally {
  await database.close();
}

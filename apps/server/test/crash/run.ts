/**
 * npm run test:crash -- --db pg|pglite|both [--cycles 3] [--port 3980] [--workers 6] [--kill-after 3,10] [--keep]
 *   [--kill-at random|answer-window]   (answer-window, PostgreSQL: the kill comes as a committed write's answer is
 *                                        being stored, the window a random kill rarely hits)
 * Exit code 1 when a check failed (or the database could not be opened again after a kill).
 */
import { parseArgs } from 'node:util';
import { passed, report, runCrashTest } from './crash.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pg' },
    cycles: { type: 'string', default: '3' },
    port: { type: 'string', default: '3980' },
    workers: { type: 'string', default: '6' },
    'kill-after': { type: 'string', default: '3,10' },
    keep: { type: 'boolean', default: false },
    'kill-at': { type: 'string', default: 'random' },
  },
});
const dbs = values.db === 'both' ? (['pg', 'pglite'] as const) : [values.db as 'pg' | 'pglite'];
if (!dbs.every((d) => d === 'pg' || d === 'pglite')) {
  console.error('--db is pg, pglite or both');
  process.exit(2);
}
const [lo, hi] = values['kill-after']!.split(',').map(Number);
let ok = true;
for (const db of dbs) {
  const r = await runCrashTest({
    db,
    cycles: Number(values.cycles),
    port: Number(values.port),
    workers: Number(values.workers),
    killAfter: [lo!, hi ?? lo!],
    keep: values.keep,
    killAt: values['kill-at'] === 'answer-window' ? 'answer-window' : 'random',
    log: (l) => console.log(`[crash ${db}] ${l}`),
  });
  console.log(report(r));
  ok &&= passed(r);
}
process.exit(ok ? 0 : 1);

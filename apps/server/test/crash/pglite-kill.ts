/**
 * A minimal reproduction for the embedded database and SIGKILL (issue 22, docs/operations.md "Crash safety"):
 * a child process opens a PGlite data directory and commits one row at a time, printing each id once its COMMIT
 * has returned; the parent kills it with SIGKILL after `--after` commits (or a random moment), opens the directory
 * again in this process and counts the committed rows that are missing. Repeated `--rounds` times on one directory.
 *
 *   node --import tsx apps/server/test/crash/pglite-kill.ts [--rounds 3] [--after 200] [--dir /tmp/x] [--keep]
 *
 * Only PGlite is involved (no Pawdesk code but the opening options: pg_trgm, as the server opens it).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const open = (dir: string) => PGlite.create({ dataDir: dir, extensions: { pg_trgm } });

async function child(dir: string) {
  const db = await open(dir);
  await db.exec('create table if not exists t (id bigint primary key, round int not null, pad text not null)');
  const round = Number(process.env.ROUND ?? 0);
  const base = Number((await db.query<{ n: number }>('select coalesce(max(id), 0)::int as n from t')).rows[0]!.n);
  process.stdout.write(`ready ${base}\n`);
  for (let i = base + 1; ; i++) {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, round, pad) values ($1, $2, $3)', [i, round, 'x'.repeat(200)]);
    });
    process.stdout.write(`committed ${i}\n`);
  }
}

async function parent() {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      after: { type: 'string', default: '200' },
      dir: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const dir = values.dir ?? (await mkdtemp(path.join(tmpdir(), 'pglite-kill-')));
  const self = fileURLToPath(import.meta.url);
  let missingTotal = 0;
  for (let round = 1; round <= Number(values.rounds); round++) {
    let last = 0;
    let out = '';
    const c = spawn(process.execPath, ['--import', 'tsx', self, 'child', dir], {
      env: { ...process.env, ROUND: String(round) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    let killAt = Number.POSITIVE_INFINITY;
    c.stdout!.on('data', (d: Buffer) => {
      out += String(d);
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const l of lines) {
        const m = /^(ready|committed) (\d+)$/.exec(l);
        if (!m) continue;
        if (m[1] === 'ready') killAt = Number(m[2]) + Number(values.after);
        else last = Number(m[2]);
        if (last >= killAt && c.exitCode === null) c.kill('SIGKILL');
      }
    });
    let err = '';
    c.stderr!.on('data', (d) => {
      err += String(d);
    });
    await exited;
    if (last === 0) throw new Error(`the child committed nothing:\n${err}`);
    const t0 = Date.now();
    let db: PGlite;
    try {
      db = await open(dir);
    } catch (e) {
      console.log(`round ${round}: killed after commit ${last}; the directory could NOT be opened again: ${String(e)}`);
      process.exitCode = 1;
      return;
    }
    const r = await db.query<{ n: number; max: number | null }>('select count(*)::int as n, max(id)::int as max from t');
    const { n, max } = r.rows[0]!;
    const missing = last - n;
    missingTotal += Math.max(0, missing);
    console.log(
      `round ${round}: killed after commit ${last}; reopened in ${Date.now() - t0} ms: ${n} rows (highest id ${max}), ` +
        `${missing > 0 ? `${missing} committed rows MISSING` : 'every committed row there'}`,
    );
    await db.close();
  }
  console.log(
    `${missingTotal ? 'LOST' : 'no loss'}: ${missingTotal} committed rows missing over ${values.rounds} kills (${dir})`,
  );
  if (missingTotal) process.exitCode = 1;
  if (!values.keep && !missingTotal) await rm(dir, { recursive: true, force: true });
}

if (process.argv[2] === 'child') await child(process.argv[3]!);
else await parent();

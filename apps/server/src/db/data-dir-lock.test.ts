import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import {
  assertDataDirFree,
  DataDirBusy,
  IMPORT_SCREEN_HINT,
  LOCK_FILE,
  type LockInfo,
  lockDataDir,
  readLock,
} from './data-dir-lock.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const root = mkdtempSync(path.join(tmpdir(), 'pawdesk-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
const freshDir = () => path.join(root, `d${++n}`);

/** A Node process that waits (a live pid on this host). */
function sleeper(): ChildProcess {
  const c = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  children.push(c);
  return c;
}

/** The pid of a process that has ended (a stale lock's). */
async function deadPid(): Promise<number> {
  const c = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => c.once('exit', r));
  return c.pid!;
}

function writeLock(dir: string, lock: Partial<LockInfo> & { pid: number }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ host: hostname(), startedAt: '2026-04-16T04:30:00.000Z', holder: 'server', ...lock }),
  );
}

describe('the data directory lock', () => {
  it('refuses while a live process of this host holds it, naming it and what to do instead', async () => {
    const dir = freshDir();
    const live = sleeper();
    writeLock(dir, { pid: live.pid! });
    const expected = new RegExp(
      `^A Pawdesk server \\(pid ${live.pid}, started 16 Apr 2026, \\d\\d:\\d\\d\\) is using the data directory ${dir.replace(/[/\\]/g, '.')}: stop it first, or use the admin screen /staff/import, which runs the import inside the server\\.`,
    );
    expect(() => assertDataDirFree(dir, { hint: IMPORT_SCREEN_HINT })).toThrow(expected);
    expect(() => lockDataDir(dir, { holder: 'npm run export' })).toThrow(DataDirBusy);
    // Opening the database is refused before PGlite touches the folder.
    await expect(openDatabase({ dataDir: dir, lock: { holder: 'npm run export' } })).rejects.toThrow(
      /is using the data directory/,
    );
    expect(existsSync(path.join(dir, 'pg'))).toBe(false);
    expect(readLock(dir)?.pid).toBe(live.pid);
  });

  it('names a command holding it, and a lock of another host', () => {
    const dir = freshDir();
    writeLock(dir, { pid: sleeper().pid!, holder: 'npm run import:original' });
    expect(() => assertDataDirFree(dir)).toThrow(
      /^A Pawdesk command \(npm run import:original, pid \d+, started .*: wait for it to finish, or stop it first\./,
    );
    const other = freshDir();
    writeLock(other, { pid: 4242, host: 'desk-2.local' });
    expect(() => assertDataDirFree(other)).toThrow(/pid 4242 on desk-2\.local.*delete .*pawdesk\.lock/);
  });

  it('takes over a stale lock (its process is gone) and removes its own on release', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: await deadPid() });
    expect(() => assertDataDirFree(dir)).not.toThrow();
    const lock = lockDataDir(dir, { holder: 'npm run export' });
    expect(readLock(dir)).toMatchObject({ pid: process.pid, host: hostname(), holder: 'npm run export' });
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock file that is not one (garbage), and shares its own lock within the process', () => {
    const dir = freshDir();
    writeLock(dir, { pid: 1 });
    writeFileSync(path.join(dir, LOCK_FILE), 'not json');
    const a = lockDataDir(dir);
    const b = lockDataDir(dir);
    a.release();
    expect(readLock(dir)?.pid).toBe(process.pid);
    b.release();
    b.release();
    expect(readLock(dir)).toBeNull();
  });

  it('does not remove a lock that another process took over meanwhile', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    const other = sleeper();
    writeLock(dir, { pid: other.pid! });
    lock.release();
    expect(readLock(dir)?.pid).toBe(other.pid);
  });

  // A fresh PGlite directory (initdb in WebAssembly) took 72 s once beside the other CI lanes; the PostgreSQL run has
  // nothing to add to this test (it is the same on both), so it runs with the embedded database only.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'the embedded database holds the lock while open',
    async () => {
      const dir = freshDir();
      const d = await openDatabase({ dataDir: dir, lock: { holder: 'server' } });
      expect(readLock(dir)).toMatchObject({ pid: process.pid, holder: 'server' });
      await d.close();
      expect(readLock(dir)).toBeNull();
    },
    180_000,
  );
});

/** Runs a process to its end: its exit code and output. */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: serverDir, env: { ...process.env, ...env } });
    children.push(c);
    let out = '';
    c.stdout!.on('data', (b) => (out += b));
    c.stderr!.on('data', (b) => (out += b));
    c.once('exit', (code) => resolve({ code, out }));
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the server and the commands', () => {
  it('a running server holds the lock, a command is refused, and the lock is gone after a clean stop', async () => {
    const dir = freshDir();
    const env = {
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      DATABASE_URL: '',
    };
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env },
    });
    children.push(server);
    let out = '';
    server.stdout!.on('data', (b) => (out += b));
    server.stderr!.on('data', (b) => (out += b));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (out.includes('Pawdesk is running')) {
          clearInterval(timer);
          resolve();
        } else if (server.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`the server stopped: ${out}`));
        }
      }, 100);
    });
    expect(readLock(dir)).toMatchObject({ pid: server.pid, holder: 'server', host: hostname() });

    const refused = await run(['src/cli/user-create.ts', '--email', 'a@b.in', '--password', 'secret123', '--name', 'A'], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`user:create: A Pawdesk server (pid ${server.pid}, started `);
    expect(refused.out).toContain(`is using the data directory ${dir}: stop it first, or create staff accounts`);
    expect(readLock(dir)?.pid).toBe(server.pid);

    const stopped = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 120_000);
});

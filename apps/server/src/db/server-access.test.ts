import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusy, LOCK_FILE, type LockInfo, lockDataDir, readLock } from './data-dir-lock.ts';
import { announceServer, newLocalToken, runningServer, TOKEN_FILE } from './server-access.ts';

/**
 * How `npm run backup` finds the server of a data directory (db/server-access.ts): the address in the lock and the
 * token file. The whole command against a listening server is test/backup-round-trip.test.ts.
 */
const root = mkdtempSync(path.join(tmpdir(), 'pawdesk-access-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});
let n = 0;
const freshDir = () => {
  const d = path.join(root, `d${++n}`);
  mkdirSync(d, { recursive: true });
  return d;
};

/** A live Node process of this host, standing for a server or a command. */
function sleeper(): ChildProcess {
  const c = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
  children.push(c);
  return c;
}

const writeLock = (dir: string, lock: Partial<LockInfo> & { pid: number }) =>
  writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ host: hostname(), startedAt: new Date().toISOString(), holder: 'server', ...lock }),
  );

describe('the running server of a data directory', () => {
  it('is none when nothing holds the directory, or its lock is stale', () => {
    expect(runningServer(freshDir())).toBeNull();
    const dir = freshDir();
    writeLock(dir, { pid: 2 ** 22 + 7, listen: { host: '0.0.0.0', port: 3000 } });
    writeFileSync(path.join(dir, TOKEN_FILE), 'old');
    expect(runningServer(dir)).toBeNull();
  });

  it('is found with its address and token: the loopback address for a wildcard host', () => {
    const live = sleeper();
    for (const [host, url] of [
      ['0.0.0.0', 'http://127.0.0.1:3123'],
      ['::', 'http://127.0.0.1:3123'],
      ['127.0.0.1', 'http://127.0.0.1:3123'],
      ['::1', 'http://[::1]:3123'],
      ['10.0.0.5', 'http://10.0.0.5:3123'],
    ] as const) {
      const dir = freshDir();
      writeLock(dir, { pid: live.pid!, listen: { host, port: 3123 } });
      writeFileSync(path.join(dir, TOKEN_FILE), 'tok\n');
      expect(runningServer(dir)).toMatchObject({ baseUrl: url, token: 'tok', lock: { pid: live.pid } });
    }
  });

  it('refuses, saying why, when a command holds the directory, the server is starting, or its token is missing', () => {
    const live = sleeper();
    const command = freshDir();
    writeLock(command, { pid: live.pid!, holder: 'npm run export' });
    expect(() => runningServer(command)).toThrow(/A Pawdesk command \(npm run export, pid \d+/);
    const starting = freshDir();
    writeLock(starting, { pid: live.pid! });
    expect(() => runningServer(starting)).toThrow(/is starting on the data directory .*: try again once it is running/);
    const noToken = freshDir();
    writeLock(noToken, { pid: live.pid!, listen: { host: '0.0.0.0', port: 3000 } });
    expect(() => runningServer(noToken)).toThrow(DataDirBusy);
    expect(() => runningServer(noToken)).toThrow(/its server\.token is missing: run the command as the user that runs/);
    const elsewhere = freshDir();
    writeLock(elsewhere, { pid: live.pid!, host: 'another-host', listen: { host: '0.0.0.0', port: 3000 } });
    expect(() => runningServer(elsewhere)).toThrow(/on another-host/);
  });

  it('announces itself: the address in its lock, a fresh 0600 token file, withdrawn at stop', () => {
    const dir = freshDir();
    // A token file a crashed server left, readable by all: replaced, not reused.
    writeFileSync(path.join(dir, TOKEN_FILE), 'stale', { mode: 0o644 });
    const lock = lockDataDir(dir, { holder: 'server' });
    try {
      const token = newLocalToken();
      expect(token).toMatch(/^[\w-]{43}$/);
      const a = announceServer(dir, { host: '0.0.0.0', port: 3456 }, token);
      expect(readLock(dir)).toMatchObject({ pid: process.pid, holder: 'server', listen: { host: '0.0.0.0', port: 3456 } });
      expect(statSync(path.join(dir, TOKEN_FILE)).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(dir, TOKEN_FILE), 'utf8').trim()).toBe(token);
      a.withdraw();
      expect(existsSync(path.join(dir, TOKEN_FILE))).toBe(false);
    } finally {
      lock.release();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});

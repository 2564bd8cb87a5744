import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The data directory's lock (issue 21): two processes on one embedded (PGlite) database corrupt it, since each holds
 * the whole database in its own memory and writes its files back. Whoever opens a PGlite data directory (the
 * server, or a command such as `npm run export`) first writes `pawdesk.lock` into it, naming its process, host and
 * start time, and removes it when it closes the database (also on an ordinary exit). A lock whose process is gone
 * (a crash, kill -9, a power cut) is stale and taken over. PostgreSQL needs none of this.
 */
export const LOCK_FILE = 'pawdesk.lock';

export interface LockInfo {
  pid: number;
  host: string;
  /** ISO 8601. */
  startedAt: string;
  /** 'server', or the command holding it ('npm run export'). */
  holder: string;
  /**
   * A server's HTTP address, added once it listens (`recordListenAddress`): `npm run backup` asks that server for
   * the backup instead of opening the directory (db/server-access.ts).
   */
  listen?: { host: string; port: number };
}

/** Another live process holds the data directory. */
export class DataDirBusy extends Error {
  override name = 'DataDirBusy';
  constructor(
    message: string,
    readonly lock: LockInfo,
  ) {
    super(message);
  }
}

export interface LockOptions {
  /** Who takes the lock: 'server', or the command ('npm run export'). Default: 'a Pawdesk command'. */
  holder?: string;
  /** What the refused user may do instead, appended to the message ("use the admin screen …"). */
  hint?: string;
}

/** The hint of `npm run import:original`. */
export const IMPORT_SCREEN_HINT = 'use the admin screen /staff/import, which runs the import inside the server';

const lockPath = (dataDir: string) => path.join(dataDir, LOCK_FILE);

/** The lock in the directory, or null (none, or a file that is not one of ours: treated as stale). */
export function readLock(dataDir: string): LockInfo | null {
  let text: string;
  try {
    text = readFileSync(lockPath(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0 || typeof v.host !== 'string') return null;
    const listen = v.listen as Partial<NonNullable<LockInfo['listen']>> | undefined;
    return {
      pid: v.pid,
      host: v.host,
      startedAt: typeof v.startedAt === 'string' ? v.startedAt : '',
      holder: typeof v.holder === 'string' ? v.holder : 'a Pawdesk command',
      ...(listen && typeof listen.host === 'string' && Number.isInteger(listen.port)
        ? { listen: { host: listen.host, port: listen.port as number } }
        : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Whether a process of this host is alive: signal 0 checks without sending anything (EPERM: it exists, owned by
 * another user). On Linux a live pid that is not a Node process is a recycled pid (the lock's process died and the
 * number went to another program): stale as well.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node|tsx|vitest/i.test(cmd);
  } catch {
    // No /proc (macOS, Windows), or not allowed to read it: trust the signal.
    return true;
  }
}

/** True when this lock stands: its process is alive on this host, or it is another host's (which we cannot check). */
export function holds(lock: LockInfo): boolean {
  if (lock.host !== hostname()) return true;
  if (lock.pid === process.pid) return false;
  return processAlive(lock.pid);
}

function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'at an unknown time';
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function busyMessage(dataDir: string, lock: LockInfo, hint?: string): string {
  const where = lock.host === hostname() ? `pid ${lock.pid}` : `pid ${lock.pid} on ${lock.host}`;
  const who =
    lock.holder === 'server'
      ? `A Pawdesk server (${where}, started ${when(lock.startedAt)})`
      : `A Pawdesk command (${lock.holder}, ${where}, started ${when(lock.startedAt)})`;
  const stop = lock.holder === 'server' ? 'stop it first' : 'wait for it to finish, or stop it first';
  const other =
    lock.host === hostname() ? '' : ` (if that host no longer runs Pawdesk on this folder, delete ${lockPath(dataDir)})`;
  return `${who} is using the data directory ${dataDir}: ${stop}${hint ? `, or ${hint}` : ''}${other}. Two processes on one embedded database would corrupt it.`;
}

/**
 * Throws DataDirBusy when another live process holds the data directory (the message says which, and what to do);
 * returns quietly when it is free, when the lock is stale (its process is gone) or when this process holds it.
 */
export function assertDataDirFree(dataDir: string, opts: Pick<LockOptions, 'hint'> = {}): void {
  const lock = readLock(dataDir);
  if (lock && holds(lock)) throw new DataDirBusy(busyMessage(dataDir, lock, opts.hint), lock);
}

export interface DataDirLock {
  /** Removes the lock (when this process still holds it). Safe to call more than once. */
  release(): void;
}

/** Locks this process holds, by directory: a second open in the same process shares the lock (counted). */
const held = new Map<string, { count: number; info: LockInfo; onExit: () => void }>();

function removeIfOurs(file: string, info: LockInfo): void {
  try {
    const now = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (now.pid !== info.pid || now.startedAt !== info.startedAt || now.host !== info.host) return;
    rmSync(file, { force: true });
  } catch {
    // Gone already, or unreadable: nothing of ours to remove.
  }
}

/**
 * Takes the data directory's lock for this process, or throws DataDirBusy. A stale lock is taken over. The file is
 * created exclusively, so two processes starting at the same moment cannot both win. Released by `release()` (the
 * database's close) and, as a net, when the process exits.
 */
export function lockDataDir(dataDir: string, opts: LockOptions = {}): DataDirLock {
  const dir = path.resolve(dataDir);
  const file = lockPath(dir);
  const mine = held.get(dir);
  if (mine) {
    mine.count += 1;
    return releaser(dir);
  }
  mkdirSync(dir, { recursive: true });
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    holder: opts.holder ?? 'a Pawdesk command',
  };
  for (let attempt = 0; ; attempt++) {
    assertDataDirFree(dir, opts);
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, `${JSON.stringify(info)}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      // A stale lock (checked just above), or one another process wrote this instant: check it again, then take over.
      const lock = readLock(dir);
      if (lock && holds(lock)) throw new DataDirBusy(busyMessage(dir, lock, opts.hint), lock);
      rmSync(file, { force: true });
    }
  }
  const onExit = () => removeIfOurs(file, info);
  process.once('exit', onExit);
  held.set(dir, { count: 1, info, onExit });
  return releaser(dir);
}

/**
 * Adds the server's HTTP address to the lock this process holds on the directory (after it starts listening), by
 * writing the whole lock anew beside it and renaming it over the old one (a reader sees the old or the new lock).
 */
export function recordListenAddress(dataDir: string, listen: { host: string; port: number }): void {
  const dir = path.resolve(dataDir);
  const mine = held.get(dir);
  if (!mine) throw new Error(`This process holds no lock on ${dir}`);
  mine.info = { ...mine.info, listen };
  const file = lockPath(dir);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(mine.info)}\n`, { mode: 0o644 });
  renameSync(tmp, file);
}

function releaser(dir: string): DataDirLock {
  let done = false;
  return {
    release() {
      if (done) return;
      done = true;
      const mine = held.get(dir);
      if (!mine) return;
      mine.count -= 1;
      if (mine.count > 0) return;
      held.delete(dir);
      process.off('exit', mine.onExit);
      removeIfOurs(lockPath(dir), mine.info);
    },
  };
}

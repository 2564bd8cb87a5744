import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { DataDirBusy, holds, type LockInfo, busyMessage, readLock, recordListenAddress } from './data-dir-lock.ts';

/**
 * How a command reaches the server that holds an embedded data directory (docs/decisions.md, "Backups while the
 * server runs"). Only one process may open a PGlite directory, so while a server runs, `npm run backup` asks it for
 * the backup over HTTP instead of opening the directory:
 * - the server, once it listens, adds its address to the directory's lock (`pawdesk.lock`, readable by anyone who
 *   may look at the directory) and writes a random token to `server.token`, readable by its own user only (0600),
 *   new at each start and deleted when it stops;
 * - the command reads both and calls `POST /api/v1/admin/backup` on the loopback address with
 *   `Authorization: Bearer <that token>`; the route accepts the token only from a loopback address.
 * Whoever can read `server.token` can read the database files themselves: the token gives nothing more.
 */
export const TOKEN_FILE = 'server.token';

/** A fresh token for local commands (256 random bits). */
export const newLocalToken = () => randomBytes(32).toString('base64url');

export interface Announced {
  /** Deletes the token file (the lock goes with the database's close). */
  withdraw(): void;
}

/** After the server listens: records its address in the lock and writes the token for local commands. */
export function announceServer(dataDir: string, listen: { host: string; port: number }, token: string): Announced {
  const file = path.join(dataDir, TOKEN_FILE);
  // A file left by a crashed server may have other permissions: write a new one, exclusive, readable by us only.
  rmSync(file, { force: true });
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${token}\n`);
  } finally {
    closeSync(fd);
  }
  chmodSync(file, 0o600);
  recordListenAddress(dataDir, listen);
  let done = false;
  return {
    withdraw() {
      if (done) return;
      done = true;
      try {
        if (readFileSync(file, 'utf8').trim() === token) rmSync(file, { force: true });
      } catch {
        // Gone already.
      }
    },
  };
}

export interface RunningServer {
  lock: LockInfo;
  /** e.g. http://127.0.0.1:3000 */
  baseUrl: string;
  token: string;
}

/** Where a client reaches a server listening on `host`: the loopback address for a wildcard or loopback host. */
function baseUrlOf(listen: { host: string; port: number }): string {
  const h = listen.host;
  const host = ['0.0.0.0', '::', '', 'localhost', '127.0.0.1'].includes(h) ? '127.0.0.1' : h === '::1' ? '[::1]' : h;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${listen.port}`;
}

/**
 * The server running on this data directory, and how to ask it; null when no process holds the directory (the
 * command may open it itself). Throws DataDirBusy when a command holds it, when the server is on another host, or
 * when it cannot be asked (still starting, or its token is not readable by this user), with what to do.
 */
export function runningServer(dataDir: string): RunningServer | null {
  const lock = readLock(dataDir);
  if (!lock || !holds(lock)) return null;
  if (lock.holder !== 'server' || lock.host !== hostname()) throw new DataDirBusy(busyMessage(dataDir, lock), lock);
  if (!lock.listen) {
    throw new DataDirBusy(
      `A Pawdesk server (pid ${lock.pid}) is starting on the data directory ${dataDir}: try again once it is running.`,
      lock,
    );
  }
  let token: string;
  try {
    token = readFileSync(path.join(dataDir, TOKEN_FILE), 'utf8').trim();
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'EACCES' ? 'is not readable by this user' : 'is missing';
    throw new DataDirBusy(
      `A Pawdesk server (pid ${lock.pid}) is using the data directory ${dataDir}, and its ${TOKEN_FILE} ${why}: run the command as the user that runs the server, or ask the server as an admin (POST /api/v1/admin/backup).`,
      lock,
    );
  }
  return { lock, baseUrl: baseUrlOf(lock.listen), token };
}

import { createHash, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { AUTH_MSG, type AuthSession } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail, findUserById, updateUser } from './auth.repo.ts';
import type { LoginThrottle } from './login-throttle.ts';
import {
  consumeAllResets,
  consumeReset,
  deleteOldSessions,
  endSession,
  endSessions,
  findReset,
  insertReset,
  insertSession,
  liveSessions,
  type SessionEnd,
  type SessionRow,
} from './sessions.repo.ts';

export { accountAndSession, endSessions, touchSession } from './sessions.repo.ts';
export type { SessionEnd } from './sessions.repo.ts';

/** A token (and its session) lasts 7 days. */
export const SESSION_DAYS = 7;
/** A reset link lasts 30 minutes. */
export const RESET_MINUTES = 30;

/** "Chrome on Android", "Safari on iPhone", … from a user agent; "Unknown device" when it says nothing useful. */
export function deviceLabel(ua: string | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && os) return `${browser} on ${os}`;
  if (browser || os) return (browser ?? os)!;
  return ua.replace(/[^\x20-\x7e]/g, '').slice(0, 60) || 'Unknown device';
}

/** The address truncated: IPv4 to its /24 (203.0.113.x), IPv6 to its /48; null for anything else. */
export function ipPrefix(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.x`;
  if (!isIPv6(ip)) return null;
  const [head = ''] = ip.toLowerCase().split('::');
  const groups = head ? head.split(':') : [];
  while (groups.length < 3) groups.push('0');
  return `${groups.slice(0, 3).join(':')}::/48`;
}

/** A new session row for a login; its id goes into the token as `sid`. */
export function startSession(db: DbOrTx, userId: string, meta: { ua?: string; ip?: string }): Promise<SessionRow> {
  return insertSession(db, {
    id: newId(),
    userId,
    device: deviceLabel(meta.ua),
    ipPrefix: ipPrefix(meta.ip),
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
}

export async function listSessions(db: DbOrTx, userId: string, currentSid: string | undefined): Promise<AuthSession[]> {
  const rows = await liveSessions(db, userId);
  return rows.map((s) => ({
    _id: s.id,
    device: s.device,
    ipPrefix: s.ipPrefix,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    current: s.id === currentSid,
  }));
}

/** Ends one of the caller's own sessions: another account's id (or an ended one) is a 404. */
export async function endOwnSession(db: DbOrTx, userId: string, sid: string, reason: SessionEnd = 'ended'): Promise<void> {
  if (!(await endSession(db, userId, sid, reason))) throw notFound('Session');
}

/**
 * Log out everywhere: every session row ends, and tokens issued until now (also those from before sessions, which
 * carry no session id) are refused.
 */
export async function logoutEverywhere(db: DbOrTx, userId: string, reason: SessionEnd): Promise<void> {
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { sessionsValidAfter: new Date() });
    await endSessions(tx, userId, reason);
  });
}

/**
 * The caller's new password: the current one must be right (wrong guesses count against the login throttle). Every
 * other session ends, and so does every token issued until now; the caller's session goes on with a new token
 * (`resign`).
 */
export async function changePassword(
  db: DbOrTx,
  throttle: LoginThrottle,
  who: { id: string; sid?: string; ip: string; ua?: string },
  body: { currentPassword: string; newPassword: string },
): Promise<{ sid: string }> {
  const user = await findUserById(db, who.id);
  if (!user) throw notFound('Account');
  const attempt = await throttle.begin(user.email, who.ip);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest(AUTH_MSG.currentPasswordWrong, { currentPassword: AUTH_MSG.currentPasswordWrong });
  }
  await attempt.succeeded();
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction(async (tx) => {
    // Set before the new token is signed, so the new token is newer than the cut-off.
    await updateUser(tx, user.id, { passwordHash, sessionsValidAfter: new Date() });
    await endSessions(tx, user.id, 'password-change', who.sid);
    await consumeAllResets(tx, user.id);
    const sid = who.sid ?? (await startSession(tx, user.id, { ua: who.ua, ip: who.ip })).id;
    return { sid };
  });
}

// ------------------------------------------------------------------ password reset

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A reset link for the account of this email, if there is one (and it is enabled): returns the raw token, which is
 * only ever in the email; the database keeps its sha256. Undefined when there is no such account.
 */
export async function issueReset(
  db: DbOrTx,
  email: string,
): Promise<{ token: string; user: { id: string; fullName: string; email: string; role: string } } | undefined> {
  const token = randomBytes(32).toString('base64url');
  const hash = sha256(token);
  const user = await findUserByEmail(db, email);
  if (!user || user.disabled) return undefined;
  await insertReset(db, user.id, hash, RESET_MINUTES);
  return { token, user };
}

/** Sets the password from a reset link: single use, 30 minutes; every session of the account ends. */
export async function resetPassword(db: DbOrTx, token: string, password: string): Promise<void> {
  const link = await findReset(db, sha256(token));
  if (!link) throw new AppError(400, AUTH_MSG.resetInvalid);
  if (link.usedAt) throw new AppError(400, AUTH_MSG.resetUsed);
  if (link.expired) throw new AppError(400, AUTH_MSG.resetExpired);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeReset(tx, link.id);
    if (!userId) throw new AppError(400, AUTH_MSG.resetUsed);
    await updateUser(tx, userId, { passwordHash, sessionsValidAfter: new Date() });
    await endSessions(tx, userId, 'password-reset');
    await consumeAllResets(tx, userId);
  });
}

let lastSweep = 0;
/** Deletes old session rows and reset links, at most once a minute per process. */
export async function sweepSessions(db: DbOrTx): Promise<void> {
  const now = Date.now();
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  await deleteOldSessions(db);
}

import { type CreateStaffBody, type StaffUser, type UpdateStaffBody, USERS_MSG } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endSessions } from '../auth/sessions.service.ts';
import {
  createAccount,
  findUserById,
  listStaffAccounts,
  lockActiveAdmins,
  type UserPatch,
  type UserRow,
  updateUser,
} from '../auth/auth.service.ts';

/**
 * Staff accounts as admins manage them. Every change is one transaction with its audit entry (who, what,
 * before, after); passwords and hashes never reach the audit log. The caller drops the account from the
 * token check's cache afterwards (`app.forgetAccount`), so this instance applies the change at once.
 */

export const toStaffUser = (u: Pick<UserRow, 'id' | 'fullName' | 'email' | 'isAdmin' | 'disabled'>): StaffUser => ({
  _id: u.id,
  fullName: u.fullName,
  email: u.email,
  isAdmin: u.isAdmin,
  disabled: u.disabled,
});

const staffNotFound = () => notFound('Staff account');

async function staffAccount(db: DbOrTx, id: string): Promise<UserRow> {
  const u = await findUserById(db, id);
  if (u?.role !== 'staff') throw staffNotFound();
  return u;
}

export async function listStaff(db: DbOrTx, q: { limit: number; cursor?: string }) {
  const { rows, nextCursor } = await listStaffAccounts(db, q.limit, q.cursor);
  return { users: rows.map(toStaffUser), nextCursor };
}

export async function createStaff(db: DbOrTx, actor: Principal, body: CreateStaffBody): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const u = await createAccount(tx, { ...body, role: 'staff' });
    const after = { fullName: u.fullName, email: u.email, isAdmin: u.isAdmin };
    await recordAudit(tx, { actorId: actor.id, action: 'user.create', entity: 'user', entityId: u.id, after });
    return toStaffUser(u);
  });
}

/** Name, admin flag or disabled flag. Disabling also ends the account's sessions (re-enabling does not revive them). */
export async function updateStaff(db: DbOrTx, actor: Principal, id: string, body: UpdateStaffBody): Promise<StaffUser> {
  if (id === actor.id && body.disabled === true) throw conflict(USERS_MSG.selfDisable);
  if (id === actor.id && body.isAdmin === false) throw conflict(USERS_MSG.selfDemote);
  return db.transaction(async (tx) => {
    // Admin changes are serialised on the admin rows, so two admins demoting each other cannot both succeed.
    const admins = await lockActiveAdmins(tx);
    const u = await staffAccount(tx, id);
    const patch: UserPatch = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of ['fullName', 'isAdmin', 'disabled'] as const) {
      const value = body[field];
      if (value === undefined || value === u[field]) continue;
      Object.assign(patch, { [field]: value });
      before[field] = u[field];
      after[field] = value;
    }
    if (Object.keys(patch).length === 0) return toStaffUser(u);
    const staysActiveAdmin = (patch.isAdmin ?? u.isAdmin) && !(patch.disabled ?? u.disabled);
    if (!staysActiveAdmin && admins.length === 1 && admins[0] === id) throw conflict(USERS_MSG.lastAdmin);
    if (patch.disabled) patch.sessionsValidAfter = new Date();
    const saved = await updateUser(tx, id, patch);
    if (!saved) throw staffNotFound();
    if (patch.disabled) await endSessions(tx, id, 'admin');
    await recordAudit(tx, { actorId: actor.id, action: 'user.update', entity: 'user', entityId: id, before, after });
    return toStaffUser(saved);
  });
}

/** A new password for any account; its existing sessions end. `actorId` null: the command line did it. */
export async function setPassword(db: DbOrTx, actorId: string | null, id: string, password: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const saved = await updateUser(tx, id, { passwordHash, sessionsValidAfter: new Date() });
    if (!saved) throw notFound('Account');
    await endSessions(tx, id, 'admin');
    await recordAudit(tx, { actorId, action: 'user.password', entity: 'user', entityId: id });
    return saved;
  });
}

/** A new password for a staff account; its existing sessions end. */
export async function setStaffPassword(db: DbOrTx, actor: Principal, id: string, password: string): Promise<StaffUser> {
  await staffAccount(db, id);
  return toStaffUser(await setPassword(db, actor.id, id, password));
}

/** Log out everywhere: tokens issued until now stop working. */
export async function logoutStaff(db: DbOrTx, actor: Principal, id: string): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const u = await staffAccount(tx, id);
    const now = new Date();
    const saved = await updateUser(tx, id, { sessionsValidAfter: now });
    if (!saved) throw staffNotFound();
    await endSessions(tx, id, 'admin');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.logout',
      entity: 'user',
      entityId: id,
      before: { sessionsValidAfter: u.sessionsValidAfter?.toISOString() ?? null },
      after: { sessionsValidAfter: now.toISOString() },
    });
    return toStaffUser(saved);
  });
}

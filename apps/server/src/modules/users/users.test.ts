import { LOGIN_FAILED, USERS_MSG } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser, useTestApp } from '../../../test/harness.ts';
import { auditLog, users } from '../../db/schema/index.ts';

const t = useTestApp();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true, fullName: 'Head Admin' });
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | undefined, payload?: object) =>
  t.call({ method, url: `/api/v1/admin/users${url}`, token, payload });
const create = (payload: object, token = admin.token) => call('POST', '', token, payload);
let n = 0;
const newStaff = (extra: object = {}) =>
  create({ fullName: `Nisha Rao ${++n}`, email: `nisha${n}.${Date.now()}@clinic.in`, password: 'first-pass', ...extra });

const audit = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);
const loginAs = (email: string, password: string) =>
  t.call({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password, role: 'staff' },
    remoteAddress: `10.7.0.${++n % 250}`,
  });

describe('admin API: staff accounts', () => {
  it('creates a staff account that can log in, and writes who created it to the audit log', async () => {
    const res = await create({ fullName: ' Kavya Iyer ', email: 'Kavya.Iyer@Clinic.in', password: 'kavya-123', isAdmin: false });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(res.json()).toEqual({
      success: true,
      message: USERS_MSG.created,
      user: { _id: user._id, fullName: 'Kavya Iyer', email: 'kavya.iyer@clinic.in', isAdmin: false, disabled: false },
    });
    expect((await loginAs('kavya.iyer@clinic.in', 'kavya-123')).statusCode).toBe(200);
    const [entry] = await audit(user._id);
    expect(entry).toMatchObject({
      userId: admin.id,
      action: 'user.create',
      data: { before: null, after: { fullName: 'Kavya Iyer', email: 'kavya.iyer@clinic.in', isAdmin: false } },
    });
    expect(JSON.stringify(entry)).not.toMatch(/kavya-123|scrypt/);
  });

  it('lists staff accounts only, newest first, in pages', async () => {
    const a = (await newStaff()).json().user;
    const b = (await newStaff({ isAdmin: true })).json().user;
    const customer = await t.user('customer');
    const first = await call('GET', '?limit=1', admin.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, users: [b], nextCursor: expect.any(String) });
    const second = await call('GET', `?limit=1&cursor=${first.json().nextCursor}`, admin.token);
    expect(second.json().users).toEqual([a]);
    const all = await call('GET', '?limit=100', admin.token);
    const ids = all.json().users.map((u: { _id: string }) => u._id);
    expect(ids).toContain(admin.id);
    expect(ids).not.toContain(customer.id);
    expect((await call('GET', '?limit=101', admin.token)).statusCode).toBe(400);
    expect((await call('GET', '?cursor=nonsense', admin.token)).json()).toMatchObject({ message: 'Invalid cursor' });
  });

  it.each([
    [{ email: 'x@y.in', password: 'secret1' }, 'fullName', 'Full name is required'],
    [{ fullName: 'A', password: 'secret1' }, 'email', 'Email is required'],
    [{ fullName: 'A', email: 'not-an-email', password: 'secret1' }, 'email', 'Email format is invalid'],
    [{ fullName: 'A', email: 'x@y.in' }, 'password', 'Password is required'],
    [{ fullName: 'A', email: 'x@y.in', password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ fullName: 'A', email: 'x@y.in', password: 'secret1', isAdmin: 'yes' }, 'isAdmin', 'Admin must be true or false'],
  ])('refuses to create %j: %s', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('answers 409 for an email that is taken (by any account)', async () => {
    const customer = await t.user('customer');
    const res = await create({ fullName: 'Dup', email: customer.email.toUpperCase(), password: 'secret1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.email).toBe('An account with this email already exists');
  });

  it('disables and enables an account: a disabled account cannot log in and its tokens stop at once', async () => {
    const { user } = (await newStaff()).json();
    const login = await loginAs(user.email, 'first-pass');
    const token = login.json().token;
    expect((await t.call({ method: 'GET', url: '/api/v1/pet/getallpets', token })).statusCode).toBe(200);

    const off = await call('PATCH', `/${user._id}`, admin.token, { disabled: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, message: USERS_MSG.updated, user: { _id: user._id, disabled: true } });
    expect((await t.call({ method: 'GET', url: '/api/v1/pet/getallpets', token })).statusCode).toBe(401);
    expect((await loginAs(user.email, 'first-pass')).json()).toEqual({ success: false, message: LOGIN_FAILED });

    const on = await call('PATCH', `/${user._id}`, admin.token, { disabled: false });
    expect(on.json().user.disabled).toBe(false);
    // Re-enabling does not revive the old session; a new login works.
    expect((await t.call({ method: 'GET', url: '/api/v1/pet/getallpets', token })).statusCode).toBe(401);
    expect((await loginAs(user.email, 'first-pass')).statusCode).toBe(200);

    const entries = await audit(user._id);
    expect(entries.map((e) => [e.action, e.data])).toEqual([
      ['user.create', expect.anything()],
      ['user.update', { before: { disabled: false }, after: { disabled: true } }],
      ['user.update', { before: { disabled: true }, after: { disabled: false } }],
    ]);
    expect(entries.every((e) => e.userId === admin.id)).toBe(true);
  });

  it('makes and removes admins, renames; admin routes follow the account, not the token', async () => {
    const { user } = (await newStaff()).json();
    const token = (await loginAs(user.email, 'first-pass')).json().token;
    expect((await call('GET', '', token)).statusCode).toBe(403);
    const up = await call('PATCH', `/${user._id}`, admin.token, { isAdmin: true, fullName: '  Nisha R.  ' });
    expect(up.json().user).toMatchObject({ isAdmin: true, fullName: 'Nisha R.' });
    expect((await call('GET', '', token)).statusCode).toBe(200);
    const adminToken = (await loginAs(user.email, 'first-pass')).json().token;
    await call('PATCH', `/${user._id}`, admin.token, { isAdmin: false });
    // The admin token of a demoted admin is over on admin routes; as staff the account still works.
    expect((await call('GET', '', adminToken)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/v1/pet/getallpets', token: adminToken })).statusCode).toBe(200);
    const [, promote, demote] = await audit(user._id);
    expect(promote!.data).toEqual({
      before: { fullName: user.fullName, isAdmin: false },
      after: { fullName: 'Nisha R.', isAdmin: true },
    });
    expect(demote!.data).toEqual({ before: { isAdmin: true }, after: { isAdmin: false } });
  });

  it.each([
    [{}, 'Nothing to change'],
    [{ disabled: 'no' }, 'Disabled must be true or false'],
    [{ isAdmin: 1 }, 'Admin must be true or false'],
    [{ fullName: '   ' }, 'Full name is required'],
  ])('refuses the change %j with "%s"', async (payload, message) => {
    const { user } = (await newStaff()).json();
    const res = await call('PATCH', `/${user._id}`, admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses to let an admin disable or demote themselves', async () => {
    const off = await call('PATCH', `/${admin.id}`, admin.token, { disabled: true });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ success: false, message: USERS_MSG.selfDisable });
    const down = await call('PATCH', `/${admin.id}`, admin.token, { isAdmin: false });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toEqual({ success: false, message: USERS_MSG.selfDemote });
    expect((await call('GET', '', admin.token)).statusCode).toBe(200);
    expect((await call('PATCH', `/${admin.id}`, admin.token, { fullName: 'Head Admin' })).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and for customer accounts, 400 for malformed ids', async () => {
    const customer = await t.user('customer');
    for (const id of ['0123456789abcdef01234567', customer.id]) {
      const res = await call('PATCH', `/${id}`, admin.token, { disabled: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Staff account not found');
      expect((await call('POST', `/${id}/logout`, admin.token)).statusCode).toBe(404);
      expect((await call('POST', `/${id}/password`, admin.token, { password: 'another1' })).statusCode).toBe(404);
    }
    expect((await call('PATCH', '/not-an-id', admin.token, { disabled: true })).statusCode).toBe(400);
  });

  it('sets a password: the old one and the old sessions stop working, nothing secret is audited', async () => {
    const { user } = (await newStaff()).json();
    const token = (await loginAs(user.email, 'first-pass')).json().token;
    expect((await call('POST', `/${user._id}/password`, admin.token, { password: '123' })).json().errors.password).toBe(
      'Password must be at least 6 characters',
    );
    const res = await call('POST', `/${user._id}/password`, admin.token, { password: 'second-pass' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: USERS_MSG.passwordSet, user: { _id: user._id } });
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token })).statusCode).toBe(401);
    expect((await loginAs(user.email, 'first-pass')).statusCode).toBe(401);
    expect((await loginAs(user.email, 'second-pass')).statusCode).toBe(200);
    const last = (await audit(user._id)).at(-1)!;
    expect(last).toMatchObject({ userId: admin.id, action: 'user.password', data: null });
  });

  it('logs an account out everywhere; a login right after works', async () => {
    const { user } = (await newStaff()).json();
    const tokens = [
      (await loginAs(user.email, 'first-pass')).json().token,
      (await loginAs(user.email, 'first-pass')).json().token,
    ];
    const res = await call('POST', `/${user._id}/logout`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USERS_MSG.loggedOut);
    for (const token of tokens) expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token })).statusCode).toBe(401);
    const fresh = (await loginAs(user.email, 'first-pass')).json().token;
    expect((await t.call({ method: 'GET', url: '/api/v1/auth/me', token: fresh })).statusCode).toBe(200);
    const last = (await audit(user._id)).at(-1)!;
    expect(last).toMatchObject({ action: 'user.logout', data: { before: { sessionsValidAfter: null } } });
  });

  it('is for admins only: anonymous 401, customers and other staff 403, disabled admins 401', async () => {
    const staff = await t.user('staff');
    const customer = await t.user('customer');
    const { user: other } = (await newStaff({ isAdmin: true })).json();
    const otherToken = (await loginAs(other.email, 'first-pass')).json().token;
    await call('PATCH', `/${other._id}`, admin.token, { disabled: true });
    const target = (await newStaff()).json().user._id;
    const requests: [string, 'GET' | 'POST' | 'PATCH', string, object?][] = [
      ['list', 'GET', ''],
      ['create', 'POST', '', { fullName: 'X', email: 'x@x.in', password: 'secret1' }],
      ['update', 'PATCH', `/${target}`, { disabled: true }],
      ['password', 'POST', `/${target}/password`, { password: 'secret1' }],
      ['logout', 'POST', `/${target}/logout`],
    ];
    const who: [string, string | undefined, number][] = [
      ['anonymous', undefined, 401],
      ['customer', customer.token, 403],
      ['staff', staff.token, 403],
      ['disabled admin', otherToken, 401],
    ];
    for (const [, method, url, payload] of requests) {
      for (const [name, token, status] of who) {
        const res = await call(method, url, token, payload);
        expect([name, method, url, res.statusCode]).toEqual([name, method, url, status]);
      }
    }
    expect((await audit(target)).map((e) => e.action)).toEqual(['user.create']);
  });

  it('keeps one active admin when the only two admins demote each other at once', async () => {
    const own = await createTestApp();
    try {
      const [a, b] = [await own.user('staff', { isAdmin: true }), await own.user('staff', { isAdmin: true })];
      const demote = (target: string, token: string) =>
        own.call({ method: 'PATCH', url: `/api/v1/admin/users/${target}`, token, payload: { isAdmin: false } });
      const res = await Promise.all([demote(b.id, a.token), demote(a.id, b.token)]);
      const codes = res.map((r) => r.statusCode).sort();
      // One wins; the other is refused: its admin rights are gone (401) or it would remove the last admin (409).
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const admins = await own.database.db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

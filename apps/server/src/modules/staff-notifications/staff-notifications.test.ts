import { STAFF_NOTIFICATION_MESSAGES as M, type StaffNotificationsResponse } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { raiseStaffNotification } from './staff-notifications.service.ts';

/**
 * The staff inbox: GET /staff/notifications and POST /staff/notifications/read. The inbox is shared (one database per
 * test file), so the tests run in order and each knows what the ones before it left.
 */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const other = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

const list = async (query: Record<string, string | number> = {}, token = staff.token) => {
  const res = await t.call({ method: 'GET', url: '/api/v1/staff/notifications', query: mapValues(query), token });
  return Object.assign(res, { page: () => res.json() as StaffNotificationsResponse });
};
const mapValues = (q: Record<string, string | number>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
const read = (payload: object, token = staff.token) =>
  t.call({ method: 'POST', url: '/api/v1/staff/notifications/read', payload, token });

const T0 = new Date('2026-11-20T04:30:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const raise = (title: string, now: Date, link: string | null = null) =>
  raiseStaffNotification(t.database.db, { kind: 'unapplied_payment', title, body: `${title}: body`, link, now });

/** Every notification, page by page, `limit` at a time. */
async function allPages(limit: number, unread = false) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const p: StaffNotificationsResponse = (await list({ limit, unread: String(unread), ...(cursor ? { cursor } : {}) })).page();
    expect(p.notifications.length).toBeLessThanOrEqual(limit);
    seen.push(...p.notifications.map((n) => n.title));
    cursor = p.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging never ended');
}

describe('staff notifications', () => {
  it('lists them newest first with the unread count', async () => {
    await raise('First', at(0), '/staff/history?pet=650000000000000000000001&statement=1');
    await raise('Second', at(1));
    await raise('Third', at(2));
    const res = await list();
    expect(res.statusCode).toBe(200);
    const p = res.page();
    expect(p).toMatchObject({ success: true, unreadCount: 3, nextCursor: null });
    expect(p.notifications.map((n) => n.title)).toEqual(['Third', 'Second', 'First']);
    expect(p.notifications[2]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      kind: 'unapplied_payment',
      title: 'First',
      body: 'First: body',
      link: '/staff/history?pet=650000000000000000000001&statement=1',
      createdAt: T0.toISOString(),
      readAt: null,
    });
  });

  it('marks some read, for every staff member; the unread list leaves them out; marking again changes nothing', async () => {
    const second = (await list()).page().notifications.find((n) => n.title === 'Second')!;
    const res = await read({ ids: [second._id, second._id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, marked: 1, unreadCount: 2 });
    const unread = (await list({ unread: 'true' }, other.token)).page();
    expect(unread.notifications.map((n) => n.title)).toEqual(['Third', 'First']);
    expect(unread.unreadCount).toBe(2);
    const all = (await list({ unread: 'false' }, other.token)).page();
    expect(all.notifications.find((n) => n.title === 'Second')!.readAt).toEqual(expect.any(String));
    expect((await read({ ids: [second._id, '0123456789abcdef01234567'] }, other.token)).json()).toEqual({
      success: true,
      marked: 0,
      unreadCount: 2,
    });
  });

  it('pages by cursor without skipping or repeating, even among notifications raised at the same instant', async () => {
    for (const n of ['Tie A', 'Tie B', 'Tie C', 'Tie D']) await raise(n, at(3));
    await raise('Newest', at(4));
    const whole = (await list({ limit: 100 })).page().notifications.map((n) => n.title);
    expect(whole).toHaveLength(8);
    expect(whole[0]).toBe('Newest');
    for (const limit of [1, 2, 3]) expect(await allPages(limit)).toEqual(whole);
    expect(await allPages(2, true)).toEqual(whole.filter((x) => x !== 'Second'));
    const bad = await list({ cursor: 'not-a-cursor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid cursor');
  });

  it('marks all read', async () => {
    const res = await read({ all: true });
    expect(res.json()).toEqual({ success: true, marked: 7, unreadCount: 0 });
    expect((await list({ unread: 'true' })).page()).toMatchObject({ notifications: [], unreadCount: 0, nextCursor: null });
    expect((await read({ all: true })).json()).toMatchObject({ marked: 0, unreadCount: 0 });
    await raise('After', at(5));
    expect((await list({ limit: 1 })).page()).toMatchObject({
      unreadCount: 1,
      notifications: [{ title: 'After', readAt: null }],
    });
  });

  it('bad input is a 400 and changes nothing', async () => {
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['nope'] }, { all: 'yes' }]) {
      const res = await read(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await read({})).json().message).toBe(M.markWhat);
    expect((await read({ ids: Array.from({ length: 101 }, () => '0123456789abcdef01234567') })).json().message).toBe(M.tooMany);
    expect((await list({ unread: 'maybe' })).json().message).toBe(M.unread);
    expect((await list({ limit: 0 })).statusCode).toBe(400);
    expect((await list()).page().unreadCount).toBe(1);
  });

  it('is for staff: 401 without a token, 403 for a customer', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/staff/notifications' })).statusCode).toBe(401);
    expect((await list({}, customer.token)).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/staff/notifications/read', payload: { all: true } })).statusCode).toBe(
      401,
    );
    expect((await read({ all: true }, customer.token)).statusCode).toBe(403);
    expect((await list()).page().unreadCount).toBe(1);
  });
});

describe('audience: staff see the staff notifications, admins also the admin ones', () => {
  const a = useTestApp();
  const clerk = useTestUser(a, 'staff');
  let admin: { token: string };
  const get = (token: string) =>
    a.call({ method: 'GET', url: '/api/v1/staff/notifications', token }).then((r) => r.json() as StaffNotificationsResponse);
  const mark = (token: string, payload: object) =>
    a.call({ method: 'POST', url: '/api/v1/staff/notifications/read', token, payload }).then((r) => r.json());

  it('lists, counts and marks by audience', async () => {
    admin = await a.user('staff', { isAdmin: true });
    const db = a.database.db;
    const refund = await raiseStaffNotification(db, { kind: 'refund_failed', title: 'Refund failed', body: 'b', now: at(0) });
    await raiseStaffNotification(db, { kind: 'unapplied_payment', title: 'Unapplied', body: 'b', now: at(1) });
    await raiseStaffNotification(db, { kind: 'email_failed', title: 'Email', body: 'b', now: at(2), audience: 'admin' });
    expect(refund.audience).toBe('admin');
    const forClerk = await get(clerk.token);
    expect(forClerk.notifications.map((n) => n.title)).toEqual(['Unapplied']);
    expect(forClerk.unreadCount).toBe(1);
    const forAdmin = await get(admin.token);
    expect(forAdmin.notifications.map((n) => n.title)).toEqual(['Email', 'Unapplied', 'Refund failed']);
    expect(forAdmin.unreadCount).toBe(3);
    // A staff member naming an admin notification, or marking all, leaves the admin ones unread.
    expect(await mark(clerk.token, { ids: [refund.id] })).toEqual({ success: true, marked: 0, unreadCount: 1 });
    expect(await mark(clerk.token, { all: true })).toEqual({ success: true, marked: 1, unreadCount: 0 });
    expect((await get(admin.token)).unreadCount).toBe(2);
    expect(await mark(admin.token, { all: true })).toEqual({ success: true, marked: 2, unreadCount: 0 });
  });
});

import { STAFF_NOTIFICATION_MESSAGES as M, type CustomerNotificationsResponse } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makePet } from '../../../test/factories.ts';
import { type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';
import { typeByCode } from '../../../test/visit-kit.ts';
import { walletKit } from '../../../test/wallet-kit.ts';
import { notifications } from '../../db/schema/index.ts';
import { notifyOwner, ownerNotificationsOf } from './owner-inbox.service.ts';

/**
 * The owners' inbox (issue 19): entries written where things happen (a visit recorded, a prescription written, the
 * wallet), each with its email through the outbox, and GET/POST /customer/notifications for the caller's own only.
 */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const k = walletKit(t);
const db = () => t.database.db;

let a: { user: TestUser; ownerId: string };
let b: { user: TestUser; ownerId: string };
let petA: { id: string; name: string };
beforeAll(async () => {
  a = await k.customer();
  b = await k.customer();
  petA = await makePet(db(), { ownerId: a.ownerId, name: 'Bruno' });
});

const inbox = async (token: string, query: Record<string, string> = {}) => {
  const res = await t.call({ method: 'GET', url: '/api/v1/customer/notifications', query, token });
  return Object.assign(res, { page: () => res.json() as CustomerNotificationsResponse });
};
const markRead = (token: string, payload: object) =>
  t.call({ method: 'POST', url: '/api/v1/customer/notifications/read', payload, token });
const emailsOf = (ownerId: string, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.ownerId, ownerId), eq(notifications.kind, kind)));

describe('owners are told (inbox entry and email) when', () => {
  it('a visit is recorded for their pet', async () => {
    const dogPark = await typeByCode(db(), 'dog_park');
    const res = await k.post(
      '/visit/adddogparkvisit',
      {
        petId: petA.id,
        visitType: dogPark.id,
        details: { discount: 0, price: dogPark.pricePaise / 100, selectedPayment: 'cash' },
      },
      staff.token,
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [entry] = await ownerNotificationsOf(db(), a.ownerId);
    expect(entry).toMatchObject({
      kind: 'visit_recorded',
      title: `${dogPark.purpose} visit recorded for Bruno`,
      link: `/customer/viewpetvisit/${petA.id}`,
      customerUserId: a.user.id,
      readAt: null,
    });
    // The day in Indian order, as everywhere on screen (not yyyy-MM-dd).
    expect(entry!.body).toMatch(/ visit on \d{1,2} [A-Z][a-z]{2} \d{4} \(₹/);
    const emails = await emailsOf(a.ownerId, 'visit_recorded');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      toAddress: a.user.email,
      status: 'queued',
      subject: `Pet DayCare Service: ${entry!.title}`,
    });
    expect(emails[0]!.body).toMatch(/^Dear /);
  });

  it('a prescription is written', async () => {
    const tab = await makeItem(db(), {
      itemName: `Tab ${Date.now()}`,
      stock: 10,
      stockUnit: 'tablet',
      unitMinRetailNgoPaise: 600,
      unitMaxRetailCustomerPaise: 900,
    });
    const res = await k.post(
      '/prescription/addprescription',
      { petId: petA.id, customerType: 'NGO', tablets: [{ id: tab.id, quantity: 2 }], totalPrice: 12, selectedPayment: 'cash' },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const rx = res.json().prescription._id as string;
    const entries = (await ownerNotificationsOf(db(), a.ownerId)).filter((n) => n.kind === 'prescription_written');
    expect(entries).toMatchObject([{ title: 'Prescription written for Bruno', refs: { prescriptionId: rx, petId: petA.id } }]);
    expect(await emailsOf(a.ownerId, 'prescription_written')).toHaveLength(1);
  });

  it('money goes into the wallet', async () => {
    const res = await k.post('/wallet/topup', { ownerId: a.ownerId, amount: 500, selectedPayment: 'cash' }, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const entries = (await ownerNotificationsOf(db(), a.ownerId)).filter((n) => n.kind === 'wallet_topped_up');
    expect(entries).toMatchObject([{ title: 'Wallet topped up: ₹500.00' }]);
    expect(await emailsOf(a.ownerId, 'wallet_topped_up')).toHaveLength(1);
  });

  it('the same event twice is one entry and one email; email: false (the caller emails) adds no email; a rollback leaves nothing', async () => {
    const n = {
      ownerId: b.ownerId,
      kind: 'test_kind',
      title: 'T',
      body: 'B',
      dedupeKey: 'test:1',
      now: new Date(),
      refDate: '2026-11-28',
    };
    const first = await db().transaction((tx) => notifyOwner(tx, n));
    const again = await db().transaction((tx) => notifyOwner(tx, n));
    expect(first.emailed).toBe(true);
    expect(again).toEqual({ entry: undefined, emailed: false });
    expect(await emailsOf(b.ownerId, 'test_kind')).toHaveLength(1);
    expect((await notifyOwner(db(), { ...n, dedupeKey: 'test:2', email: false })).emailed).toBe(false);
    expect(await emailsOf(b.ownerId, 'test_kind')).toHaveLength(1);
    expect(await ownerNotificationsOf(db(), b.ownerId)).toHaveLength(2);
    // Rolled back with the caller's transaction: neither entry nor email.
    await db()
      .transaction(async (tx) => {
        await notifyOwner(tx, { ...n, dedupeKey: 'test:3' });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await ownerNotificationsOf(db(), b.ownerId)).toHaveLength(2);
    expect(await emailsOf(b.ownerId, 'test_kind')).toHaveLength(1);
  });
});

describe('GET/POST /customer/notifications: the caller’s own inbox only', () => {
  it('lists the caller’s entries newest first with the unread count, paged', async () => {
    const p = (await inbox(a.user.token)).page();
    expect(p.success).toBe(true);
    expect(p.notifications.map((n) => n.kind)).toEqual(['wallet_topped_up', 'prescription_written', 'visit_recorded']);
    expect(p.unreadCount).toBe(3);
    expect(Object.keys(p.notifications[0]!).sort()).toEqual(['_id', 'body', 'createdAt', 'kind', 'link', 'readAt', 'title']);
    const first = (await inbox(a.user.token, { limit: '2' })).page();
    expect(first.notifications).toHaveLength(2);
    const second = (await inbox(a.user.token, { limit: '2', cursor: first.nextCursor! })).page();
    expect(second.notifications.map((n) => n.kind)).toEqual(['visit_recorded']);
    expect(second.nextCursor).toBeNull();
  });

  it('customer B neither sees nor marks A’s entries, naming their ids', async () => {
    const aIds = (await inbox(a.user.token)).page().notifications.map((n) => n._id);
    const bPage = (await inbox(b.user.token)).page();
    expect(bPage.notifications.map((n) => n.kind)).toEqual(['test_kind', 'test_kind']);
    expect(bPage.notifications.some((n) => aIds.includes(n._id))).toBe(false);
    const res = await markRead(b.user.token, { ids: aIds });
    expect(res.json()).toEqual({ success: true, marked: 0, unreadCount: 2 });
    expect((await inbox(a.user.token)).page().unreadCount).toBe(3);
    // B's "all" marks B's only.
    expect((await markRead(b.user.token, { all: true })).json()).toEqual({ success: true, marked: 2, unreadCount: 0 });
    expect((await inbox(a.user.token)).page().unreadCount).toBe(3);
    // A customer without an owner record has an empty inbox.
    const c = await t.user('customer');
    expect((await inbox(c.token)).page()).toEqual({ success: true, notifications: [], unreadCount: 0, nextCursor: null });
    expect((await markRead(c.token, { ids: aIds })).json()).toEqual({ success: true, marked: 0, unreadCount: 0 });
  });

  it('marks one, then all; the unread list leaves them out', async () => {
    const [newest] = (await inbox(a.user.token)).page().notifications;
    expect((await markRead(a.user.token, { ids: [newest!._id] })).json()).toEqual({ success: true, marked: 1, unreadCount: 2 });
    const unread = (await inbox(a.user.token, { unread: 'true' })).page();
    expect(unread.notifications.map((n) => n.kind)).toEqual(['prescription_written', 'visit_recorded']);
    expect((await markRead(a.user.token, { all: true })).json()).toEqual({ success: true, marked: 2, unreadCount: 0 });
  });

  it('bad input is a 400; staff and anonymous callers are refused', async () => {
    expect((await markRead(a.user.token, {})).json().message).toBe(M.markWhat);
    expect((await markRead(a.user.token, { ids: ['nope'] })).statusCode).toBe(400);
    expect((await inbox(a.user.token, { unread: 'maybe' })).json().message).toBe(M.unread);
    expect((await inbox(a.user.token, { cursor: 'x' })).statusCode).toBe(400);
    expect((await inbox(staff.token)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/v1/customer/notifications' })).statusCode).toBe(401);
  });
});

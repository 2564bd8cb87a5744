import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { notifications, staffNotifications } from '../../db/schema/index.ts';
import { ownerNotificationsOf } from '../notifications/owner-inbox.service.ts';

/**
 * Appointments tell their owner (inbox entry and email) when booked, confirmed, completed or cancelled; staff learn
 * of a booking in their bell (appointments module). Each only once.
 */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const NOW = new Date('2026-11-20T06:30:00Z');
const TOMORROW = '2026-11-21';
beforeEach(() => t.clock.set(NOW));
afterEach(() => t.clock.set(null));

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, payload: payload as object });

async function bookVet(time: string) {
  const user = await t.user('customer');
  const owner = await makeOwner(t.database.db, { userId: user.id, email: user.email, name: 'Asha Verma' });
  const pet = await makePet(t.database.db, { ownerId: owner.id, name: 'Bruno' });
  const services = (await call('GET', '/customerappointment/services', user.token)).json().services;
  const vet = services.find((s: { name: string }) => s.name === 'Veterinary')._id;
  const res = await call('POST', '/customerappointment/createappoint', user.token, {
    serviceId: vet,
    appointmentDate: TOMORROW,
    appointmentTime: time,
    petId: pet.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, owner, id: res.json().data._id as string };
}

const emails = (ownerId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.ownerId, ownerId)));

describe('appointment notifications', () => {
  it('booked, confirmed and completed: one entry and one email each, newest first in the customer inbox', async () => {
    const { user, owner, id } = await bookVet('11:00');
    const patch = (body: unknown) => call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, body);
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    expect((await patch({ status: 'completed', visitNotes: 'All well' })).statusCode).toBe(200);
    const entries = await ownerNotificationsOf(t.database.db, owner.id);
    expect(entries.map((e) => e.kind)).toEqual(['appointment_completed', 'appointment_confirmed', 'appointment_booked']);
    expect(entries[2]).toMatchObject({
      title: 'Appointment booked: Veterinary for Bruno',
      link: '/customer/seeappointment',
      refs: { appointmentId: id },
    });
    expect(entries[2]!.body).toContain('21 Nov 2026 at 11:00');
    expect(entries[0]!.body).toContain('Notes: All well');
    const sent = await emails(owner.id);
    expect(sent.map((e) => e.kind).sort()).toEqual(['appointment_booked', 'appointment_completed', 'appointment_confirmed']);
    expect(sent.every((e) => e.toAddress === user.email)).toBe(true);
    const inbox = (await call('GET', '/customer/notifications', user.token)).json();
    expect(inbox.notifications.map((n: { kind: string }) => n.kind)).toEqual(entries.map((e) => e.kind));
    // The booking is in the staff bell too (raised by the appointments module).
    const bell = await t.database.db.select().from(staffNotifications).where(eq(staffNotifications.ownerId, owner.id));
    expect(bell.length).toBeGreaterThanOrEqual(1);
  });

  it('cancelled by the owner: the entry says so', async () => {
    const { user, owner, id } = await bookVet('11:30');
    const res = await call('DELETE', `/customerappointment/cancelappoint/${id}`, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = await ownerNotificationsOf(t.database.db, owner.id);
    expect(latest).toMatchObject({ kind: 'appointment_cancelled', title: 'Appointment cancelled: Veterinary for Bruno' });
    expect(latest!.body).toMatch(/^You cancelled your appointment/);
  });
});

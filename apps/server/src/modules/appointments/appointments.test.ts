import { APPOINTMENT_MESSAGES as M } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, payments, reservations, staffNotifications } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { walletKit } from '../../../test/wallet-kit.ts';
import { type AppointmentEvent, onAppointmentEvent } from './appointments.service.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
let admin: { token: string };
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
const kit = walletKit(t);
const db = () => t.database.db;

const NOW = new Date('2026-11-20T06:30:00Z'); // 12:00 in Gurugram, 20 Nov
const TOMORROW = '2026-11-21';

const V = '/api/v1';
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.call({ method, url: `${V}${url}`, token, payload: payload as object });

const events: AppointmentEvent[] = [];
// Removed after the file: the next file in this worker shares the module and its listeners.
afterAll(
  onAppointmentEvent(async (_tx, e) => {
    events.push(e);
  }),
);

beforeEach(() => {
  t.clock.set(NOW);
  events.length = 0;
});
afterEach(() => t.clock.set(null));

async function customer(petOpts: Parameters<typeof makePet>[1] = {}) {
  const user = await t.user('customer');
  const owner = await makeOwner(db(), { userId: user.id, email: user.email, name: 'Asha Verma' });
  const pet = await makePet(db(), { ownerId: owner.id, name: 'Bruno', ...petOpts });
  return { user, owner, pet };
}

async function serviceId(name: string, token: string) {
  const res = await call('GET', '/customerappointment/services', token);
  expect(res.statusCode).toBe(200);
  const s = res.json().services.find((x: { name: string }) => x.name === name);
  if (!s) throw new Error(`no service ${name}`);
  return s._id as string;
}

const book = (token: string, body: Record<string, unknown>) => call('POST', '/customerappointment/createappoint', token, body);

describe('bookable services and slots', () => {
  it('lists the visit types but Buy Subscription, Shop and Inquiry, with kind and price', async () => {
    const c = await customer();
    const res = (await call('GET', '/customerappointment/services', c.user.token)).json();
    const names = res.services.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Grooming', 'Veterinary', 'Dog Park', 'Hostel', 'Day Care']));
    for (const n of ['Shop', 'Inquiry', 'Buy Subscription']) expect(names).not.toContain(n);
    expect(res.services.find((s: { name: string }) => s.name === 'Hostel').kind).toBe('stay');
    expect(res.services.find((s: { name: string }) => s.name === 'Grooming').kind).toBe('slot');
    expect(res.earliestDate).toBe(TOMORROW);
    expect(res.pickupFare).toMatchObject({ baseFare: 500, baseKm: 5, stepKm: 2, stepFare: 100 });
  });

  it('the public catalogue names each seeded service’s visit type', async () => {
    const res = (await call('GET', '/customerservices/getallservices')).json();
    const grooming = res.data.find((s: { name: string }) => s.name === 'Grooming');
    expect(grooming.visitType).toBe('Grooming');
    expect(grooming.visitTypeId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('answers the 17 default slots, a taken one unavailable, the vehicle taken once a pickup is booked', async () => {
    const a = await customer();
    const grooming = await serviceId('Grooming', a.user.token);
    const before = (await call('GET', `/customerappointment/slots?serviceId=${grooming}&date=${TOMORROW}`, a.user.token)).json();
    expect(before.slots).toHaveLength(17);
    expect(before.slots.every((s: { available: boolean }) => s.available)).toBe(true);
    const r = await book(a.user.token, {
      serviceId: grooming,
      appointmentDate: TOMORROW,
      appointmentTime: '10:00',
      petId: a.pet.id,
      pickup: { address: 'Sector 57', km: 3 },
    });
    expect(r.statusCode, r.body).toBe(201);
    const after = (await call('GET', `/customerappointment/slots?serviceId=${grooming}&date=${TOMORROW}`, a.user.token)).json();
    const ten = after.slots.find((s: { time: string }) => s.time === '10:00');
    expect(ten).toEqual({ time: '10:00', available: false, pickupAvailable: false });
    const vet = await serviceId('Veterinary', a.user.token);
    const vetSlots = (await call('GET', `/customerappointment/slots?serviceId=${vet}&date=${TOMORROW}`, a.user.token)).json();
    expect(vetSlots.slots.find((s: { time: string }) => s.time === '10:00')).toEqual({
      time: '10:00',
      available: true,
      pickupAvailable: false,
    });
    const today = (await call('GET', `/customerappointment/slots?serviceId=${vet}&date=2026-11-20`, a.user.token)).json();
    expect(today.slots.some((s: { available: boolean }) => s.available)).toBe(false);
  });
});

describe('POST /customerappointment/createappoint', () => {
  it('books a slot pending, with every price from the server (the request’s prices and names ignored)', async () => {
    const c = await customer();
    const grooming = await serviceId('Grooming', c.user.token);
    const res = await book(c.user.token, {
      customerId: 'someone-else',
      serviceId: grooming,
      serviceName: 'Free grooming',
      servicePrice: 1,
      totalAmount: 1,
      appointmentDate: TOMORROW,
      appointmentTime: '2:00 PM',
      petId: c.pet.id,
      petName: 'Fake',
      petAge: 'N/A',
      notes: '  please be gentle  ',
      pickup: { address: 'Golf Course Road', km: 7.5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(M.booked);
    expect(body.data).toMatchObject({
      status: 'pending',
      serviceName: 'Grooming',
      serviceId: { _id: grooming, name: 'Grooming' },
      customerId: { _id: c.user.id, email: c.user.email },
      appointmentDate: TOMORROW,
      appointmentTime: '14:00',
      petName: 'Bruno',
      notes: 'please be gentle',
      pickup: { address: 'Golf Course Road', km: 7.5, fare: 700 },
      payment: { mode: 'desk', state: 'desk', paid: 0, refunded: 0 },
    });
    expect(body.data.servicePrice).toBeGreaterThan(1);
    expect(body.data.totalAmount).toBe(body.data.servicePrice + 700);
    expect(body.data.shortId).toBe(body.data._id.slice(-8).toUpperCase());
    const notes = await db().select().from(staffNotifications).where(eq(staffNotifications.ownerId, c.owner.id));
    expect(notes.map((n) => n.kind)).toEqual(['appointment_booked']);
    expect(events.map((e) => [e.kind, e.appointmentId, e.petId, e.customerUserId])).toEqual([
      ['booked', body.data._id, c.pet.id, c.user.id],
    ]);
  });

  it.each([
    [{ appointmentTime: '10:00', petId: 'x' }, 'appointmentDate', 400, M.required],
    [{ appointmentDate: TOMORROW, petId: 'x' }, 'appointmentTime', 400, M.required],
    [{ appointmentDate: TOMORROW, appointmentTime: '10:00' }, 'petId', 400, M.required],
  ])('missing fields: %j → %s', async (partial, _field, status, message) => {
    const c = await customer();
    const grooming = await serviceId('Grooming', c.user.token);
    const res = await book(c.user.token, { serviceId: grooming, ...partial });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('refuses another customer’s pet, an unknown pet, an unknown service, today, an off-table time', async () => {
    const a = await customer();
    const b = await customer();
    const grooming = await serviceId('Grooming', a.user.token);
    const base = { serviceId: grooming, appointmentDate: TOMORROW, appointmentTime: '10:00', petId: a.pet.id };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ petId: b.pet.id }, 400, M.invalidPet],
      [{ petId: '65f1a2b3c4d5e6f708192a3b' }, 400, M.invalidPet],
      [{ petId: 'not-an-id' }, 400, M.invalidPet],
      [{ serviceId: '65f1a2b3c4d5e6f708192a3b' }, 404, M.serviceNotFound],
      [{ serviceId: undefined }, 404, M.serviceNotFound],
      [{ appointmentDate: '2026-11-20' }, 400, M.dateTooEarly],
      [{ appointmentDate: '2026-11-20T18:00:00.000Z' }, 400, M.dateTooEarly], // 23:30 on 20 Nov in Gurugram
      [{ appointmentTime: '13:00' }, 400, M.slotInvalid],
      [{ appointmentTime: '25:00' }, 400, M.slotInvalid],
    ];
    for (const [patch, status, message] of cases) {
      const res = await book(a.user.token, { ...base, ...patch });
      expect([res.statusCode, res.json().message], JSON.stringify(patch)).toEqual([status, message]);
    }
    expect(await db().select().from(appointments).where(eq(appointments.customerId, a.user.id))).toHaveLength(0);
  });

  it('a customer without pets is told to register one first; Shop is not bookable', async () => {
    const user = await t.user('customer');
    const grooming = await serviceId('Grooming', user.token);
    const res = await book(user.token, {
      serviceId: grooming,
      appointmentDate: TOMORROW,
      appointmentTime: '10:00',
      petId: '65f1a2b3c4d5e6f708192a3b',
    });
    expect([res.statusCode, res.json().message]).toEqual([400, M.noPet]);
    const c = await customer();
    const types = (await call('GET', '/visittype/getvisittypes', staff.token)).json();
    const shop = (types.data ?? types.visitTypes ?? []).find((v: { purpose: string }) => v.purpose === 'Shop');
    if (shop) {
      const r = await book(c.user.token, {
        serviceId: shop._id,
        appointmentDate: TOMORROW,
        appointmentTime: '10:00',
        petId: c.pet.id,
      });
      expect([r.statusCode, r.json().message]).toEqual([400, M.notBookable]);
    }
  });

  it('a full slot is 409 (capacity 1 by default; an admin raises it per service)', async () => {
    const a = await customer();
    const b = await customer();
    const grooming = await serviceId('Grooming', a.user.token);
    const body = (pet: string) => ({ serviceId: grooming, appointmentDate: TOMORROW, appointmentTime: '11:00', petId: pet });
    expect((await book(a.user.token, body(a.pet.id))).statusCode).toBe(201);
    const full = await book(b.user.token, body(b.pet.id));
    expect([full.statusCode, full.json().message]).toEqual([409, M.slotFull]);
    const put = await call('PUT', '/settings/appointments', admin.token, { slotCapacityByService: { grooming: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await book(b.user.token, body(b.pet.id))).statusCode).toBe(201);
  });

  it('the one pickup vehicle: a second pickup at the same time is 409 even for another service', async () => {
    const a = await customer();
    const b = await customer();
    const grooming = await serviceId('Grooming', a.user.token);
    const vet = await serviceId('Veterinary', a.user.token);
    const at = { appointmentDate: TOMORROW, appointmentTime: '15:00', pickup: { address: 'Home', km: 2 } };
    expect((await book(a.user.token, { ...at, serviceId: grooming, petId: a.pet.id })).statusCode).toBe(201);
    const taken = await book(b.user.token, { ...at, serviceId: vet, petId: b.pet.id });
    expect([taken.statusCode, taken.json().message]).toEqual([409, M.pickupTaken]);
    const noPickup = await book(b.user.token, { ...at, pickup: undefined, serviceId: vet, petId: b.pet.id });
    expect(noPickup.statusCode).toBe(201);
  });

  it.each([
    [1, 500],
    [5, 500],
    [5.5, 600],
    [9, 700],
    [12, 900],
  ])('pickup of %s km costs ₹%s', async (km, fare) => {
    const c = await customer();
    const vet = await serviceId('Veterinary', c.user.token);
    const res = await book(c.user.token, {
      serviceId: vet,
      appointmentDate: '2026-11-25',
      appointmentTime: '09:00',
      petId: c.pet.id,
      pickup: { address: 'Home', km },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.pickup.fare).toBe(fare);
    // the same slot with the vehicle taken is free again after the test's cancellation
    expect((await call('DELETE', `/customerappointment/cancelappoint/${res.json().data._id}`, c.user.token)).statusCode).toBe(
      200,
    );
  });

  it('the admission rule refuses a puppy under 4 months for a boarding service, clearly', async () => {
    const c = await customer({ dob: '2026-09-01' });
    const dogPark = await serviceId('Dog Park', c.user.token);
    const res = await book(c.user.token, {
      serviceId: dogPark,
      appointmentDate: TOMORROW,
      appointmentTime: '10:00',
      petId: c.pet.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Bruno cannot be booked for Dog Park: .*Please contact the resort\.$/);
    const noVacc = await customer({ vaccinations: [] });
    const r2 = await book(noVacc.user.token, {
      serviceId: dogPark,
      appointmentDate: TOMORROW,
      appointmentTime: '10:00',
      petId: noVacc.pet.id,
    });
    expect(r2.statusCode).toBe(409);
  });

  it('a stay asks for a reservation for the dates, and follows it: confirmed at reservations shows confirmed', async () => {
    const c = await customer();
    const hostel = await serviceId('Hostel', c.user.token);
    const noEnd = await book(c.user.token, {
      serviceId: hostel,
      appointmentDate: '2026-11-25',
      appointmentTime: '10:00',
      petId: c.pet.id,
    });
    expect([noEnd.statusCode, noEnd.json().message]).toEqual([400, M.endDateRequired]);
    const res = await book(c.user.token, {
      serviceId: hostel,
      appointmentDate: '2026-11-25',
      endDate: '2026-11-27',
      appointmentTime: '10:00',
      petId: c.pet.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      kind: 'stay',
      status: 'pending',
      reservation: { status: 'requested', firstDay: '2026-11-25', lastDay: '2026-11-27' },
    });
    const [r] = await db().select().from(reservations).where(eq(reservations.id, data.reservation._id));
    expect(r!.status).toBe('requested');
    expect(data.servicePrice).toBe(r!.pricePaise / 100);
    const conf = await call('POST', `/reservations/${r!.id}/confirm`, staff.token, {});
    expect(conf.statusCode, conf.body).toBe(200);
    const list = (await call('GET', `/customerappointment/getcustomerappoint/${c.user.id}`, c.user.token)).json();
    expect(list.data[0]).toMatchObject({ _id: data._id, status: 'confirmed', reservation: { status: 'confirmed' } });
    expect(events.map((e) => e.kind)).toEqual(['booked', 'confirmed']);
    const [row] = await db().select().from(appointments).where(eq(appointments.id, data._id));
    expect(row!.status).toBe('confirmed');
    // the owner cancels it: the reservation is cancelled with it, staff are told
    const cancel = await call('DELETE', `/customerappointment/cancelappoint/${data._id}`, c.user.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', reservation: { status: 'cancelled' } });
    expect(events.at(-1)).toMatchObject({ kind: 'cancelled', cancelledBy: 'owner', appointmentId: data._id });
    const notes = await db().select().from(staffNotifications).where(eq(staffNotifications.ownerId, c.owner.id));
    expect(notes.map((n) => n.kind).sort()).toEqual(['appointment_booked', 'appointment_cancelled']);
    expect((await call('DELETE', `/customerappointment/cancelappoint/${data._id}`, c.user.token)).statusCode).toBe(409);
  });

  it("a stay without pickup needs no time: it answers '', its reservation expects the pet at the first slot; a slot or a pickup still needs one", async () => {
    const c = await customer();
    const hostel = await serviceId('Hostel', c.user.token);
    const grooming = await serviceId('Grooming', c.user.token);
    for (const [i, appointmentTime] of [undefined, ''].entries()) {
      const day = `2026-11-2${4 + i * 3}`;
      const res = await book(c.user.token, {
        serviceId: hostel,
        appointmentDate: day,
        endDate: `2026-11-2${5 + i * 3}`,
        appointmentTime,
        petId: c.pet.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ kind: 'stay', appointmentTime: '', status: 'pending' });
      const [r] = await db().select().from(reservations).where(eq(reservations.id, data.reservation._id));
      // 09:00 in Gurugram, the first slot of the default table.
      expect(r!.checkIn.toISOString()).toBe(`${day}T03:30:00.000Z`);
    }
    expect(events.at(-1)!.time).toBe('');
    const id = events.at(-1)!.appointmentId;
    const quote = await call('GET', `/customerappointment/cancelquote/${id}`, c.user.token);
    expect([quote.statusCode, quote.json().rule]).toEqual([200, 'nothing_paid']);
    const cancelled = await call('DELETE', `/customerappointment/cancelappoint/${id}`, c.user.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const withPickup = await book(c.user.token, {
      serviceId: hostel,
      appointmentDate: '2026-12-01',
      endDate: '2026-12-02',
      petId: c.pet.id,
      pickup: { address: 'Home', km: 3 },
    });
    expect([withPickup.statusCode, withPickup.json().message]).toEqual([400, M.required]);
    const slot = await book(c.user.token, {
      serviceId: grooming,
      appointmentDate: TOMORROW,
      appointmentTime: '',
      petId: c.pet.id,
    });
    expect([slot.statusCode, slot.json().message]).toEqual([400, M.required]);
  });

  it('a stay is paid at the desk (no online payment for reservation requests)', async () => {
    const c = await customer();
    const hostel = await serviceId('Hostel', c.user.token);
    const res = await book(c.user.token, {
      serviceId: hostel,
      appointmentDate: '2026-11-28',
      endDate: '2026-11-29',
      appointmentTime: '10:00',
      petId: c.pet.id,
      payOnline: true,
    });
    expect([res.statusCode, res.json().message]).toEqual([400, M.stayPaidAtDesk]);
  });

  it('confirming a stay from online appointments confirms its reservation', async () => {
    const c = await customer();
    const dayCare = await serviceId('Day Care', c.user.token);
    const res = await book(c.user.token, {
      serviceId: dayCare,
      appointmentDate: '2026-11-26',
      endDate: '2026-11-26',
      appointmentTime: '09:00',
      petId: c.pet.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id;
    const patch = await call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, { status: 'confirmed' });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data).toMatchObject({ status: 'confirmed', reservation: { status: 'confirmed' } });
    expect(events.map((e) => e.kind)).toEqual(['booked', 'confirmed']);
    const nv = await call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, {
      status: 'cancelled',
      reason: 'Owner did not bring the dog',
    });
    expect(nv.statusCode, nv.body).toBe(200);
    expect(nv.json().data).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'staff',
      cancelReason: 'Owner did not bring the dog',
      reservation: { status: 'cancelled' },
    });
  });
});

describe('status transitions (staff)', () => {
  async function booked(time = '12:00') {
    const c = await customer();
    const vet = await serviceId('Veterinary', c.user.token);
    const res = await book(c.user.token, { serviceId: vet, appointmentDate: TOMORROW, appointmentTime: time, petId: c.pet.id });
    expect(res.statusCode, res.body).toBe(201);
    return { c, id: res.json().data._id as string };
  }
  const patch = (id: string, body: unknown) => call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, body);

  it('pending → confirmed → completed with notes; then final (409)', async () => {
    const { id } = await booked('12:00');
    expect((await patch(id, { status: 'completed' })).statusCode).toBe(409);
    const conf = await patch(id, { status: 'confirmed' });
    expect([conf.statusCode, conf.json().message]).toEqual([200, 'Appointment confirmed successfully!']);
    const done = await patch(id, { status: 'completed', visitNotes: ' Nails trimmed ' });
    expect([done.statusCode, done.json().message]).toEqual([200, 'Appointment completed successfully!']);
    expect(done.json().data).toMatchObject({ status: 'completed', visitNotes: 'Nails trimmed' });
    for (const s of ['confirmed', 'cancelled', 'completed', 'pending']) {
      expect((await patch(id, { status: s, reason: 'x' })).statusCode, s).toBe(409);
    }
    expect(events.map((e) => e.kind)).toEqual(['booked', 'confirmed', 'completed']);
  });

  it('not visited needs a reason; cancelled is final; the customer cannot cancel it again', async () => {
    const { c, id } = await booked('12:30');
    expect((await patch(id, { status: 'confirmed' })).statusCode).toBe(200);
    const noReason = await patch(id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    const nv = await patch(id, { status: 'cancelled', reason: 'Did not come' });
    expect([nv.statusCode, nv.json().message]).toEqual([200, 'Appointment cancelled successfully!']);
    expect(nv.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Did not come', cancelledBy: 'staff' });
    expect((await patch(id, { status: 'confirmed' })).statusCode).toBe(409);
    expect((await call('DELETE', `/customerappointment/cancelappoint/${id}`, c.user.token)).statusCode).toBe(409);
  });

  it('lists a day for staff from yyyy-MM-dd or an ISO timestamp, with the existing client’s fields', async () => {
    const { id } = await booked('14:30');
    for (const q of [TOMORROW, '2026-11-21T00:00:00.000Z', '2026-11-20T18:30:00.000Z']) {
      const res = await call('GET', `/appointment/onlineappointments?date=${encodeURIComponent(q)}`, staff.token);
      expect(res.statusCode).toBe(200);
      const row = res.json().appointments.find((a: { _id: string }) => a._id === id);
      expect(row, q).toMatchObject({ status: 'pending', appointmentDate: TOMORROW, appointmentTime: '14:30', petName: 'Bruno' });
      expect(row.customerId).toMatchObject({ fullName: expect.any(String), email: expect.any(String) });
    }
    expect((await call('GET', '/appointment/onlineappointments?date=soon', staff.token)).statusCode).toBe(400);
  });
});

describe('customer isolation', () => {
  it('A lists only their own appointments whatever id is named, and cannot quote or cancel B’s', async () => {
    const a = await customer();
    const b = await customer();
    const grooming = await serviceId('Grooming', a.user.token);
    const bRes = await book(b.user.token, {
      serviceId: grooming,
      appointmentDate: '2026-11-24',
      appointmentTime: '16:00',
      petId: b.pet.id,
    });
    const bId = bRes.json().data._id;
    for (const named of [b.user.id, b.user.email, a.user.id]) {
      const list = await call('GET', `/customerappointment/getcustomerappoint/${encodeURIComponent(named)}`, a.user.token);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([]);
    }
    expect((await call('GET', `/customerappointment/cancelquote/${bId}`, a.user.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/customerappointment/cancelappoint/${bId}`, a.user.token)).statusCode).toBe(404);
    const still = (await call('GET', `/customerappointment/getcustomerappoint/${b.user.id}`, b.user.token)).json();
    expect(still.data).toHaveLength(1);
    expect(still.data[0].status).toBe('pending');
    // B's pet named in A's booking is refused
    const r = await book(a.user.token, {
      serviceId: grooming,
      appointmentDate: '2026-11-24',
      appointmentTime: '17:00',
      petId: b.pet.id,
    });
    expect([r.statusCode, r.json().message]).toEqual([400, M.invalidPet]);
  });
});

describe('paying online and cancelling', () => {
  async function paidBooking(date: string, time: string) {
    const c = await customer();
    const grooming = await serviceId('Grooming', c.user.token);
    const res = await book(c.user.token, {
      serviceId: grooming,
      appointmentDate: date,
      appointmentTime: time,
      petId: c.pet.id,
      payOnline: true,
      pickup: { address: 'Home', km: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.checkout.amount).toBe(Math.round(body.data.totalAmount * 100));
    const verified = await kit.verify(await kit.pay(body.checkout.id, c.user.token), c.user.token);
    expect(verified.statusCode, verified.body).toBe(200);
    return { c, id: body.data._id as string, total: body.data.totalAmount as number };
  }

  it('money paid online is held for the appointment; the owner cancelling ≥ 24 h ahead gets all of it back', async () => {
    const { c, id, total } = await paidBooking('2026-11-23', '10:00');
    const list = (await call('GET', `/customerappointment/getcustomerappoint/x`, c.user.token)).json();
    expect(list.data[0].payment).toEqual({ mode: 'online', state: 'paid', paid: total, refunded: 0 });
    const quote = (await call('GET', `/customerappointment/cancelquote/${id}`, c.user.token)).json();
    expect(quote).toMatchObject({ rule: 'full', paid: total, refund: total, kept: 0 });
    const res = await call('DELETE', `/customerappointment/cancelappoint/${id}`, c.user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: total, data: { status: 'cancelled', cancelledBy: 'owner' } });
    const rows = await db().select().from(payments).where(eq(payments.appointmentId, id));
    expect(rows.filter((r) => r.kind === 'payment').map((r) => [r.account, r.amountPaise])).toEqual([['deposit', total * 100]]);
    expect(rows.filter((r) => r.kind === 'refund').reduce((n, r) => n + r.amountPaise, 0)).toBe(total * 100);
    expect(events.at(-1)).toMatchObject({ kind: 'cancelled', cancelledBy: 'owner', refundPaise: total * 100 });
  });

  it('later than 24 h the policy keeps ₹5,000 of a smaller amount: nothing back, and the prompt says so', async () => {
    const { c, id, total } = await paidBooking(TOMORROW, '09:30'); // 21 h 30 m away
    const quote = (await call('GET', `/customerappointment/cancelquote/${id}`, c.user.token)).json();
    expect(quote).toMatchObject({ rule: 'policy', refund: 0, kept: total });
    expect(quote.message).toMatch(/refunds nothing below ₹5,000/);
    const res = await call('DELETE', `/customerappointment/cancelappoint/${id}`, c.user.token);
    expect(res.json()).toMatchObject({ refund: 0, data: { status: 'cancelled' } });
  });

  it('staff marking it not visited refund it in full', async () => {
    const { id, total } = await paidBooking(TOMORROW, '17:00');
    const patch = (body: unknown) => call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, body);
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-21T08:00:00Z'));
    const res = await patch({ status: 'cancelled', reason: 'Did not come' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: total, data: { payment: { state: 'refunded', refunded: total } } });
  });
});

describe('Pay now (POST /customerappointment/payonline/:id)', () => {
  const payNow = (id: string, token: string, key = `pay-${id}-${Math.random()}`) =>
    t.call({ method: 'POST', url: `${V}/customerappointment/payonline/${id}`, token, headers: { 'idempotency-key': key } });

  /** Booked to be paid online, its checkout closed before paying. */
  async function unpaid(c: Awaited<ReturnType<typeof customer>>, time = '11:00') {
    const grooming = await serviceId('Grooming', c.user.token);
    const res = await book(c.user.token, {
      serviceId: grooming,
      appointmentDate: '2026-11-24',
      appointmentTime: time,
      petId: c.pet.id,
      payOnline: true,
      pickup: { address: 'Home', km: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { data: { _id: string; totalAmount: number }; checkout: { id: string } };
  }
  const paymentOfList = async (token: string) =>
    (await call('GET', '/customerappointment/getcustomerappoint/x', token)).json().data[0].payment;

  it('opens a new checkout for the total the server saved; once paid the appointment is paid and Pay now is refused', async () => {
    const c = await customer();
    const booked = await unpaid(c);
    expect((await paymentOfList(c.user.token)).state).toBe('awaiting');
    const res = await payNow(booked.data._id, c.user.token, 'pay-now-1');
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ amount: Math.round(booked.data.totalAmount * 100), success_url: expect.any(String) });
    expect(order.id).not.toBe(booked.checkout.id);
    // The same key replays the same order.
    expect((await payNow(booked.data._id, c.user.token, 'pay-now-1')).json().id).toBe(order.id);
    const verified = await kit.verify(await kit.pay(order.id, c.user.token), c.user.token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await paymentOfList(c.user.token)).toEqual({
      mode: 'online',
      state: 'paid',
      paid: booked.data.totalAmount,
      refunded: 0,
    });
    const again = await payNow(booked.data._id, c.user.token);
    expect([again.statusCode, again.json().message]).toEqual([409, M.alreadyPaid]);
  });

  it('the first checkout paid after Pay now’s: the appointment holds one payment, the second goes to the unapplied balance', async () => {
    const c = await customer();
    const booked = await unpaid(c, '11:30');
    const second = (await payNow(booked.data._id, c.user.token)).json();
    await kit.verify(await kit.pay(second.id, c.user.token), c.user.token);
    await kit.verify(await kit.pay(booked.checkout.id, c.user.token), c.user.token);
    const rows = await db().select().from(payments).where(eq(payments.ownerId, c.owner.id));
    const paid = rows.filter((r) => r.kind === 'payment' && r.status === 'completed');
    expect(paid.map((r) => [r.account, r.appointmentId])).toEqual(
      expect.arrayContaining([
        ['deposit', booked.data._id],
        ['unapplied', null],
      ]),
    );
    expect(paid).toHaveLength(2);
    expect((await paymentOfList(c.user.token)).paid).toBe(booked.data.totalAmount);
  });

  it('refuses one paid at the desk, a stay, a cancelled one, a completed one, and another customer’s', async () => {
    const a = await customer();
    const vet = await serviceId('Veterinary', a.user.token);
    const desk = await book(a.user.token, {
      serviceId: vet,
      appointmentDate: '2026-11-26',
      appointmentTime: '15:30',
      petId: a.pet.id,
    });
    expect(desk.statusCode, desk.body).toBe(201);
    const deskRes = await payNow(desk.json().data._id, a.user.token);
    expect([deskRes.statusCode, deskRes.json().message]).toEqual([409, M.paidAtDesk]);

    const hostel = await serviceId('Hostel', a.user.token);
    const stay = await book(a.user.token, {
      serviceId: hostel,
      appointmentDate: '2026-11-25',
      endDate: '2026-11-27',
      appointmentTime: '10:00',
      petId: a.pet.id,
    });
    expect(stay.statusCode, stay.body).toBe(201);
    const stayRes = await payNow(stay.json().data._id, a.user.token);
    expect([stayRes.statusCode, stayRes.json().message]).toEqual([409, M.stayPaidAtDesk]);

    const cancelled = await unpaid(a, '12:30');
    expect((await call('DELETE', `/customerappointment/cancelappoint/${cancelled.data._id}`, a.user.token)).statusCode).toBe(200);
    const cancelledRes = await payNow(cancelled.data._id, a.user.token);
    expect([cancelledRes.statusCode, cancelledRes.json().message]).toEqual([409, M.notPayable('cancelled')]);

    const done = await unpaid(a, '14:00');
    const patch = (body: unknown) => call('PATCH', `/appointment/onlineappointments/${done.data._id}/status`, staff.token, body);
    expect((await patch({ status: 'confirmed' })).statusCode).toBe(200);
    expect((await patch({ status: 'completed' })).statusCode).toBe(200);
    const doneRes = await payNow(done.data._id, a.user.token);
    expect([doneRes.statusCode, doneRes.json().message]).toEqual([409, M.notPayable('completed')]);

    const b = await customer();
    const open = await unpaid(a, '15:00');
    const other = await payNow(open.data._id, b.user.token);
    expect(other.statusCode).toBe(404);
    expect((await payNow('650000000000000000000999', a.user.token)).statusCode).toBe(404);
    expect((await payNow(open.data._id, staff.token)).statusCode).toBe(403);
  });
});

describe('idempotent booking', () => {
  it('the same Idempotency-Key books once and replays the first answer', async () => {
    const c = await customer();
    const vet = await serviceId('Veterinary', c.user.token);
    const payload = { serviceId: vet, appointmentDate: '2026-11-27', appointmentTime: '16:00', petId: c.pet.id, payOnline: true };
    const send = () =>
      t.call({
        method: 'POST',
        url: `${V}/customerappointment/createappoint`,
        token: c.user.token,
        payload,
        headers: { 'idempotency-key': 'appt-key-1' },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data._id).toBe(first.json().data._id);
    expect(again.json().checkout.id).toBe(first.json().checkout.id);
    expect(await db().select().from(appointments).where(eq(appointments.customerId, c.user.id))).toHaveLength(1);
  });
});

describe('GET/PUT /settings/appointments', () => {
  it('staff read the defaults; admins change the slot table and the booking follows it', async () => {
    const res = (await call('GET', '/settings/appointments', staff.token)).json();
    expect(res.settings).toMatchObject({ defaultSlotCapacity: 1, pickupVehiclesPerSlot: 1, ownerCancelWindowHours: 24 });
    expect(res.settings.slots).toHaveLength(17);
    expect((await call('PUT', '/settings/appointments', staff.token, { slots: ['10:00'] })).statusCode).toBe(403);
    const put = await call('PUT', '/settings/appointments', admin.token, { slots: ['13:00', '10:00'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().settings.slots).toEqual(['10:00', '13:00']);
    const c = await customer();
    const vet = await serviceId('Veterinary', c.user.token);
    const r = await book(c.user.token, { serviceId: vet, appointmentDate: TOMORROW, appointmentTime: '13:00', petId: c.pet.id });
    expect(r.statusCode).toBe(201);
    const off = await book(c.user.token, {
      serviceId: vet,
      appointmentDate: TOMORROW,
      appointmentTime: '09:00',
      petId: c.pet.id,
    });
    expect(off.json().message).toBe(M.slotInvalid);
  });
});

describe('bookings imported from the original system without a pet or a visit type (issue 21)', () => {
  /** Inserted as the importer leaves them (it is written elsewhere): the names the original stored, no ids. */
  async function imported(
    c: Awaited<ReturnType<typeof customer>>,
    o: { petId?: string | null; status?: 'pending' | 'confirmed'; time?: string } = {},
  ) {
    const [row] = await db()
      .insert(appointments)
      .values({
        customerId: c.user.id,
        ownerId: c.owner.id,
        visitTypeId: null,
        serviceId: null,
        serviceName: 'Vaccination (ARV)',
        servicePricePaise: 50000,
        totalAmountPaise: 50000,
        appointmentDate: TOMORROW,
        appointmentTime: o.time ?? '10:30',
        petId: o.petId ?? null,
        petName: o.petId ? c.pet.name : 'Sheru',
        petBreed: 'Indie',
        petAge: 'N/A',
        status: o.status ?? 'pending',
      })
      .returning();
    return row!;
  }
  const patch = (id: string, body: object) => call('PATCH', `/appointment/onlineappointments/${id}/status`, staff.token, body);
  const status = async (id: string) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0]!.status;

  it('is listed for the staff and the customer with its stored pet and service names, ids null', async () => {
    const c = await customer();
    const a = await imported(c);
    const day = await call('GET', `/appointment/onlineappointments?date=${TOMORROW}`, staff.token);
    expect(day.statusCode).toBe(200);
    const listed = day.json().appointments.find((x: { _id: string }) => x._id === a.id);
    expect(listed).toMatchObject({
      status: 'pending',
      petId: null,
      petName: 'Sheru',
      petBreed: 'Indie',
      serviceId: { _id: null, name: 'Vaccination (ARV)' },
      serviceName: 'Vaccination (ARV)',
      totalAmount: 500,
      customerId: { _id: c.user.id },
    });
    const mine = await call('GET', `/customerappointment/getcustomerappoint/${c.user.id}`, c.user.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((x: { _id: string }) => x._id)).toContain(a.id);
  });

  it('confirming one without a pet answers 409 with what to do instead; nothing changes', async () => {
    const c = await customer();
    const a = await imported(c);
    const res = await patch(a.id, { status: 'confirmed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: M.importedNoPet });
    expect(M.importedNoPet).toBe(
      "This booking came from the original system without a pet on record: record the visit from the pet's page",
    );
    expect(await status(a.id)).toBe('pending');
    expect(events).toEqual([]);
  });

  it('one with a pet but no visit type can be neither confirmed nor completed (409); it may be marked not visited', async () => {
    const c = await customer();
    const pending = await imported(c, { petId: c.pet.id });
    const confirm = await patch(pending.id, { status: 'confirmed' });
    expect([confirm.statusCode, confirm.json().message]).toEqual([409, M.importedNoService('Vaccination (ARV)')]);
    const confirmed = await imported(c, { petId: c.pet.id, status: 'confirmed', time: '11:00' });
    const complete = await patch(confirmed.id, { status: 'completed', visitNotes: 'Seen' });
    expect([complete.statusCode, complete.json().message]).toEqual([409, M.importedNoService('Vaccination (ARV)')]);
    expect(await status(confirmed.id)).toBe('confirmed');
    const notVisited = await patch(confirmed.id, { status: 'cancelled', reason: 'Imported: never came' });
    expect(notVisited.statusCode, notVisited.body).toBe(200);
    expect(notVisited.json().data).toMatchObject({ status: 'cancelled', petId: c.pet.id, serviceId: { _id: null } });
    expect(events.map((e) => e.kind)).toEqual(['cancelled']);
  });

  it('the customer may cancel one without a pet; the event names no pet', async () => {
    const c = await customer();
    const a = await imported(c);
    const res = await call('DELETE', `/customerappointment/cancelappoint/${a.id}`, c.user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', petId: null, petName: 'Sheru' });
    expect(events).toEqual([expect.objectContaining({ kind: 'cancelled', petId: null, petName: 'Sheru' })]);
  });

  it('a booking made in Pawdesk still needs a pet and a service', async () => {
    const c = await customer();
    const grooming = await serviceId('Grooming', c.user.token);
    const noPet = await book(c.user.token, { serviceId: grooming, appointmentDate: TOMORROW, appointmentTime: '10:00' });
    expect(noPet.statusCode).toBe(400);
    const noService = await book(c.user.token, { appointmentDate: TOMORROW, appointmentTime: '10:00', petId: c.pet.id });
    expect(noService.statusCode).toBe(404);
    expect(noService.json().message).toBe(M.serviceNotFound);
  });
});

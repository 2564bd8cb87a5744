import { ATTENDANCE_NOT_SCHEDULED, ATTENDANCE_SAVED } from '@pawdesk/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { followUps } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { scheduleFollowUp } from '../followups/followups.service.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const list = (date: string, token = staff.token) =>
  t.call({ method: 'GET', url: `/api/v1/attendance/getattendancelist/${date}`, token });
const save = (payload: object, token = staff.token) =>
  t.call({ method: 'POST', url: '/api/v1/attendance/updateattendancelist', payload, token });

async function followUp(date: string, o: { time?: string | null; purpose?: string; petName?: string; species?: string } = {}) {
  const owner = await makeOwner(t.database.db, { name: `Owner of ${o.petName ?? 'Bruno'}`, email: 'o@example.in' });
  const pet = await makePet(t.database.db, { ownerId: owner.id, name: o.petName ?? 'Bruno', species: o.species ?? 'dog' });
  const id = await scheduleFollowUp(t.database.db, {
    petId: pet.id,
    date,
    time: o.time === undefined ? '10:30' : o.time,
    purpose: o.purpose ?? 'Vaccination booster',
    source: 'prescription',
  });
  return { id, pet, owner };
}

describe('GET /attendance/getattendancelist/{date}', () => {
  it('lists the follow-ups of that date with pet, species, owner and contact, by time', async () => {
    const late = await followUp('2031-01-10', { time: '16:00', petName: 'Simba', species: 'cat', purpose: 'Dressing change' });
    const early = await followUp('2031-01-10', { time: '09:15', petName: 'Coco', purpose: 'Deworming' });
    const untimed = await followUp('2031-01-10', { time: null, petName: 'Apollo', purpose: 'Skin check' });
    await followUp('2031-01-11', { petName: 'Other day' });

    const res = await list('2031-01-10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.attendance.List.map((e: { _id: string }) => e._id)).toEqual([early.id, late.id, untimed.id]);
    expect(body.attendance.List[1]).toEqual({
      _id: late.id,
      present: false,
      marked: false,
      purpose: 'Dressing change',
      time: '16:00',
      date: '2031-01-10',
      petId: {
        _id: late.pet.id,
        name: 'Simba',
        species: 'cat',
        owner: { _id: late.owner.id, name: 'Owner of Simba', phone: late.owner.phone, email: 'o@example.in' },
      },
    });
  });

  it('answers an empty list for a day without follow-ups', async () => {
    const res = await list('2031-01-12');
    expect(res.statusCode).toBe(200);
    expect(res.json().attendance.List).toEqual([]);
  });

  it.each(['2031-13-01', '2031-02-30', '10-01-2031', 'today', '2031-1-5'])('answers 400 for the malformed date %s', async (d) => {
    const res = await list(d);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Invalid date (expected yyyy-MM-dd)' });
  });
});

describe('POST /attendance/updateattendancelist', () => {
  it('marks present and absent, answers the new list, and reads back the same', async () => {
    const a = await followUp('2031-02-01', { petName: 'Luna' });
    const b = await followUp('2031-02-01', { petName: 'Max' });
    const c = await followUp('2031-02-01', { petName: 'Rocky' });

    const res = await save({ date: '2031-02-01', presentIds: [a.id], absentIds: [b.id] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: ATTENDANCE_SAVED });
    const byId = (l: { _id: string; present: boolean; marked: boolean }[]) =>
      Object.fromEntries(l.map((e) => [e._id, { present: e.present, marked: e.marked }]));
    const expected = {
      [a.id]: { present: true, marked: true },
      [b.id]: { present: false, marked: true },
      [c.id]: { present: false, marked: false },
    };
    expect(byId(body.attendance.List)).toEqual(expected);
    expect(byId((await list('2031-02-01')).json().attendance.List)).toEqual(expected);

    const [row] = await t.database.db.select().from(followUps).where(eq(followUps.id, a.id));
    expect(row!.markedBy).toBe(staff.id);

    // Toggling back: present → absent and absent → present.
    const again = await save({ date: '2031-02-01', presentIds: [b.id], absentIds: [a.id, a.id] });
    expect(again.statusCode).toBe(200);
    expect(byId(again.json().attendance.List)).toMatchObject({
      [a.id]: { present: false, marked: true },
      [b.id]: { present: true, marked: true },
    });
  });

  it('rejects ids that are not follow-ups of that date and changes nothing', async () => {
    const mine = await followUp('2031-03-01', { petName: 'Bella' });
    const otherDay = await followUp('2031-03-02', { petName: 'Daisy' });
    const unknown = newId();

    for (const payload of [
      { date: '2031-03-01', presentIds: [mine.id, otherDay.id] },
      { date: '2031-03-01', presentIds: [mine.id], absentIds: [unknown] },
    ]) {
      const res = await save(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: ATTENDANCE_NOT_SCHEDULED });
      expect(res.json().invalidIds).toEqual(payload.absentIds ?? [otherDay.id]);
    }
    const rows = await t.database.db
      .select()
      .from(followUps)
      .where(inArray(followUps.id, [mine.id, otherDay.id]));
    expect(rows.map((r) => r.present)).toEqual([null, null]);
  });

  it.each([
    [{ presentIds: [] }, 'date'],
    [{ date: '2031-02-30' }, 'date'],
    [{ date: '2031-03-01', presentIds: ['not-an-id'] }, 'presentIds.0'],
    [{ date: '2031-03-01', presentIds: 'abc' }, 'presentIds'],
  ])('answers 400 for %j', async (payload, field) => {
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeTruthy();
  });

  it('rejects an id in both lists', async () => {
    const f = await followUp('2031-03-05');
    const res = await save({ date: '2031-03-05', presentIds: [f.id], absentIds: [f.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('An entry cannot be both present and absent');
  });

  it('accepts empty lists and answers the day', async () => {
    const f = await followUp('2031-03-06');
    const res = await save({ date: '2031-03-06' });
    expect(res.statusCode).toBe(200);
    expect(res.json().attendance.List.map((e: { _id: string }) => e._id)).toEqual([f.id]);
  });
});

describe('the top-level List (the existing client reads it)', () => {
  it('answers List beside attendance.List on the list and on the update', async () => {
    const a = await followUp('2032-07-01', { petName: 'Bella' });
    const b = await followUp('2032-07-01', { petName: 'Zorro' });
    const read = (await list('2032-07-01')).json();
    expect(read.List).toEqual(read.attendance.List);
    expect(read.List.map((e: { _id: string }) => e._id)).toEqual([a.id, b.id]);
    const saved = (await save({ date: '2032-07-01', presentIds: [b.id], absentIds: [a.id] })).json();
    expect(saved.List).toEqual(saved.attendance.List);
    expect(saved.List.map((e: { present: boolean }) => e.present)).toEqual([false, true]);
    expect((await list('2032-07-02')).json()).toMatchObject({ List: [], attendance: { List: [] } });
  });
});

describe('permissions', () => {
  it('answers 401 without a token and 403 to customers', async () => {
    const customer = await t.user('customer');
    expect((await t.call({ method: 'GET', url: '/api/v1/attendance/getattendancelist/2031-01-10' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/attendance/updateattendancelist', payload: { date: '2031-01-10' } }))
        .statusCode,
    ).toBe(401);
    expect((await list('2031-01-10', customer.token)).statusCode).toBe(403);
    expect((await save({ date: '2031-01-10' }, customer.token)).statusCode).toBe(403);
  });
});

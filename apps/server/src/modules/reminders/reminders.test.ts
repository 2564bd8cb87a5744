import { ABSENTEE_REMINDERS_QUEUED, REMINDERS_QUEUED } from '@pawdesk/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followUps, notifications, owners } from '../../db/schema/index.ts';
import { deliverDue } from '../../jobs/outbox.ts';
import type { MailTransport, OutgoingMessage } from '../../jobs/transport.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { scheduleFollowUp } from '../followups/followups.service.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
afterEach(() => {
  vi.useRealTimers();
});

const get = (url: string, token = staff.token) => t.call({ method: 'GET', url: `/api/v1${url}`, token });
const post = (url: string, payload?: object, token = staff.token) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload, token });

type Item = { _id: string; kind: string; petId: string; petName: string; purpose: string; scheduledDate: string };
const remindersOn = async (date: string, query = '') => {
  const res = await get(`/reminders/getreminderslist/${date}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().List as Item[];
};

async function owner(name: string, email: string | null = `${name.split(' ')[0]!.toLowerCase()}@example.in`) {
  return makeOwner(t.database.db, { name, email });
}
async function pet(ownerId: string, name: string, dob: string | null = '2021-06-15') {
  return makePet(t.database.db, { ownerId, name, dob });
}
async function followUp(petId: string, date: string, purpose: string, time: string | null = '10:30', present?: boolean) {
  const id = await scheduleFollowUp(t.database.db, { petId, date, time, purpose, source: 'prescription' });
  if (present !== undefined) await t.database.db.update(followUps).set({ present }).where(eq(followUps.id, id));
  return id;
}
const outbox = (key: string) => t.database.db.select().from(notifications).where(like(notifications.dedupeKey, key));

describe('GET /reminders/getreminderslist/{date}', () => {
  it('lists the follow-ups of the day and the pets whose birthday it is', async () => {
    const o = await owner('Priya Sharma');
    const coco = await pet(o.id, 'Coco', '2020-03-15');
    const bruno = await pet(o.id, 'Bruno', '2019-07-01');
    const fid = await followUp(bruno.id, '2031-03-15', 'Dental check-up', '11:00');
    await followUp(bruno.id, '2031-03-16', 'Next day');

    const list = await remindersOn('2031-03-15');
    const mine = list.filter((i) => i.petId === coco.id || i.petId === bruno.id);
    expect(mine).toEqual([
      expect.objectContaining({
        _id: fid,
        kind: 'followup',
        petName: 'Bruno',
        ownerName: 'Priya Sharma',
        contact: o.phone,
        purpose: 'Dental check-up',
        scheduledDate: '2031-03-15',
        time: '11:00',
      }),
      expect.objectContaining({
        _id: coco.id,
        kind: 'birthday',
        petName: 'Coco',
        ownerName: 'Priya Sharma',
        contact: o.phone,
        purpose: 'Birthday',
        scheduledDate: '2031-03-15',
        time: null,
      }),
    ]);
  });

  it('shows 29 February birthdays on 28 February in non-leap years, and on 29 February in leap years', async () => {
    const o = await owner('Leap Owner');
    const leap = await pet(o.id, 'Leapy', '2020-02-29');
    const feb28 = await pet(o.id, 'Twenty-Eight', '2019-02-28');
    const ids = (l: Item[]) =>
      l
        .filter((i) => i.petId === leap.id || i.petId === feb28.id)
        .map((i) => `${i.petName}@${i.scheduledDate}`)
        .sort();

    expect(ids(await remindersOn('2027-02-28'))).toEqual(['Leapy@2027-02-28', 'Twenty-Eight@2027-02-28']);
    expect(ids(await remindersOn('2027-03-01'))).toEqual([]);
    expect(ids(await remindersOn('2028-02-28'))).toEqual(['Twenty-Eight@2028-02-28']);
    expect(ids(await remindersOn('2028-02-29'))).toEqual(['Leapy@2028-02-29']);
    // The born-on day itself is no birthday.
    expect(ids(await remindersOn('2020-02-29'))).toEqual([]);
    // A range over the end of February of a non-leap year lists it once.
    expect(ids(await remindersOn('2027-02-25', '?to=2027-03-03&filter=birthdays'))).toEqual([
      'Leapy@2027-02-28',
      'Twenty-Eight@2027-02-28',
    ]);
  });

  it('lists a range (?to=) sorted by date and time, and filters follow-ups, birthdays and overdue', async () => {
    const o = await owner('Range Owner');
    const p = await pet(o.id, 'Ranger', '2018-04-03');
    const f1 = await followUp(p.id, '2031-04-01', 'First', '15:00');
    const f2 = await followUp(p.id, '2031-04-01', 'Earlier', '09:00', false);
    const f3 = await followUp(p.id, '2031-04-05', 'Later', null, true);
    await followUp(p.id, '2031-04-09', 'Outside');

    const all = (await remindersOn('2031-04-01', '?to=2031-04-07')).filter((i) => i.petId === p.id);
    expect(all.map((i) => i._id)).toEqual([f2, f1, p.id, f3]);
    const fus = (await remindersOn('2031-04-01', '?to=2031-04-07&filter=followups')).filter((i) => i.petId === p.id);
    expect(fus.map((i) => i._id)).toEqual([f2, f1, f3]);
    const bds = (await remindersOn('2031-04-01', '?to=2031-04-07&filter=birthdays')).filter((i) => i.petId === p.id);
    expect(bds.map((i) => `${i.kind}@${i.scheduledDate}`)).toEqual(['birthday@2031-04-03']);
    // Overdue: absent, or never marked before today (2031 is in the future, so only the absent one).
    const od = (await remindersOn('2031-04-01', '?to=2031-04-07&filter=overdue')).filter((i) => i.petId === p.id);
    expect(od.map((i) => i._id)).toEqual([f2]);
  });

  it('bounds the list with limit and says when it is truncated', async () => {
    const o = await owner('Busy Owner');
    const p = await pet(o.id, 'Busy', null);
    for (let i = 0; i < 4; i++) await followUp(p.id, '2031-05-20', `Visit ${i}`, `1${i}:00`);
    const res = await get('/reminders/getreminderslist/2031-05-20?limit=3');
    expect(res.json()).toMatchObject({ truncated: true });
    expect(res.json().List).toHaveLength(3);
    expect((await get('/reminders/getreminderslist/2031-05-20?limit=4')).json().truncated).toBe(false);
  });

  it.each([
    ['/reminders/getreminderslist/2031-02-30', 'Invalid date (expected yyyy-MM-dd)'],
    ['/reminders/getreminderslist/30-01-2031', 'Invalid date (expected yyyy-MM-dd)'],
    ['/reminders/getreminderslist/2031-01-10?to=2031-01-09', 'The end date must not be before the start date'],
    ['/reminders/getreminderslist/2031-01-01?to=2031-02-01', 'A range may span at most 31 days'],
    ['/reminders/getreminderslist/2031-01-01?to=nope', 'Invalid date (expected yyyy-MM-dd)'],
    ['/reminders/getreminderslist/2031-01-01?filter=weird', 'filter must be one of all, followups, birthdays, overdue'],
    ['/reminders/sendreminders/2031-13-01', 'Invalid date (expected yyyy-MM-dd)'],
    ['/reminders/sent?date=2031-1-1', 'Invalid date (expected yyyy-MM-dd)'],
  ])('answers 400 for %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });
});

describe('business time zone', () => {
  it('resolves today in India: at 00:30 IST on 23 Nov (still 22 Nov in UTC) today is 2026-11-23', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T19:00:00Z'));
    const me = await t.user('staff');
    const o = await owner('Midnight Owner');
    const p = await pet(o.id, 'Night Owl', null);
    const todayId = await followUp(p.id, '2026-11-23', 'Early check', '00:30');
    const yesterdayId = await followUp(p.id, '2026-11-22', 'Missed yesterday', '18:00');

    const presets = (await get('/reminders/presets', me.token)).json();
    expect(presets.today).toBe('2026-11-23');
    expect(presets.presets).toEqual({
      today: { from: '2026-11-23', to: '2026-11-23', filter: 'all' },
      nextweek: { from: '2026-11-24', to: '2026-11-30', filter: 'all' },
      overdue: { from: '2026-11-16', to: '2026-11-22', filter: 'overdue' },
      birthdays: { from: '2026-11-23', to: '2026-11-29', filter: 'birthdays' },
    });
    const { from, to, filter } = presets.presets.today;
    const today = (await get(`/reminders/getreminderslist/${from}?to=${to}&filter=${filter}`, me.token)).json().List as Item[];
    expect(today.filter((i) => i.petId === p.id).map((i) => i._id)).toEqual([todayId]);

    // Never marked on 22 Nov: overdue already, since 22 Nov is yesterday in India.
    const od = presets.presets.overdue;
    const overdue = (await get(`/reminders/getreminderslist/${od.from}?to=${od.to}&filter=overdue`, me.token)).json()
      .List as Item[];
    expect(overdue.filter((i) => i.petId === p.id).map((i) => i._id)).toEqual([yesterdayId]);
  });
});

describe('sending reminders', () => {
  it('queues one message per owner with every pet and purpose; sending twice queues nothing more', async () => {
    const day = '2031-06-10';
    const asha = await owner('Asha Verma', 'asha@example.in');
    const tiger = await pet(asha.id, 'Tiger', '2020-06-10');
    const mango = await pet(asha.id, 'Mango');
    await followUp(mango.id, day, 'Vaccination booster', '10:30');
    await followUp(tiger.id, day, 'Post-surgery check', '14:05');
    const noEmail = await owner('Kabir Malhotra', null);
    const oreo = await pet(noEmail.id, 'Oreo');
    await followUp(oreo.id, day, 'Dressing change');
    const cameIn = await owner('Present Owner', 'present@example.in');
    await followUp((await pet(cameIn.id, 'Here')).id, day, 'Already came', '09:00', true);

    const first = await get(`/reminders/sendreminders/${day}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: REMINDERS_QUEUED,
      queued: 1,
      unreachable: 1,
      alreadySent: 0,
    });
    expect(first.json().recipients).toEqual(
      expect.arrayContaining([
        { ownerId: asha.id, ownerName: 'Asha Verma', date: day, toAddress: 'asha@example.in', outcome: 'queued' },
        { ownerId: noEmail.id, ownerName: 'Kabir Malhotra', date: day, toAddress: null, outcome: 'unreachable' },
      ]),
    );

    const rows = await outbox(`reminder:${day}:%`);
    expect(rows).toHaveLength(2);
    const toAsha = rows.find((r) => r.ownerId === asha.id)!;
    expect(toAsha).toMatchObject({ status: 'queued', toAddress: 'asha@example.in', kind: 'reminder', refDate: day, attempts: 0 });
    expect(toAsha.dedupeKey).toBe(`reminder:${day}:${asha.id}`);
    expect(toAsha.subject).toBe('Pet DayCare Service: reminder for Mango and Tiger on 10 Jun 2031');
    for (const text of [
      'Dear Asha Verma,',
      'Pet DayCare Service',
      'Tuesday, 10 Jun 2031',
      '- Mango: Vaccination booster at 10:30 AM',
      '- Tiger: Post-surgery check at 2:05 PM',
      'Happy Birthday to Tiger',
      '+91 98100 00000',
    ]) {
      expect(toAsha.body).toContain(text);
    }
    expect(rows.find((r) => r.ownerId === noEmail.id)).toMatchObject({ status: 'unreachable', toAddress: null });
    expect(await outbox(`reminder:${day}:${cameIn.id}`)).toHaveLength(0);

    // Again (and through the POST alias): nothing new is queued.
    for (const again of [await get(`/reminders/sendreminders/${day}`), await post(`/reminders/sendreminders/${day}`)]) {
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ queued: 0, unreachable: 1, alreadySent: 1 });
    }
    expect(await outbox(`reminder:${day}:%`)).toHaveLength(2);

    // Delivered once, then sending again still does not send twice.
    const sent: OutgoingMessage[] = [];
    const transport: MailTransport = { name: 'test', send: async (m) => void sent.push(m) };
    await deliverDue(t.database.db, transport);
    await get(`/reminders/sendreminders/${day}`);
    await deliverDue(t.database.db, transport);
    expect(sent.filter((m) => m.to === 'asha@example.in')).toHaveLength(1);
  });

  it('queues a message for an unreachable owner once an email is added', async () => {
    const day = '2031-06-11';
    const o = await owner('Later Email', null);
    await followUp((await pet(o.id, 'Pepper')).id, day, 'Ear infection review');
    expect((await get(`/reminders/sendreminders/${day}`)).json()).toMatchObject({ queued: 0, unreachable: 1 });
    await t.database.db.update(owners).set({ email: 'later@example.in' }).where(eq(owners.id, o.id));
    expect((await get(`/reminders/sendreminders/${day}`)).json()).toMatchObject({ queued: 1, unreachable: 0 });
    expect((await get(`/reminders/sendreminders/${day}`)).json()).toMatchObject({ queued: 0, alreadySent: 1 });
    const rows = await outbox(`reminder:${day}:${o.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'queued', toAddress: 'later@example.in' });
  });

  it('sends birthday greetings and, with a range, one message per owner and day', async () => {
    const o = await owner('Birthday Owner', 'bday@example.in');
    const kaju = await pet(o.id, 'Kaju', '2022-07-02');
    await followUp(kaju.id, '2031-07-04', 'Grooming check');
    const res = await get('/reminders/sendreminders/2031-07-01?to=2031-07-07&filter=birthdays');
    expect(res.json().recipients.filter((r: { ownerId: string }) => r.ownerId === o.id)).toEqual([
      expect.objectContaining({ date: '2031-07-02', outcome: 'queued' }),
    ]);
    const [msg] = await outbox(`reminder:2031-07-02:${o.id}`);
    expect(msg!.subject).toBe('Pet DayCare Service: Happy Birthday, Kaju!');
    const all = await get('/reminders/sendreminders/2031-07-01?to=2031-07-07');
    expect(
      all
        .json()
        .recipients.filter((r: { ownerId: string }) => r.ownerId === o.id)
        .map((r: { date: string; outcome: string }) => `${r.date}:${r.outcome}`),
    ).toEqual(['2031-07-02:already', '2031-07-04:queued']);
  });

  it('sends overdue reminders only to owners whose follow-up was marked absent', async () => {
    const day = '2031-08-01';
    const absent = await owner('Absent Owner', 'absent@example.in');
    const absentPet = await pet(absent.id, 'Snowy');
    await followUp(absentPet.id, day, 'Blood test results', '12:00', false);
    const present = await owner('Present Owner', 'came@example.in');
    await followUp((await pet(present.id, 'Toffee')).id, day, 'Deworming', '10:00', true);
    const unmarked = await owner('Unmarked Owner', 'unmarked@example.in');
    await followUp((await pet(unmarked.id, 'Jack')).id, day, 'Dental check-up', '11:00');
    const absentNoEmail = await owner('Absent No Email', null);
    await followUp((await pet(absentNoEmail.id, 'Lucy')).id, day, 'Skin allergy review', '13:00', false);
    const otherDay = await owner('Other Day', 'other@example.in');
    await followUp((await pet(otherDay.id, 'Zoe')).id, '2031-08-02', 'Review', '10:00', false);

    const res = await post('/reminders/sendoverduereminders', { date: day });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: ABSENTEE_REMINDERS_QUEUED, queued: 1, unreachable: 1 });
    const rows = await outbox(`overdue:${day}:%`);
    expect(rows.map((r) => [r.ownerId, r.status]).sort()).toEqual(
      [
        [absent.id, 'queued'],
        [absentNoEmail.id, 'unreachable'],
      ].sort(),
    );
    const msg = rows.find((r) => r.ownerId === absent.id)!;
    expect(msg.kind).toBe('overdue');
    expect(msg.subject).toBe('Pet DayCare Service: Snowy missed a follow-up on 1 Aug 2031');
    expect(msg.body).toContain('- Snowy: Blood test results at 12:00 PM');
    expect(msg.body).toContain('Dear Absent Owner,');

    const again = await post('/reminders/sendoverduereminders', { date: day });
    expect(again.json()).toMatchObject({ queued: 0, alreadySent: 1, unreachable: 1 });
    expect(await outbox(`overdue:${day}:%`)).toHaveLength(2);
  });

  it('with includeUnmarked also reminds never-marked follow-ups of past days (Overdue Last Week)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-09-10T06:00:00Z'));
    const me = await t.user('staff');
    const o = await owner('Forgot Owner', 'forgot@example.in');
    await followUp((await pet(o.id, 'Milo')).id, '2031-09-08', 'Follow-up', '10:00');
    const later = await owner('Future Owner', 'future@example.in');
    await followUp((await pet(later.id, 'Leo')).id, '2031-09-11', 'Tomorrow', '10:00');
    const res = await post(
      '/reminders/sendoverduereminders',
      { date: '2031-09-03', to: '2031-09-12', includeUnmarked: true },
      me.token,
    );
    const mine = res.json().recipients.filter((r: { ownerId: string }) => [o.id, later.id].includes(r.ownerId));
    expect(mine).toEqual([expect.objectContaining({ ownerId: o.id, date: '2031-09-08', outcome: 'queued' })]);
    // The Overdue Last Week preset sends the same way through sendreminders?filter=overdue: nothing twice.
    const viaGet = await get('/reminders/sendreminders/2031-09-03?to=2031-09-09&filter=overdue', me.token);
    expect(viaGet.json().message).toBe(REMINDERS_QUEUED);
    expect(viaGet.json().recipients.filter((r: { ownerId: string }) => r.ownerId === o.id)).toEqual([
      expect.objectContaining({ outcome: 'already' }),
    ]);
  });

  it('rejects malformed bodies and long ranges', async () => {
    for (const payload of [
      {},
      { date: '2031-02-30' },
      { date: '2031-01-01', to: '2031-03-01' },
      { date: '2031-01-01', includeUnmarked: 'yes' },
    ]) {
      const res = await post('/reminders/sendoverduereminders', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await get('/reminders/sendreminders/2031-01-01?to=2031-03-01')).statusCode).toBe(400);
  });
});

describe('GET /reminders/sent', () => {
  it('lists what was sent for a date with recipient, status, attempts and last error; failed messages can be retried', async () => {
    const day = '2031-10-05';
    const ok = await owner('Okay Owner', 'ok@example.in');
    await followUp((await pet(ok.id, 'Buddy')).id, day, 'Check-up', '10:00');
    const bad = await owner('Bounce Owner', 'bounce@example.in');
    await followUp((await pet(bad.id, 'Chiku')).id, day, 'Check-up', '11:00');
    const none = await owner('No Mail Owner', null);
    await followUp((await pet(none.id, 'Ginger')).id, day, 'Check-up', '12:00');
    await get(`/reminders/sendreminders/${day}`);

    const transport: MailTransport = {
      name: 'test',
      send: async (m) => {
        if (m.to === 'bounce@example.in') throw Object.assign(new Error('550 Mailbox unavailable'), { responseCode: 550 });
      },
    };
    await deliverDue(t.database.db, transport);

    const res = await get(`/reminders/sent?date=${day}`);
    expect(res.statusCode).toBe(200);
    const list = res.json().List as Record<string, unknown>[];
    const by = (name: string) => list.find((m) => m.ownerName === name)!;
    expect(by('Okay Owner')).toMatchObject({
      toAddress: 'ok@example.in',
      status: 'sent',
      attempts: 1,
      lastError: null,
      transport: 'test',
      kind: 'reminder',
      refDate: day,
    });
    expect(by('Okay Owner').sentAt).toBeTruthy();
    expect(by('Bounce Owner')).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 Mailbox unavailable' });
    expect(by('No Mail Owner')).toMatchObject({ status: 'unreachable', toAddress: null, attempts: 0 });
    expect(by('Okay Owner').subject).toContain('Buddy');

    const retry = await post(`/reminders/sent/${by('Bounce Owner')._id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await post(`/reminders/sent/${by('Okay Owner')._id}/retry`)).statusCode).toBe(409);
    expect((await post('/reminders/sent/000000000000000000000000/retry')).statusCode).toBe(404);
    expect((await post('/reminders/sent/nope/retry')).statusCode).toBe(400);

    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.ownerId, bad.id), eq(notifications.refDate, day)));
    expect(row!.status).toBe('queued');
  });
});

describe('permissions', () => {
  it.each([
    ['GET', '/reminders/presets'],
    ['GET', '/reminders/getreminderslist/2031-01-01'],
    ['GET', '/reminders/sendreminders/2031-01-01'],
    ['POST', '/reminders/sendreminders/2031-01-01'],
    ['POST', '/reminders/sendoverduereminders'],
    ['GET', '/reminders/sent?date=2031-01-01'],
    ['POST', '/reminders/sent/000000000000000000000000/retry'],
  ] as const)('%s %s: 401 anonymous, 403 customer', async (method, url) => {
    const customer = await t.user('customer');
    const payload = method === 'POST' ? { date: '2031-01-01' } : undefined;
    expect((await t.call({ method, url: `/api/v1${url}`, payload })).statusCode).toBe(401);
    expect((await t.call({ method, url: `/api/v1${url}`, payload, token: customer.token })).statusCode).toBe(403);
  });
});

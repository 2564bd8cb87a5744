import { addDays } from '@pawdesk/shared';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';

/** 'Vaccinations due' and 'Remind owner' (issue 11). */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');
const db = () => t.database.db;
const list = (query = '', token = staff.token) =>
  t.call({ method: 'GET', url: `/api/v1/reminders/vaccinations-due${query}`, token });
const remind = (payload: unknown, token = staff.token) =>
  t.call({ method: 'POST', url: '/api/v1/reminders/vaccinations-due/remind', payload: payload as object, token });
const day = (n: number) => addDays(t.clock.today(), n);

type Row = { petId: string; vaccine: string; nextDue: string; remindedToday: boolean; ownerName: string; phone: string };
const mine = (rows: Row[], petIds: string[]) => rows.filter((r) => petIds.includes(r.petId));

describe('GET /reminders/vaccinations-due', () => {
  it('groups overdue (a year back at most), due today and the next N days; the latest record of a vaccine only', async () => {
    const owner = await makeOwner(db(), { name: 'Due Owner', email: 'due@example.in' });
    const a = await makePet(db(), {
      ownerId: owner.id,
      name: 'Alpha',
      vaccinations: [
        { name: 'Rabies', numberOfDose: 2, nextDue: day(-10) },
        { name: 'DHPP', nextDue: day(0) },
        { name: 'Corona', nextDue: day(5) },
        { name: 'Lepto', nextDue: day(40) },
        { name: 'Kennel cough', nextDue: day(-400) },
      ],
    });
    const b = await makePet(db(), {
      ownerId: owner.id,
      name: 'Beta',
      vaccinations: [
        // Superseded by a later record of the same vaccine (any case): not listed.
        { name: 'Rabies', nextDue: day(-20) },
        { name: 'rabies', nextDue: day(300) },
        // Given again after it fell due: not listed.
        { name: 'DHPP', nextDue: day(-5) },
        { name: 'DHPP', givenOn: day(-2) },
      ],
    });
    const ids = [a.id, b.id];
    const res = await list();
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ success: true, today: t.clock.today(), days: 30 });
    const pick = (g: { rows: Row[] }) => mine(g.rows, ids).map((r) => [r.vaccine, r.nextDue]);
    expect(pick(json.overdue)).toEqual([['Rabies', day(-10)]]);
    expect(pick(json.dueToday)).toEqual([['DHPP', day(0)]]);
    expect(pick(json.upcoming)).toEqual([['Corona', day(5)]]);
    expect(mine(json.overdue.rows, ids)[0]).toMatchObject({
      petName: 'Alpha',
      ownerName: 'Due Owner',
      phone: owner.phone,
      numberOfDose: 2,
      remindedToday: false,
    });
    expect(json.overdue.truncated).toBe(false);
    const wider = (await list('?days=60')).json();
    expect(pick(wider.upcoming)).toEqual([
      ['Corona', day(5)],
      ['Lepto', day(40)],
    ]);
  });

  it('days must be 1..90; staff only', async () => {
    for (const q of ['?days=0', '?days=91', '?days=abc', '?days=1.5']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe('Days must be a whole number from 1 to 90');
    }
    expect((await list('?days=90')).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/reminders/vaccinations-due' })).statusCode).toBe(401);
    expect((await list('', customer.token)).statusCode).toBe(403);
  });
});

describe('POST /reminders/vaccinations-due/remind', () => {
  const outbox = (ownerIds: string[]) => db().select().from(notifications).where(inArray(notifications.ownerId, ownerIds));

  it("one email per owner per day, listing all the owner's pets' due vaccinations", async () => {
    const owner = await makeOwner(db(), { name: 'Meera Rao', email: 'meera@example.in' });
    const a = await makePet(db(), {
      ownerId: owner.id,
      name: 'Alpha',
      vaccinations: [{ name: 'Rabies', numberOfDose: 2, nextDue: day(-3) }],
    });
    const b = await makePet(db(), { ownerId: owner.id, name: 'Beta', vaccinations: [{ name: 'DHPP', nextDue: day(7) }] });
    const res = await remind({ petIds: [a.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '1 owner reminded',
      queued: 1,
      alreadySent: 0,
      noEmail: 0,
      nothingDue: 0,
    });
    const [msg, ...more] = await outbox([owner.id]);
    expect(more).toEqual([]);
    expect(msg).toMatchObject({
      kind: 'vaccines_due',
      refDate: t.clock.today(),
      toAddress: 'meera@example.in',
      status: 'queued',
      dedupeKey: `vaccines_due:${t.clock.today()}:${owner.id}`,
    });
    expect(msg!.subject).toMatch(/vaccinations due for Alpha and Beta$/);
    expect(msg!.body).toContain('Dear Meera Rao,');
    expect(msg!.body).toMatch(/- Alpha: Rabies \(dose 2\), overdue since /);
    expect(msg!.body).toMatch(/- Beta: DHPP, due on /);

    // Again today, for either pet or both: already reminded; the list says so.
    const again = await remind({ petIds: [a.id, b.id] });
    expect(again.json()).toMatchObject({ queued: 0, alreadySent: 1, message: '0 owners reminded, 1 already reminded today' });
    expect(await outbox([owner.id])).toHaveLength(1);
    const rows = mine((await list()).json().overdue.rows, [a.id]);
    expect(rows[0]!.remindedToday).toBe(true);

    // The next day is a new day.
    t.clock.advanceDays(1);
    try {
      expect((await remind({ petIds: [b.id] })).json()).toMatchObject({ queued: 1, alreadySent: 0 });
      expect(await outbox([owner.id])).toHaveLength(2);
    } finally {
      t.clock.set(null);
    }
  });

  it('counts owners without an email and owners with nothing due', async () => {
    const noMail = await makeOwner(db(), { email: null });
    const p = await makePet(db(), { ownerId: noMail.id, vaccinations: [{ name: 'Rabies', nextDue: day(1) }] });
    const fine = await makePet(db(), { vaccinations: [{ name: 'Rabies', nextDue: day(200) }] });
    const res = await remind({ petIds: [p.id, fine.id] });
    expect(res.json()).toEqual({
      success: true,
      message: '0 owners reminded, 1 without an email address',
      queued: 0,
      alreadySent: 0,
      noEmail: 1,
      nothingDue: 1,
    });
    expect((await outbox([noMail.id]))[0]).toMatchObject({ status: 'unreachable', toAddress: null });
    expect(mine((await list()).json().upcoming.rows, [p.id])[0]!.remindedToday).toBe(false);
  });

  it('refuses bad input and unknown pets without queuing anything; staff only', async () => {
    const p = await makePet(db(), { vaccinations: [{ name: 'Rabies', nextDue: day(1) }] });
    const before = (await db().select().from(notifications)).length;
    for (const [payload, message] of [
      [{}, 'Choose at least one pet'],
      [{ petIds: [] }, 'Choose at least one pet'],
      [{ petIds: ['nope'] }, 'Invalid id'],
      [{ petIds: Array.from({ length: 501 }, () => p.id) }, 'At most 500 pets at once'],
      [{ petIds: [p.id], days: 0 }, 'Days must be a whole number from 1 to 90'],
    ] as const) {
      const res = await remind(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const unknown = await remind({ petIds: [p.id, 'fedcba9876543210fedcba98'] });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/reminders/vaccinations-due/remind', payload: { petIds: [p.id] } }))
        .statusCode,
    ).toBe(401);
    expect((await remind({ petIds: [p.id] }, customer.token)).statusCode).toBe(403);
    expect(await db().select().from(notifications)).toHaveLength(before);
  });

  it.skipIf(!process.env.DATABASE_URL)('two reminders of one owner at once queue one email (PostgreSQL)', async () => {
    const owner = await makeOwner(db(), { email: 'race@example.in' });
    const a = await makePet(db(), { ownerId: owner.id, vaccinations: [{ name: 'Rabies', nextDue: day(2) }] });
    const b = await makePet(db(), { ownerId: owner.id, vaccinations: [{ name: 'DHPP', nextDue: day(3) }] });
    const answers = await Promise.all([remind({ petIds: [a.id] }), remind({ petIds: [b.id] }), remind({ petIds: [a.id, b.id] })]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const counts = answers.map((r) => r.json());
    expect(counts.reduce((n, c) => n + c.queued, 0)).toBe(1);
    expect(counts.reduce((n, c) => n + c.alreadySent, 0)).toBe(2);
    expect(await outbox([owner.id])).toHaveLength(1);
  });
});

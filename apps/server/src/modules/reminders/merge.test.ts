/**
 * Remind All and Remind Absentees merged (issue 9): an owner gets at most one email per pet per day; a reminder and
 * an absentee notice about the same pet and day become one message.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { followUps, notifications } from '../../db/schema/index.ts';
import { deliverDue } from '../../jobs/outbox.ts';
import type { MailTransport, OutgoingMessage } from '../../jobs/transport.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { scheduleFollowUp } from '../followups/followups.service.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const remindAll = (day: string) => t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
const remindAbsentees = (day: string) =>
  t.call({ method: 'POST', url: '/api/v1/reminders/sendoverduereminders', payload: { date: day }, token: staff.token });

let dayNo = 0;
/** A day no other test of this file uses. */
const freshDay = () => `2033-0${1 + Math.floor(dayNo / 28)}-${String((dayNo++ % 28) + 1).padStart(2, '0')}`;

/** An owner with pets Bruno (follow-up marked absent at 10:00) and Coco (not marked, 15:30) on `day`. */
async function household(day: string, email: string | null = `asha.${day}@example.in`) {
  const owner = await makeOwner(t.database.db, { name: 'Asha Verma', email });
  const bruno = await makePet(t.database.db, { ownerId: owner.id, name: 'Bruno', dob: null });
  const coco = await makePet(t.database.db, { ownerId: owner.id, name: 'Coco', dob: null });
  const missed = await scheduleFollowUp(t.database.db, {
    petId: bruno.id,
    date: day,
    time: '10:00',
    purpose: 'Booster',
    source: 'prescription',
  });
  await t.database.db.update(followUps).set({ present: false }).where(eq(followUps.id, missed));
  await scheduleFollowUp(t.database.db, {
    petId: coco.id,
    date: day,
    time: '15:30',
    purpose: 'Dressing',
    source: 'prescription',
  });
  return { owner, bruno, coco };
}

const messagesTo = (ownerId: string, day: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.ownerId, ownerId), eq(notifications.refDate, day)));

async function deliver(): Promise<OutgoingMessage[]> {
  const sent: OutgoingMessage[] = [];
  const transport: MailTransport = { name: 'test', send: async (m) => void sent.push(m) };
  while ((await deliverDue(t.database.db, transport)) > 0) {}
  return sent;
}

/** How many lines of the message name the pet ('- Bruno: …'). */
const linesAbout = (body: string, pet: string) => body.split('\n').filter((l) => l.startsWith(`- ${pet}:`)).length;

describe('Remind All and Remind Absentees for the same owner and day', () => {
  it('absentees first, then Remind All: one message, the missed visit once and the other pet’s reminder', async () => {
    const day = freshDay();
    const { owner } = await household(day);
    expect((await remindAbsentees(day)).json()).toMatchObject({ queued: 1 });
    const all = (await remindAll(day)).json();
    expect(all.recipients.find((r: { ownerId: string }) => r.ownerId === owner.id).outcome).toBe('queued');
    const rows = await messagesTo(owner.id, day);
    expect(rows).toHaveLength(1);
    const [msg] = rows;
    expect(msg).toMatchObject({ status: 'queued', kind: 'overdue' });
    expect(msg!.subject).toBe(`Pet DayCare Service: Bruno and Coco on ${msg!.subject.split(' on ')[1]}`);
    expect(msg!.body).toContain('We missed you at Pet DayCare Service');
    expect(msg!.body).toContain('- Bruno: Booster at 10:00 AM');
    expect(msg!.body).toContain('This is a friendly reminder from Pet DayCare Service');
    expect(msg!.body).toContain('- Coco: Dressing at 3:30 PM');
    expect(linesAbout(msg!.body, 'Bruno')).toBe(1);
    // Sending either again adds nothing.
    expect((await remindAll(day)).json().recipients.find((r: { ownerId: string }) => r.ownerId === owner.id).outcome).toBe(
      'already',
    );
    expect((await remindAbsentees(day)).json()).toMatchObject({ queued: 0, alreadySent: 1 });
    const sent = (await deliver()).filter((m) => m.subject === msg!.subject);
    expect(sent).toHaveLength(1);
  });

  it('Remind All first, then absentees: the queued reminder becomes the one message, Bruno as missed', async () => {
    const day = freshDay();
    const { owner } = await household(day);
    await remindAll(day);
    const [reminder] = await messagesTo(owner.id, day);
    expect(reminder!.body).toContain('- Bruno: Booster at 10:00 AM');
    expect(reminder!.body).not.toContain('We missed you');
    expect((await remindAbsentees(day)).json()).toMatchObject({ queued: 1 });
    const rows = await messagesTo(owner.id, day);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(reminder!.id);
    expect(rows[0]!.body).toContain('We missed you');
    expect(linesAbout(rows[0]!.body, 'Bruno')).toBe(1);
    expect(linesAbout(rows[0]!.body, 'Coco')).toBe(1);
  });

  it('once the reminder went out, the absentee notice leaves its pets out; a pet not in it still gets one', async () => {
    const day = freshDay();
    const { owner } = await household(day);
    await remindAll(day);
    const first = await deliver();
    expect(first.filter((m) => m.to === owner.email && m.text.includes('- Bruno:'))).toHaveLength(1);
    // Bruno and Coco were emailed today: nothing more about them.
    expect((await remindAbsentees(day)).json()).toMatchObject({ queued: 0, alreadySent: 1 });
    // A third pet's follow-up of that day, booked and missed after the reminder went out.
    const max = await makePet(t.database.db, { ownerId: owner.id, name: 'Max', dob: null });
    const late = await scheduleFollowUp(t.database.db, {
      petId: max.id,
      date: day,
      time: '17:00',
      purpose: 'Check',
      source: 'prescription',
    });
    await t.database.db.update(followUps).set({ present: false }).where(eq(followUps.id, late));
    expect((await remindAbsentees(day)).json()).toMatchObject({ queued: 1 });
    const second = await deliver();
    const toAsha = second.filter((m) => m.to === owner.email);
    expect(toAsha).toHaveLength(1);
    expect(linesAbout(toAsha[0]!.text, 'Max')).toBe(1);
    expect(linesAbout(toAsha[0]!.text, 'Bruno')).toBe(0);
    expect(await messagesTo(owner.id, day)).toHaveLength(2);
  });

  it('an owner without an email: one unreachable record, merged the same way', async () => {
    const day = freshDay();
    const { owner } = await household(day, null);
    expect((await remindAbsentees(day)).json()).toMatchObject({ unreachable: 1, queued: 0 });
    expect((await remindAll(day)).json().recipients.find((r: { ownerId: string }) => r.ownerId === owner.id).outcome).toBe(
      'unreachable',
    );
    const rows = await messagesTo(owner.id, day);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'unreachable', toAddress: null });
    expect(linesAbout(rows[0]!.body, 'Coco')).toBe(1);
  });

  // Only real on PostgreSQL: without the lock per owner day both sends see no message and each queues its own.
  it('both sends at once, several times: one message per owner and day', async () => {
    const day = freshDay();
    const { owner } = await household(day);
    const res = await Promise.all(Array.from({ length: 4 }, (_, i) => (i % 2 ? remindAll(day) : remindAbsentees(day))));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await messagesTo(owner.id, day);
    expect(rows).toHaveLength(1);
    expect(linesAbout(rows[0]!.body, 'Bruno')).toBe(1);
    expect(linesAbout(rows[0]!.body, 'Coco')).toBe(1);
  });
});

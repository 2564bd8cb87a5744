import { birthdayKeys } from '@pawdesk/shared';
import { eq, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { followUps, pets } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/harness.ts';
import { makePet } from '../../../test/factories.ts';
import { birthdaysBetween, followUpsBetween, followUpsOn, markAttendance, scheduleFollowUp } from './followups.service.ts';

const t = useTestApp();

describe('followups service', () => {
  it('schedules a follow-up that the day lists, and marks it in a transaction', async () => {
    const pet = await makePet(t.database.db, { name: 'Scheduled' });
    const id = await scheduleFollowUp(t.database.db, {
      petId: pet.id,
      date: '2032-01-05',
      time: '09:00',
      purpose: 'Suture removal',
      source: 'prescription',
    });
    const [row] = await t.database.db.select().from(followUps).where(eq(followUps.id, id));
    expect(row).toMatchObject({ petId: pet.id, date: '2032-01-05', time: '09:00', present: null, source: 'prescription' });

    const user = await t.user('staff');
    await expect(
      t.database.db.transaction((tx) =>
        markAttendance(tx, { date: '2032-01-06', presentIds: [id], absentIds: [], markedBy: user.id }),
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    await t.database.db.transaction((tx) =>
      markAttendance(tx, { date: '2032-01-05', presentIds: [], absentIds: [id], markedBy: user.id }),
    );
    const absent = await followUpsBetween(t.database.db, '2032-01-01', '2032-01-31', { select: 'absent', limit: 10 });
    expect(absent.map((f) => f.id)).toEqual([id]);
    const notPresent = await followUpsBetween(t.database.db, '2032-01-05', '2032-01-05', { select: 'notPresent', limit: 10 });
    expect(notPresent.map((f) => f.id)).toEqual([id]);
  });

  it('lists a day by time (untimed last) and pet name, also when the limit cuts a time slot', async () => {
    const date = '2033-03-03';
    const add = async (name: string, time: string | null) => {
      const pet = await makePet(t.database.db, { name });
      return scheduleFollowUp(t.database.db, { petId: pet.id, date, time, purpose: 'Check', source: 'inquiry' });
    };
    // Created (so id-ordered) against the name order.
    await add('Untimed', null);
    await add('Zed', '10:00');
    await add('Mid', '10:00');
    await add('Alpha', '10:00');
    await add('Early', '09:00');
    const names = async (limit: number) => (await followUpsOn(t.database.db, date, limit)).map((f) => f.petName);
    expect(await names(10)).toEqual(['Early', 'Alpha', 'Mid', 'Zed', 'Untimed']);
    expect(await names(3)).toEqual(['Early', 'Alpha', 'Mid']);
    expect(await names(1)).toEqual(['Early']);
    const [first] = await followUpsOn(t.database.db, date, 1);
    expect(first).toMatchObject({ time: '09:00', species: 'dog', ownerName: expect.any(String), ownerPhone: expect.any(String) });
  });

  it('finds birthdays across a year end', async () => {
    const a = await makePet(t.database.db, { name: 'NewYear', dob: '2020-01-01' });
    const b = await makePet(t.database.db, { name: 'NewYearsEve', dob: '2019-12-31' });
    const found = (await birthdaysBetween(t.database.db, '2032-12-29', '2033-01-04', 100)).filter((p) =>
      [a.id, b.id].includes(p.petId),
    );
    expect(found.map((p) => `${p.petName}@${p.date}`)).toEqual(['NewYearsEve@2032-12-31', 'NewYear@2033-01-01']);
  });

  it('looks birthdays up with the extract(month/day from dob) index', async () => {
    const keys = birthdayKeys('2027-02-26', '2027-03-01');
    const match = or(
      ...keys.map(
        (k) => sql`(extract(month from ${pets.dob}) = ${k.month}::int and extract(day from ${pets.dob}) = ${k.day}::int)`,
      ),
    );
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const q = tx.select({ id: pets.id }).from(pets).where(match).toSQL();
      const res = await tx.execute(sql.raw(`explain ${inline(q.sql, q.params)}`));
      return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('pets_birthday_idx');
  });
});

/** Inlines numeric parameters for EXPLAIN (which takes no bind parameters). */
function inline(q: string, params: unknown[]): string {
  return q.replace(/\$(\d+)/g, (_, n) => String(Number(params[Number(n) - 1])));
}

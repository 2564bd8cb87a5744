import { and, inArray, sql } from 'drizzle-orm';
import { followUps } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';

const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * scheduledvisits → follow_ups: Pawdesk keeps the day's expected pets as follow-ups (the attendance sheet and the
 * reminders read them). Each keeps its id, its date (date-only at midnight UTC: that day) and its time ('7:05' →
 * '07:05'). The original's `present` defaults to false, so false cannot tell "absent" from "not marked yet": only
 * true is kept (present), false is left unmarked — a past unmarked follow-up counts as missed (overdue) in Pawdesk,
 * and an attendance sheet of that day (the attendances collection) marks it absent. A visit of a pet the original
 * deleted is skipped and listed (no pet to expect).
 */
export const scheduledVisitsImporter: CollectionImporter = {
  collection: 'scheduledvisits',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const rows: (typeof followUps.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const petId = f.ref('petId');
      if (!petId || !petOwner.has(petId)) {
        ctx.problem(
          doc,
          `petId: ${petId ?? 'missing'} does not exist (deleted in the original); the scheduled visit was skipped`,
        );
        outcomes.push({ kind: 'skipped', reason: 'the pet was deleted' });
        continue;
      }
      const date = f.day('date');
      if (!date) {
        ctx.problem(doc, 'date: missing; the scheduled visit was skipped');
        outcomes.push({ kind: 'skipped', reason: 'no date' });
        continue;
      }
      const time = f.time('time');
      rows.push({
        id: doc.id,
        petId,
        date,
        time,
        purpose: f.text('purpose') || 'Follow-up',
        source: 'visit',
        sourceId: null,
        present: f.bool('present') ? true : null,
        markedBy: null,
        createdAt: f.created(),
        updatedAt: f.updated(),
      });
      outcomes.push({ kind: 'imported', table: 'follow_ups', id: doc.id });
    }
    await upsertMany(tx, followUps, rows, followUps.id, ['id', 'createdAt']);
    return outcomes;
  },
};

/**
 * attendances → follow_ups marked present or absent. An attendance document is a day's saved sheet: each entry marks
 * the pet's follow-up of that day (matched by pet and date, the same purpose first) present or absent; an entry with
 * no such follow-up becomes one (its entry id kept), already marked. Entries of deleted pets are left out and listed.
 * Two sheets for one day (the original keeps one per day by convention only) mark the same follow-ups.
 */
export const attendancesImporter: CollectionImporter = {
  collection: 'attendances',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    type Entry = { petId: string; purpose: string; present: boolean; entryId: string };
    const sheets: { date: string; entries: Entry[] }[] = [];
    const outcomes: (Outcome | null)[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const date = f.day('date');
      if (!date) {
        ctx.problem(doc, 'date: missing; the attendance sheet was skipped');
        outcomes.push({ kind: 'skipped', reason: 'no date' });
        continue;
      }
      const list = Array.isArray(f.get('List')) ? (f.get('List') as Record<string, unknown>[]) : [];
      const entries: Entry[] = [];
      list.forEach((e, i) => {
        const petId = f.ref('List.petId', e?.petId);
        if (!petId || !petOwner.has(petId)) {
          ctx.problem(doc, `List[${i}]: pet ${petId ?? 'missing'} does not exist (deleted in the original); left out`);
          return;
        }
        entries.push({
          petId,
          purpose: f.text('List.purpose', e?.purpose) || 'Follow-up',
          present: f.bool('List.present', false, e?.present),
          entryId: f.ref('List._id', e?._id) ?? derivedId('attendances', doc.id, i),
        });
      });
      if (entries.length === 0) {
        ctx.problem(doc, `the attendance sheet of ${date} marks no pet that exists; skipped`);
        outcomes.push({ kind: 'skipped', reason: 'no pet of the sheet exists' });
        continue;
      }
      sheets.push({ date, entries });
      outcomes.push(null);
    }

    // The follow-ups these sheets may mark (pets and dates of the batch).
    const pets = [...new Set(sheets.flatMap((s) => s.entries.map((e) => e.petId)))];
    const dates = [...new Set(sheets.map((s) => s.date))];
    const existing = pets.length
      ? await tx
          .select({ id: followUps.id, petId: followUps.petId, date: followUps.date, purpose: followUps.purpose })
          .from(followUps)
          .where(and(inArray(followUps.petId, pets), inArray(followUps.date, dates)))
          .orderBy(followUps.id)
      : [];
    const byPetDay = new Map<string, { id: string; purpose: string }[]>();
    for (const r of existing) byPetDay.set(`${r.petId}|${r.date}`, [...(byPetDay.get(`${r.petId}|${r.date}`) ?? []), r]);
    const marks = new Map<string, boolean>();
    const made: (typeof followUps.$inferInsert)[] = [];
    let sheet = 0;
    docs.forEach((doc, i) => {
      if (outcomes[i]) return;
      const s = sheets[sheet++]!;
      const at = new Fields(ctx, doc).created();
      for (const e of s.entries) {
        const slot = `${e.petId}|${s.date}`;
        const candidates = byPetDay.get(slot) ?? [];
        const match = candidates.find((c) => key(c.purpose) === key(e.purpose)) ?? candidates[0];
        const own = match && made.find((m) => m.id === match.id);
        if (own) own.present = e.present;
        else if (match) marks.set(match.id, e.present);
        if (match) continue;
        made.push({
          id: e.entryId,
          petId: e.petId,
          date: s.date,
          time: null,
          purpose: e.purpose,
          source: 'visit',
          sourceId: null,
          present: e.present,
          markedBy: null,
          createdAt: at,
          updatedAt: at,
        });
        byPetDay.set(slot, [...candidates, { id: e.entryId, purpose: e.purpose }]);
      }
      outcomes[i] = { kind: 'imported', table: 'follow_ups', id: doc.id };
    });
    await upsertMany(tx, followUps, made, followUps.id, ['id', 'createdAt']);
    if (marks.size) {
      const values = sql.join(
        [...marks].map(([id, present]) => sql`(${id}, ${present}::boolean)`),
        sql`, `,
      );
      await tx.execute(sql`update follow_ups f set present = v.present
        from (values ${values}) as v(id, present) where f.id = v.id`);
    }
    return outcomes as Outcome[];
  },
};

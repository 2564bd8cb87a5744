import {
  ABSENTEE_REMINDERS_QUEUED,
  presetRange,
  REMINDER_PRESETS,
  REMINDERS_QUEUED,
  type ReminderFilter,
  type ReminderItem,
  type ReminderPreset,
  rangeProblem,
  type SendRemindersResponse,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { type BirthdayInRange, birthdaysBetween, type FollowUpView, followUpsBetween } from '../followups/followups.service.ts';
import { groupByOwnerDay, sendOwnerDays } from './owner-notices.ts';

/** A send may reach at most this many reminders (31 days of a busy clinic); more is a 400. */
const MAX_SEND_ITEMS = 5000;

export function today(ctx: AppContext): string {
  return ctx.clock.today();
}

/** The Reminders Panel presets resolved for today in the business time zone. */
export function presets(ctx: AppContext) {
  const t = today(ctx);
  const out = {} as Record<ReminderPreset, ReturnType<typeof presetRange>>;
  for (const p of REMINDER_PRESETS) out[p] = presetRange(p, t);
  return { today: t, tz: ctx.config.tz, presets: out };
}

/** The range from `from` to `to` (one day when `to` is left out); 400 when it is backwards or too long. */
export function checkRange(from: string, to = from): { from: string; to: string } {
  const problem = rangeProblem(from, to);
  if (problem) throw badRequest(problem, { to: problem });
  return { from, to };
}

function followUpItem(f: FollowUpView): ReminderItem {
  return {
    _id: f.id,
    kind: 'followup',
    petId: f.petId,
    petName: f.petName,
    species: f.species,
    ownerId: f.ownerId,
    ownerName: f.ownerName,
    contact: f.ownerPhone,
    email: f.ownerEmail,
    purpose: f.purpose,
    scheduledDate: f.date,
    time: f.time,
    present: f.present,
  };
}

function birthdayItem(b: BirthdayInRange): ReminderItem {
  return {
    _id: b.petId,
    kind: 'birthday',
    petId: b.petId,
    petName: b.petName,
    species: b.species,
    ownerId: b.ownerId,
    ownerName: b.ownerName,
    contact: b.ownerPhone,
    email: b.ownerEmail,
    purpose: 'Birthday',
    scheduledDate: b.date,
    time: null,
    present: null,
  };
}

const byDateTimeName = (a: ReminderItem, b: ReminderItem) =>
  a.scheduledDate.localeCompare(b.scheduledDate) ||
  (a.time ?? '99:99').localeCompare(b.time ?? '99:99') ||
  a.petName.localeCompare(b.petName) ||
  a._id.localeCompare(b._id);

/**
 * Reminders from `from` to `to`: the follow-ups scheduled (filter overdue:
 * marked absent or never marked before today) and the birthdays.
 */
export async function listReminders(
  db: DbOrTx,
  t: string,
  q: { from: string; to: string; filter: ReminderFilter; limit: number },
): Promise<{ List: ReminderItem[]; truncated: boolean }> {
  const wantFollowUps = q.filter !== 'birthdays';
  const wantBirthdays = q.filter === 'all' || q.filter === 'birthdays';
  const [fus, bds] = await Promise.all([
    wantFollowUps
      ? followUpsBetween(db, q.from, q.to, { select: q.filter === 'overdue' ? 'overdue' : 'all', today: t, limit: q.limit + 1 })
      : [],
    wantBirthdays ? birthdaysBetween(db, q.from, q.to, q.limit + 1) : [],
  ]);
  const all = [...fus.map(followUpItem), ...bds.map(birthdayItem)].sort(byDateTimeName);
  return { List: all.slice(0, q.limit), truncated: all.length > q.limit };
}

function tooMany(n: number) {
  if (n > MAX_SEND_ITEMS) throw badRequest('Too many reminders at once; choose a shorter range');
}

/**
 * Queues one message per owner and day (all the owner's pets and purposes of
 * that day, follow-ups not yet marked present plus birthdays) in one
 * transaction. Sending twice does not queue twice, and an owner gets at most one
 * email per pet per day (merged with an absentee notice; see owner-notices.ts).
 * Filter followups/birthdays picks the owners who have one.
 */
export async function sendReminders(
  ctx: AppContext,
  q: { from: string; to: string; filter: ReminderFilter },
): Promise<SendRemindersResponse> {
  if (q.filter === 'overdue') return sendOverdue(ctx, { from: q.from, to: q.to, includeUnmarked: true }, REMINDERS_QUEUED);
  return ctx.db.transaction(async (tx) => {
    const [fus, bds] = await Promise.all([
      followUpsBetween(tx, q.from, q.to, { select: 'notPresent', limit: MAX_SEND_ITEMS + 1 }),
      birthdaysBetween(tx, q.from, q.to, MAX_SEND_ITEMS + 1),
    ]);
    tooMany(fus.length + bds.length);
    const items = [...fus.map(followUpItem), ...bds.map(birthdayItem)].sort(byDateTimeName);
    const want = q.filter === 'followups' ? 'followup' : q.filter === 'birthdays' ? 'birthday' : null;
    const groups = groupByOwnerDay(items).filter((g) => !want || g.entries.some((e) => e.kind === want));
    return sendOwnerDays(ctx, tx, 'reminder', groups, REMINDERS_QUEUED);
  });
}

/**
 * Queues one message per owner and day to owners whose follow-up that day was
 * marked absent (with includeUnmarked: also never marked, for past days),
 * merged with a reminder of that day not sent yet (see owner-notices.ts).
 */
export async function sendOverdue(
  ctx: AppContext,
  q: { from: string; to: string; includeUnmarked: boolean },
  message = ABSENTEE_REMINDERS_QUEUED,
): Promise<SendRemindersResponse> {
  const t = today(ctx);
  return ctx.db.transaction(async (tx) => {
    const fus = await followUpsBetween(tx, q.from, q.to, {
      select: q.includeUnmarked ? 'overdue' : 'absent',
      today: t,
      limit: MAX_SEND_ITEMS + 1,
    });
    tooMany(fus.length);
    const groups = groupByOwnerDay(fus.map(followUpItem).sort(byDateTimeName), true);
    return sendOwnerDays(ctx, tx, 'overdue', groups, message);
  });
}

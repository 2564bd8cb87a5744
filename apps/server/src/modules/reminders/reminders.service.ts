import {
  ABSENTEE_REMINDERS_QUEUED,
  formatDate,
  formatTime12,
  presetRange,
  REMINDER_PRESETS,
  REMINDERS_QUEUED,
  type ReminderFilter,
  type ReminderItem,
  type ReminderPreset,
  rangeProblem,
  type SendRemindersResponse,
  todayIn,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { type BirthdayInRange, birthdaysBetween, type FollowUpView, followUpsBetween } from '../followups/followups.service.ts';
import { enqueueEmails, type OutgoingEmail } from '../notifications/notifications.service.ts';

/** A send may reach at most this many reminders (31 days of a busy clinic); more is a 400. */
const MAX_SEND_ITEMS = 5000;

export function today(ctx: AppContext): string {
  return todayIn(ctx.config.tz);
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

/* ───────────── Messages ───────────── */

const weekday = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const joinNames = (names: string[]) => {
  const u = [...new Set(names)];
  return u.length <= 1 ? (u[0] ?? '') : `${u.slice(0, -1).join(', ')} and ${u.at(-1)}`;
};

interface OwnerDay {
  date: string;
  ownerId: string;
  ownerName: string;
  email: string | null;
  items: ReminderItem[];
}

function groupByOwnerDay(items: ReminderItem[]): OwnerDay[] {
  const groups = new Map<string, OwnerDay>();
  for (const it of items) {
    const key = `${it.scheduledDate}:${it.ownerId}`;
    let g = groups.get(key);
    if (!g) {
      g = { date: it.scheduledDate, ownerId: it.ownerId, ownerName: it.ownerName, email: it.email?.trim() || null, items: [] };
      groups.set(key, g);
    }
    g.items.push(it);
  }
  return [...groups.values()];
}

const contact = (ctx: AppContext) => {
  const b = ctx.config.business;
  return `${b.phone}${b.email ? ` or write to ${b.email}` : ''}`;
};

const signature = (ctx: AppContext) => ['Warm regards,', ctx.config.business.name, ctx.config.business.address].join('\n');

/** One reminder message for an owner's day: every pet, purpose and time (birthdays as greetings). */
export function reminderMessage(ctx: AppContext, g: OwnerDay): Pick<OutgoingEmail, 'subject' | 'body'> {
  const biz = ctx.config.business.name;
  const day = `${weekday(g.date)}, ${formatDate(g.date)}`;
  const visits = g.items.filter((i) => i.kind === 'followup');
  const birthdays = g.items.filter((i) => i.kind === 'birthday');
  const lines: string[] = [`Dear ${g.ownerName},`, ''];
  if (visits.length) {
    lines.push(`This is a friendly reminder from ${biz} about ${day}:`, '');
    for (const v of visits) lines.push(`- ${v.petName}: ${v.purpose}${v.time ? ` at ${formatTime12(v.time)}` : ''}`);
    lines.push('');
  }
  for (const b of birthdays) {
    lines.push(`Happy Birthday to ${b.petName} on ${day}! Wishing ${b.petName} a wonderful year from all of us at ${biz}.`);
  }
  if (birthdays.length) lines.push('');
  if (visits.length) lines.push(`If you need to change the time, please call us on ${contact(ctx)}.`, '');
  lines.push(signature(ctx));
  const pets = joinNames(g.items.map((i) => i.petName));
  const subject = visits.length ? `${biz}: reminder for ${pets} on ${formatDate(g.date)}` : `${biz}: Happy Birthday, ${pets}!`;
  return { subject, body: lines.join('\n') };
}

/** A message for an owner whose follow-up(s) of a day were missed. */
export function overdueMessage(ctx: AppContext, g: OwnerDay): Pick<OutgoingEmail, 'subject' | 'body'> {
  const biz = ctx.config.business.name;
  const lines = [`Dear ${g.ownerName},`, '', `We missed you at ${biz} on ${weekday(g.date)}, ${formatDate(g.date)}:`, ''];
  for (const v of g.items) lines.push(`- ${v.petName}: ${v.purpose}${v.time ? ` at ${formatTime12(v.time)}` : ''}`);
  lines.push('', `Please call us on ${contact(ctx)} to book a new time so the follow-up is not missed.`, '', signature(ctx));
  return {
    subject: `${biz}: ${joinNames(g.items.map((i) => i.petName))} missed a follow-up on ${formatDate(g.date)}`,
    body: lines.join('\n'),
  };
}

function answer(
  message: string,
  groups: OwnerDay[],
  outcomes: Map<string, 'queued' | 'unreachable' | 'already'>,
  key: (g: OwnerDay) => string,
) {
  const recipients = groups.map((g) => ({
    ownerId: g.ownerId,
    ownerName: g.ownerName,
    date: g.date,
    toAddress: g.email,
    outcome: outcomes.get(key(g)) ?? 'already',
  }));
  const count = (o: string) => recipients.filter((r) => r.outcome === o).length;
  return {
    success: true as const,
    message,
    queued: count('queued'),
    unreachable: count('unreachable'),
    alreadySent: count('already'),
    recipients,
  } satisfies SendRemindersResponse;
}

/**
 * Queues one `kind` email per owner's day, written by `write`, with dedupe key
 * `{kind}:{date}:{ownerId}` so sending twice does not queue twice; answers
 * what became of each.
 */
async function queuePerOwnerDay(
  ctx: AppContext,
  tx: DbOrTx,
  kind: 'reminder' | 'overdue',
  groups: OwnerDay[],
  write: (ctx: AppContext, g: OwnerDay) => Pick<OutgoingEmail, 'subject' | 'body'>,
  message: string,
): Promise<SendRemindersResponse> {
  const key = (g: OwnerDay) => `${kind}:${g.date}:${g.ownerId}`;
  const outcomes = await enqueueEmails(
    tx,
    groups.map((g) => ({
      dedupeKey: key(g),
      kind,
      refDate: g.date,
      ownerId: g.ownerId,
      ownerName: g.ownerName,
      toAddress: g.email,
      ...write(ctx, g),
      meta: { items: g.items.map((i) => ({ kind: i.kind, id: i._id, petName: i.petName, purpose: i.purpose, time: i.time })) },
    })),
  );
  return answer(message, groups, outcomes, key);
}

function tooMany(n: number) {
  if (n > MAX_SEND_ITEMS) throw badRequest('Too many reminders at once; choose a shorter range');
}

/**
 * Queues one message per owner and day (all the owner's pets and purposes of
 * that day, follow-ups not yet marked present plus birthdays) in one
 * transaction. Dedupe key `reminder:{date}:{ownerId}`: sending twice does not
 * queue twice. Filter followups/birthdays picks the owners who have one.
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
    const groups = groupByOwnerDay(items).filter((g) => !want || g.items.some((i) => i.kind === want));
    return queuePerOwnerDay(ctx, tx, 'reminder', groups, reminderMessage, REMINDERS_QUEUED);
  });
}

/**
 * Queues one message per owner and day to owners whose follow-up that day was
 * marked absent (with includeUnmarked: also never marked, for past days).
 * Dedupe key `overdue:{date}:{ownerId}`.
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
    const groups = groupByOwnerDay(fus.map(followUpItem));
    return queuePerOwnerDay(ctx, tx, 'overdue', groups, overdueMessage, message);
  });
}

/**
 * What the reminder sends tell an owner about one day, as one email per owner and day: the follow-ups to come
 * (Remind All), the ones missed (Remind Absentees, overdue) and the pets' birthdays. An owner gets at most one
 * email per pet per day: a reminder and an absentee notice about the same pet and day are merged into one message
 * while it has not gone out, and once a message about a pet went out (or is going out), later sends that day leave
 * that pet out. Sends about the same owner and day run one at a time (a lock per owner day).
 */
import { formatDate, formatTime12, type ReminderItem, type SendRemindersResponse } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { type NotificationRow, type OutgoingEmail, ownerMessages } from '../notifications/notifications.service.ts';

/** One thing a message says about a pet: a visit to come, a visit missed, or a birthday. */
export interface NoticeEntry {
  kind: 'followup' | 'missed' | 'birthday';
  /** The follow-up's id (the pet's for a birthday). */
  id: string;
  petId: string;
  petName: string;
  purpose: string;
  time: string | null;
}

/** The messages kinds this file writes (and reads back to merge). */
export const NOTICE_KINDS = ['reminder', 'overdue'] as const;

export interface OwnerDay {
  date: string;
  ownerId: string;
  ownerName: string;
  email: string | null;
  entries: NoticeEntry[];
}

export type Outcome = 'queued' | 'unreachable' | 'already';

/** A reminder item as a notice entry; `missed`: the follow-up was missed (absentee notice). */
export function toEntry(i: ReminderItem, missed = false): NoticeEntry {
  const kind = i.kind === 'birthday' ? 'birthday' : missed ? 'missed' : 'followup';
  return { kind, id: i._id, petId: i.petId, petName: i.petName, purpose: i.purpose, time: i.time };
}

/** Groups items by owner and day, in the items' order. */
export function groupByOwnerDay(items: readonly ReminderItem[], missed = false): OwnerDay[] {
  const groups = new Map<string, OwnerDay>();
  for (const it of items) {
    const key = `${it.scheduledDate}:${it.ownerId}`;
    let g = groups.get(key);
    if (!g) {
      g = { date: it.scheduledDate, ownerId: it.ownerId, ownerName: it.ownerName, email: it.email?.trim() || null, entries: [] };
      groups.set(key, g);
    }
    g.entries.push(toEntry(it, missed));
  }
  return [...groups.values()];
}

/* ───────────── the message ───────────── */

const weekday = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const joinNames = (names: string[]) => {
  const u = [...new Set(names)];
  return u.length <= 1 ? (u[0] ?? '') : `${u.slice(0, -1).join(', ')} and ${u.at(-1)}`;
};

const contact = (ctx: AppContext) => {
  const b = ctx.config.business;
  return `${b.phone}${b.email ? ` or write to ${b.email}` : ''}`;
};

const line = (e: NoticeEntry) => `- ${e.petName}: ${e.purpose}${e.time ? ` at ${formatTime12(e.time)}` : ''}`;

/** The one message for an owner's day: missed visits, visits to come, birthday greetings. */
export function ownerDayMessage(ctx: AppContext, g: OwnerDay): Pick<OutgoingEmail, 'subject' | 'body'> {
  const biz = ctx.config.business.name;
  const day = `${weekday(g.date)}, ${formatDate(g.date)}`;
  const of = (kind: NoticeEntry['kind']) => g.entries.filter((e) => e.kind === kind);
  const [missed, visits, birthdays] = [of('missed'), of('followup'), of('birthday')];
  const lines: string[] = [`Dear ${g.ownerName},`, ''];
  if (missed.length) {
    lines.push(`We missed you at ${biz} on ${day}:`, '', ...missed.map(line), '');
    lines.push(`Please call us on ${contact(ctx)} to book a new time so the follow-up is not missed.`, '');
  }
  if (visits.length) {
    lines.push(`This is a friendly reminder from ${biz} about ${day}:`, '', ...visits.map(line), '');
  }
  for (const b of birthdays) {
    lines.push(`Happy Birthday to ${b.petName} on ${day}! Wishing ${b.petName} a wonderful year from all of us at ${biz}.`);
  }
  if (birthdays.length) lines.push('');
  if (visits.length) lines.push(`If you need to change the time, please call us on ${contact(ctx)}.`, '');
  lines.push(['Warm regards,', biz, ctx.config.business.address].join('\n'));
  const on = formatDate(g.date);
  const names = (es: NoticeEntry[]) => joinNames(es.map((e) => e.petName));
  const subject =
    missed.length && (visits.length || birthdays.length)
      ? `${biz}: ${names(g.entries)} on ${on}`
      : missed.length
        ? `${biz}: ${names(missed)} missed a follow-up on ${on}`
        : visits.length
          ? `${biz}: reminder for ${names(g.entries)} on ${on}`
          : `${biz}: Happy Birthday, ${names(g.entries)}!`;
  return { subject, body: lines.join('\n') };
}

/* ───────────── merging with what the owner was already sent that day ───────────── */

const entryKey = (e: NoticeEntry) => `${e.kind === 'birthday' ? 'birthday' : 'followup'}:${e.id}`;

/** The entries a stored message holds (older messages carry no petId: their pet is known by name). */
function entriesOf(row: NotificationRow): NoticeEntry[] {
  const items = (row.meta as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((i) => {
    if (!i || typeof i !== 'object') return [];
    const e = i as Partial<NoticeEntry>;
    const kind = e.kind === 'birthday' ? 'birthday' : row.kind === 'overdue' || e.kind === 'missed' ? 'missed' : 'followup';
    return [
      {
        kind,
        id: String(e.id),
        petId: String(e.petId ?? ''),
        petName: String(e.petName ?? ''),
        purpose: String(e.purpose ?? ''),
        time: e.time ?? null,
      },
    ];
  });
}

const samePet = (a: NoticeEntry, b: NoticeEntry) => (a.petId && b.petId ? a.petId === b.petId : a.petName === b.petName);

/** Both lists in one, each follow-up once: a missed one wins over its reminder. Order: time, then pet. */
export function mergeEntries(a: readonly NoticeEntry[], b: readonly NoticeEntry[]): NoticeEntry[] {
  const byKey = new Map<string, NoticeEntry>();
  for (const e of [...a, ...b]) {
    const had = byKey.get(entryKey(e));
    if (!had || (e.kind === 'missed' && had.kind !== 'missed')) byKey.set(entryKey(e), e);
  }
  return [...byKey.values()].sort(
    (x, y) =>
      (x.time ?? '99:99').localeCompare(y.time ?? '99:99') || x.petName.localeCompare(y.petName) || x.id.localeCompare(y.id),
  );
}

const sameEntries = (a: readonly NoticeEntry[], b: readonly NoticeEntry[]) => {
  const key = (e: NoticeEntry) => `${entryKey(e)}:${e.kind}`;
  const ka = new Set(a.map(key));
  return ka.size === new Set(b.map(key)).size && b.every((e) => ka.has(key(e)));
};

const UNSENT = new Set(['queued', 'unreachable']);

/** The email of an owner's day, with its entries (a message kind: overdue when it tells of a missed visit). */
function outgoing(ctx: AppContext, g: OwnerDay, entries: NoticeEntry[], dedupeKey: string): OutgoingEmail {
  const whole = { ...g, entries };
  return {
    dedupeKey,
    kind: entries.some((e) => e.kind === 'missed') ? 'overdue' : 'reminder',
    refDate: g.date,
    ownerId: g.ownerId,
    ownerName: g.ownerName,
    toAddress: g.email,
    ...ownerDayMessage(ctx, whole),
    meta: { items: entries },
  };
}

/** Sends one owner's day, given the messages already written about it (oldest first). */
async function sendOwnerDay(ctx: AppContext, tx: DbOrTx, g: OwnerDay, earlier: NotificationRow[], kind: string) {
  const unreachable = !g.email;
  const unsent = earlier.find((r) => UNSENT.has(r.status));
  if (unsent) {
    const had = entriesOf(unsent);
    const wanted = g.entries.filter(
      (e) => !earlier.some((r) => r !== unsent && !UNSENT.has(r.status) && entriesOf(r).some((x) => samePet(x, e))),
    );
    const merged = mergeEntries(had, wanted);
    const gainsAddress = unsent.status === 'unreachable' && !unreachable;
    if (sameEntries(had, merged) && !gainsAddress) return unreachable ? 'unreachable' : 'already';
    const m = outgoing(ctx, g, merged, unsent.dedupeKey ?? '');
    if (await ownerMessages.rewrite(tx, unsent, m)) return unreachable ? 'unreachable' : 'queued';
    // A worker took it meanwhile: it went out as it was.
    earlier = earlier.map((r) => (r === unsent ? { ...r, status: 'sending' } : r));
  }
  const gone = earlier.flatMap((r) => (UNSENT.has(r.status) ? [] : entriesOf(r)));
  const fresh = mergeEntries(
    [],
    g.entries.filter((e) => !gone.some((x) => samePet(x, e))),
  );
  if (fresh.length === 0) return 'already';
  const key = `${kind}:${g.date}:${g.ownerId}`;
  const taken = new Set(earlier.map((r) => r.dedupeKey));
  await ownerMessages.add(tx, outgoing(ctx, g, fresh, taken.has(key) ? `${key}:${earlier.length + 1}` : key));
  return unreachable ? 'unreachable' : 'queued';
}

/**
 * Queues the owner days' messages in the caller's transaction, merging with what each owner was already sent about
 * that day, and answers what became of each.
 */
export async function sendOwnerDays(
  ctx: AppContext,
  tx: DbOrTx,
  kind: (typeof NOTICE_KINDS)[number],
  groups: OwnerDay[],
  message: string,
): Promise<SendRemindersResponse> {
  await ownerMessages.lock(tx, groups);
  const dates = groups.map((g) => g.date).sort();
  const rows = await ownerMessages.find(tx, {
    ownerIds: groups.map((g) => g.ownerId),
    from: dates[0] ?? '',
    to: dates.at(-1) ?? '',
    kinds: NOTICE_KINDS,
  });
  const recipients: SendRemindersResponse['recipients'] = [];
  for (const g of groups) {
    const earlier = rows.filter((r) => r.ownerId === g.ownerId && r.refDate === g.date);
    const outcome: Outcome = await sendOwnerDay(ctx, tx, g, earlier, kind);
    recipients.push({ ownerId: g.ownerId, ownerName: g.ownerName, date: g.date, toAddress: g.email, outcome });
  }
  const count = (o: Outcome) => recipients.filter((r) => r.outcome === o).length;
  return {
    success: true,
    message,
    queued: count('queued'),
    unreachable: count('unreachable'),
    alreadySent: count('already'),
    recipients,
  };
}

import {
  addDays,
  formatDate,
  type RemindVaccinationsResponse,
  remindVaccinationsMessage,
  VACCINATIONS_DUE_GROUP_MAX,
  VACCINATIONS_OVERDUE_MAX_DAYS,
  type VaccinationDueRow as DueRowAnswer,
  type VaccinationsDueResponse,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { enqueueEmails, type OutgoingEmail, ownerMessages } from '../notifications/notifications.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { type VaccinationDueRow, vaccinationsDueBetween } from '../pets/vaccinations-due.service.ts';

/**
 * 'Vaccinations due' (issue 11): the vaccinations overdue (at most a year back), due today and due in the next
 * days, each group bounded; and 'Remind owner': one email per owner per day through the outbox (dedupe key per
 * owner and date) listing the due vaccinations of all the owner's pets.
 */

export const VACCINES_DUE_KIND = 'vaccines_due';
/** An owner's email lists at most this many due vaccinations (a year overdue to 90 days ahead). */
const MAX_PER_REMIND = 5000;

const dedupeKey = (today: string, ownerId: string) => `${VACCINES_DUE_KIND}:${today}:${ownerId}`;

/** Owners (of these) who were sent, or are being sent, today's vaccinations email. */
async function remindedToday(db: DbOrTx, ownerIds: string[], today: string): Promise<Set<string>> {
  const rows = await ownerMessages.find(db, { ownerIds, from: today, to: today, kinds: [VACCINES_DUE_KIND] });
  return new Set(rows.filter((r) => r.status !== 'unreachable').map((r) => r.ownerId!));
}

function answerRow(r: VaccinationDueRow, reminded: Set<string>): DueRowAnswer {
  return {
    _id: r.id,
    petId: r.petId,
    petName: r.petName,
    species: r.species,
    ownerId: r.ownerId,
    ownerName: r.ownerName,
    phone: r.ownerPhone,
    email: r.ownerEmail,
    vaccine: r.name,
    numberOfDose: r.numberOfDose,
    nextDue: r.nextDue,
    remindedToday: reminded.has(r.ownerId),
  };
}

export async function vaccinationsDue(ctx: AppContext, days: number): Promise<VaccinationsDueResponse> {
  const today = ctx.clock.today();
  const limit = VACCINATIONS_DUE_GROUP_MAX + 1;
  const [overdue, dueToday, upcoming] = await Promise.all([
    vaccinationsDueBetween(ctx.db, { from: addDays(today, -VACCINATIONS_OVERDUE_MAX_DAYS), to: addDays(today, -1), limit }),
    vaccinationsDueBetween(ctx.db, { from: today, to: today, limit }),
    vaccinationsDueBetween(ctx.db, { from: addDays(today, 1), to: addDays(today, days), limit }),
  ]);
  const owners = [...new Set([...overdue, ...dueToday, ...upcoming].map((r) => r.ownerId))];
  const reminded = await remindedToday(ctx.db, owners, today);
  const group = (rows: VaccinationDueRow[]) => ({
    rows: rows.slice(0, VACCINATIONS_DUE_GROUP_MAX).map((r) => answerRow(r, reminded)),
    truncated: rows.length > VACCINATIONS_DUE_GROUP_MAX,
  });
  return { success: true, today, days, overdue: group(overdue), dueToday: group(dueToday), upcoming: group(upcoming) };
}

const joinNames = (names: string[]) => {
  const u = [...new Set(names)];
  return u.length <= 1 ? (u[0] ?? '') : `${u.slice(0, -1).join(', ')} and ${u.at(-1)}`;
};

/** One line of the email: '- Bruno: Rabies (dose 2), overdue since 1 Oct 2026'. */
function dueLine(r: VaccinationDueRow, today: string): string {
  const dose = r.numberOfDose !== null ? ` (dose ${r.numberOfDose})` : '';
  const when =
    r.nextDue < today
      ? `overdue since ${formatDate(r.nextDue)}`
      : r.nextDue === today
        ? 'due today'
        : `due on ${formatDate(r.nextDue)}`;
  return `- ${r.petName}: ${r.name}${dose}, ${when}`;
}

/** The email to one owner about their pets' due vaccinations. */
export function vaccinesDueEmail(ctx: AppContext, today: string, rows: VaccinationDueRow[]): OutgoingEmail {
  const b = ctx.config.business;
  const first = rows[0]!;
  const contact = `${b.phone}${b.email ? ` or write to ${b.email}` : ''}`;
  const body = [
    `Dear ${first.ownerName},`,
    '',
    `This is a reminder from ${b.name} that these vaccinations are due:`,
    '',
    ...rows.map((r) => dueLine(r, today)),
    '',
    `Please call us on ${contact} to book a visit; our vets can vaccinate on site.`,
    '',
    ['Warm regards,', b.name, b.address].join('\n'),
  ].join('\n');
  return {
    dedupeKey: dedupeKey(today, first.ownerId),
    kind: VACCINES_DUE_KIND,
    refDate: today,
    ownerId: first.ownerId,
    ownerName: first.ownerName,
    toAddress: first.ownerEmail?.trim() || null,
    subject: `${b.name}: vaccinations due for ${joinNames(rows.map((r) => r.petName))}`,
    body,
    meta: { items: rows.map((r) => ({ id: r.id, petId: r.petId, petName: r.petName, vaccine: r.name, nextDue: r.nextDue })) },
  };
}

/**
 * 'Remind owner': for each owner of the named pets, one email today listing the due vaccinations (a year overdue to
 * `days` ahead) of all their pets. An owner already emailed today is not emailed again. 404 when a pet is unknown.
 */
export async function remindVaccinationsDue(
  ctx: AppContext,
  q: { petIds: string[]; days: number },
): Promise<RemindVaccinationsResponse> {
  const today = ctx.clock.today();
  const found = await petsWithOwnersByIds(ctx.db, q.petIds);
  if (q.petIds.some((id) => !found.has(id))) throw notFound('Pet');
  const ownerIds = [...new Set([...found.values()].map((p) => p.owner.id))];
  return ctx.db.transaction(async (tx) => {
    const due = await vaccinationsDueBetween(tx, {
      from: addDays(today, -VACCINATIONS_OVERDUE_MAX_DAYS),
      to: addDays(today, q.days),
      limit: MAX_PER_REMIND,
      ownerIds,
    });
    const byOwner = new Map<string, VaccinationDueRow[]>();
    for (const r of due) byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), r]);
    const emails = [...byOwner.values()].map((rows) => vaccinesDueEmail(ctx, today, rows));
    const outcomes = await enqueueEmails(tx, emails);
    const count = (o: string) => [...outcomes.values()].filter((x) => x === o).length;
    const counts = { queued: count('queued'), alreadySent: count('already'), noEmail: count('unreachable') };
    return {
      success: true as const,
      message: remindVaccinationsMessage(counts),
      ...counts,
      nothingDue: ownerIds.length - byOwner.size,
    };
  });
}

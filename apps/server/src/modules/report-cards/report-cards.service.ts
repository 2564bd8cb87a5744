import {
  ACTIVITY_LABELS,
  type CreateIncidentBody,
  type CreateReportCardBody,
  type CustomerReportCardsResponse,
  formatDate,
  formatDateTime,
  INCIDENT_KIND_LABELS,
  INCIDENT_MESSAGES,
  type Incident,
  type IncidentKind,
  isIsoDate,
  MOOD_LABELS,
  photoOf,
  REPORT_CARD_MESSAGES,
  REPORT_PHOTOS_MAX,
  type ReportCard,
  type ReportCardsTodayResponse,
  type ReportStay,
  type ReportStayResponse,
  type UpdateReportCardBody,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { decodeKeyset, pageBy } from '../../lib/cursor.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound, pgCode, pgConstraint } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById } from '../auth/auth.service.ts';
import { boardingById, type DeboardRow } from '../boarding/stay-records.service.ts';
import { staysInHouse } from '../boarding/stays-in-house.service.ts';
import { careDaySummary, registerReportCardStatus, registerRunCardIncidents } from '../care/care-ports.service.ts';
import { deleteImage, prepareImage, saveImage, signedMediaPath } from '../media/media.service.ts';
import { notifyOwner } from '../notifications/owner-inbox.service.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { petExists, type PetWithOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import { visitTypeById } from '../visit-types/visit-types.service.ts';
import {
  cardsOfStaysOn,
  findCardOfStayDay,
  findIncident,
  findReportCard,
  incidentCounts,
  incidentsOfPet,
  incidentsOfStay,
  type IncidentRow,
  insertIncident,
  insertReportCard,
  markCardSent,
  markOwnerTold,
  pageSentCardsOfOwner,
  type ReportCardRow,
  STAY_DAY_UQ,
  updateIncident,
  updateReportCard,
} from './report-cards.repo.ts';

/** Signed photo links in a report card's email open for this long (issue 20). */
export const PHOTO_LINK_DAYS = 7;
/** A phone's clock a little ahead of the server's is not "the future" (an incident recorded as it happens). */
const FUTURE_TOLERANCE_MS = 2 * 60_000;

// ---------------------------------------------------------------- the care module's view of report cards

// Registered at load: the care board shows which stays lack today's card; a run card lists the stay's incidents.
registerReportCardStatus(async (db, boardingIds, day) => {
  const rows = await cardsOfStaysOn(db, boardingIds, day);
  return new Set(rows.map((r) => r.boardingId));
});
registerRunCardIncidents(async (db, boardingId) =>
  (await incidentsOfStay(db, boardingId)).map((r) => ({
    at: r.occurredAt.toISOString(),
    kind: INCIDENT_KIND_LABELS[r.kind as IncidentKind] ?? r.kind,
    summary: `${r.whatHappened} — Action: ${r.actionTaken}`,
  })),
);

// ---------------------------------------------------------------- views

async function petOf(db: DbOrTx, petId: string): Promise<PetWithOwner> {
  const pet = (await petsWithOwnersByIds(db, [petId])).get(petId);
  if (!pet) throw notFound('Pet');
  return pet;
}

function toCard(r: ReportCardRow, petName: string): ReportCard {
  return {
    _id: r.id,
    boardingId: r.boardingId,
    petId: r.petId,
    petName,
    day: r.day,
    mood: r.mood,
    activity: r.activity,
    note: r.note,
    photos: r.photos.map(photoOf),
    summary: r.summary,
    state: r.sentAt ? 'sent' : 'draft',
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Staff names by id (the few people on a stay's incidents). */
async function staffNames(db: DbOrTx, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set([...ids].filter((x): x is string => !!x))) {
    const u = await findUserById(db, id);
    if (u) names.set(id, u.fullName);
  }
  return names;
}

async function toIncidents(db: DbOrTx, rows: IncidentRow[]): Promise<Incident[]> {
  const pets = await petsWithOwnersByIds(
    db,
    rows.map((r) => r.petId),
  );
  const names = await staffNames(
    db,
    rows.flatMap((r) => [r.createdBy, r.ownerToldBy]),
  );
  return rows.map((r) => ({
    _id: r.id,
    boardingId: r.boardingId,
    petId: r.petId,
    petName: pets.get(r.petId)?.name ?? '',
    kind: r.kind as IncidentKind,
    whatHappened: r.whatHappened,
    actionTaken: r.actionTaken,
    occurredAt: r.occurredAt.toISOString(),
    photos: r.photos.map(photoOf),
    recordedBy: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
    ownerToldAt: r.ownerToldAt?.toISOString() ?? null,
    ownerToldBy: r.ownerToldBy ? (names.get(r.ownerToldBy) ?? null) : null,
  }));
}

/** GET /report-cards/today: every pet in house with today's card state (missing / draft / sent). */
export async function reportCardsToday(ctx: AppContext): Promise<ReportCardsTodayResponse> {
  const day = ctx.clock.today();
  const stays = await staysInHouse(ctx.db);
  const ids = stays.map((s) => s.row.id);
  const [cards, counts, pets] = [
    await cardsOfStaysOn(ctx.db, ids, day),
    await incidentCounts(ctx.db, ids),
    await petsWithOwnersByIds(
      ctx.db,
      stays.map((s) => s.row.petId),
    ),
  ];
  const cardOf = new Map(cards.map((c) => [c.boardingId, c]));
  const list = stays.map(({ row, purpose }): ReportStay => {
    const c = cardOf.get(row.id);
    const pet = pets.get(row.petId);
    return {
      boardingId: row.id,
      petId: row.petId,
      petName: pet?.name ?? '',
      ownerName: pet?.owner.name ?? '',
      boardingType: purpose,
      entryTime: row.entryTime.toISOString(),
      isBoarded: row.isBoarded,
      card: c ? { _id: c.id, state: c.sentAt ? 'sent' : 'draft' } : null,
      incidents: counts.get(row.id) ?? 0,
    };
  });
  list.sort((a, b) => a.petName.localeCompare(b.petName));
  return { success: true, day, stays: list };
}

async function requireStay(db: DbOrTx, boardingId: string, lock = false): Promise<DeboardRow> {
  const stay = await boardingById(db, boardingId, lock);
  if (!stay) throw notFound('Stay');
  return stay;
}

/** GET /report-cards/stays/{id}: a stay (open or closed) with today's card and its incidents, newest first. */
export async function reportStay(ctx: AppContext, boardingId: string): Promise<ReportStayResponse> {
  const day = ctx.clock.today();
  const stay = await requireStay(ctx.db, boardingId);
  const pet = await petOf(ctx.db, stay.petId);
  const [type, card, incidentRows] = [
    await visitTypeById(ctx.db, stay.visitTypeId),
    await findCardOfStayDay(ctx.db, stay.id, day),
    await incidentsOfStay(ctx.db, stay.id),
  ];
  return {
    success: true,
    day,
    stay: {
      boardingId: stay.id,
      petId: stay.petId,
      petName: pet.name,
      ownerName: pet.owner.name,
      boardingType: type?.purpose ?? '',
      entryTime: stay.entryTime.toISOString(),
      isBoarded: stay.isBoarded,
      card: card ? { _id: card.id, state: card.sentAt ? 'sent' : 'draft' } : null,
      incidents: incidentRows.length,
    },
    card: card ? toCard(card, pet.name) : null,
    incidents: (await toIncidents(ctx.db, incidentRows)).reverse(),
  };
}

// ---------------------------------------------------------------- report cards

const summaryOf = async (db: DbOrTx, boardingId: string, day: string) => (await careDaySummary(db, boardingId, day)).text;

/**
 * POST /report-cards: today's card for a stay in house. A second card for the stay and day is a 409 (checked first
 * for the message; the unique index report_cards_stay_day_uq decides when two staff save at once).
 */
export async function createReportCard(ctx: AppContext, body: CreateReportCardBody, userId: string): Promise<ReportCard> {
  const day = ctx.clock.today();
  try {
    return await ctx.db.transaction(async (tx) => {
      const stay = await requireStay(tx, body.boardingId);
      if (!stay.isBoarded) throw conflict(REPORT_CARD_MESSAGES.notInHouse);
      const existing = await findCardOfStayDay(tx, stay.id, day);
      if (existing) throw conflict(REPORT_CARD_MESSAGES.duplicate, { cardId: existing.id });
      const pet = await petOf(tx, stay.petId);
      const row = await insertReportCard(tx, {
        boardingId: stay.id,
        petId: stay.petId,
        ownerId: pet.owner.id,
        day,
        mood: body.mood,
        activity: body.activity,
        note: body.note ?? null,
        summary: await summaryOf(tx, stay.id, day),
        createdBy: userId,
        updatedBy: userId,
      });
      return toCard(row, pet.name);
    });
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === STAY_DAY_UQ) {
      const winner = await findCardOfStayDay(ctx.db, body.boardingId, day);
      throw conflict(REPORT_CARD_MESSAGES.duplicate, winner ? { cardId: winner.id } : undefined);
    }
    throw err;
  }
}

/** A card to change: locked, and not sent (a sent card is final: docs/decisions.md "Report cards: sent is final"). */
async function draftCard(tx: DbOrTx, id: string): Promise<ReportCardRow> {
  const card = await findReportCard(tx, id, true);
  if (!card) throw notFound('Report card');
  if (card.sentAt) throw conflict(REPORT_CARD_MESSAGES.sentLocked);
  return card;
}

async function cardView(db: DbOrTx, row: ReportCardRow): Promise<ReportCard> {
  return toCard(row, (await petOf(db, row.petId)).name);
}

/** PUT /report-cards/{id}: mood, activity and note of a card not sent yet; the summary is read again. */
export async function editReportCard(ctx: AppContext, id: string, body: UpdateReportCardBody, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const card = await draftCard(tx, id);
    const row = await updateReportCard(tx, id, {
      mood: body.mood,
      activity: body.activity,
      note: body.note ?? null,
      summary: await summaryOf(tx, card.boardingId, card.day),
      updatedBy: userId,
    });
    return cardView(tx, row);
  });
}

/** POST /report-cards/{id}/photos: adds a photo (at most 4); the owner may see it (the pet's owner). */
export async function addReportCardPhoto(ctx: AppContext, id: string, bytes: Uint8Array, userId: string) {
  // The photo is checked and resized (a few hundred ms) before the card is locked, so no other edit waits on it; the
  // card's owner never changes, and the rules are checked again under the lock.
  const before = await findReportCard(ctx.db, id, false);
  if (!before) throw notFound('Report card');
  const prepared = await prepareImage(bytes, { scope: `report-card:${id}`, ownerId: before.ownerId, userId });
  return ctx.db.transaction(async (tx) => {
    const card = await draftCard(tx, id);
    if (card.photos.length >= REPORT_PHOTOS_MAX) throw conflict(REPORT_CARD_MESSAGES.photoLimit);
    const photo = await saveImage(tx, prepared);
    const photos = card.photos.includes(photo.hash) ? card.photos : [...card.photos, photo.hash];
    const row = await updateReportCard(tx, id, {
      photos,
      summary: await summaryOf(tx, card.boardingId, card.day),
      updatedBy: userId,
    });
    return cardView(tx, row);
  });
}

/** DELETE /report-cards/{id}/photos/{hash}: removes a photo of a card not sent yet. */
export async function removeReportCardPhoto(ctx: AppContext, id: string, hash: string, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const card = await draftCard(tx, id);
    if (!card.photos.includes(hash)) throw new AppError(404, REPORT_CARD_MESSAGES.photoMissing);
    await deleteImage(tx, hash);
    const row = await updateReportCard(tx, id, { photos: card.photos.filter((h) => h !== hash), updatedBy: userId });
    return cardView(tx, row);
  });
}

/** The site's address for links in emails (as the password reset's). */
const siteUrl = (ctx: AppContext) => (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/$/, '');

/** The report card's email: the summary, mood and activity, the note, and each photo as a signed link (7 days). */
export function reportCardEmail(ctx: AppContext, card: ReportCardRow, pet: PetWithOwner, now: Date) {
  const expires = new Date(now.getTime() + PHOTO_LINK_DAYS * 86_400_000);
  const links = card.photos.map(
    (h, i) => `Photo ${i + 1}: ${siteUrl(ctx)}/api/v1${signedMediaPath(ctx.config.jwtSecret, h, 'display', expires)}`,
  );
  const lines = [
    `Dear ${pet.owner.name},`,
    '',
    `Here is ${pet.name}'s report card for ${formatDate(card.day)}.`,
    '',
    `Mood: ${card.mood}/5 (${MOOD_LABELS[card.mood] ?? ''})`,
    `Activity: ${card.activity}/5 (${ACTIVITY_LABELS[card.activity] ?? ''})`,
    ...(card.summary ? ['', `The day: ${card.summary}`] : []),
    ...(card.note ? ['', card.note] : []),
    ...(links.length
      ? ['', `Photos (the links open without signing in until ${formatDate(expires.toISOString(), ctx.config.tz)}):`, ...links]
      : []),
    '',
    `You can also see ${pet.name}'s report cards in your account: ${siteUrl(ctx)}/customer/reportcards`,
    '',
    ctx.config.business.name,
  ];
  return { subject: `${pet.name}'s report card for ${formatDate(card.day)}`, body: lines.join('\n') };
}

/**
 * POST /report-cards/{id}/send: emails the card to the owner (outbox) and puts it in their inbox, once. Sending a
 * sent card again changes nothing (200, `emailed: false`). An owner without an email address gets the inbox entry
 * and the answer says no email went out.
 */
export async function sendReportCard(ctx: AppContext, id: string, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const found = await findReportCard(tx, id, true);
    if (!found) throw notFound('Report card');
    const pet = await petOf(tx, found.petId);
    if (found.sentAt) {
      return { card: toCard(found, pet.name), emailed: false, message: REPORT_CARD_MESSAGES.alreadySent };
    }
    const now = ctx.clock.now();
    await updateReportCard(tx, id, { summary: await summaryOf(tx, found.boardingId, found.day) });
    const row = await markCardSent(tx, id, now, userId);
    if (!row) throw conflict(REPORT_CARD_MESSAGES.alreadySent);
    const email = reportCardEmail(ctx, row, pet, now);
    const told = await notifyOwner(tx, {
      ownerId: row.ownerId,
      kind: 'report_card',
      title: `${pet.name}'s report card for ${formatDate(row.day)}`,
      body: `Mood ${row.mood}/5, activity ${row.activity}/5.${row.summary ? ` ${row.summary}` : ''}${row.note ? ` ${row.note}` : ''}`,
      link: '/customer/reportcards',
      refs: { reportCardId: row.id, petId: row.petId },
      dedupeKey: `report-card:${row.id}`,
      now,
      refDate: row.day,
      email,
    });
    await recordAudit(tx, {
      actorId: userId,
      action: 'report_card.send',
      entity: 'report_card',
      entityId: row.id,
      after: { day: row.day, petId: row.petId, emailed: told.emailed, photos: row.photos.length },
    });
    return {
      card: toCard(row, pet.name),
      emailed: told.emailed,
      message: told.emailed ? REPORT_CARD_MESSAGES.sent : REPORT_CARD_MESSAGES.noEmail,
    };
  });
}

/** GET /customer/report-cards: the caller's own pets' sent cards, newest first (another owner's pet: none). */
export async function customerReportCards(
  db: DbOrTx,
  userId: string,
  q: { petId?: string; limit: number; cursor?: string },
): Promise<CustomerReportCardsResponse> {
  const after = q.cursor ? decodeKeyset(q.cursor, isIsoDate) : undefined;
  const owner = await customerOwnerOf(db, userId);
  if (!owner) return { success: true, cards: [], nextCursor: null };
  const rows = await pageSentCardsOfOwner(db, { ownerId: owner.id, petId: q.petId, limit: q.limit, after });
  const { rows: pageRows, nextCursor } = pageBy(rows, q.limit, (r) => r.day);
  const pets = await petsWithOwnersByIds(
    db,
    pageRows.map((r) => r.petId),
  );
  return { success: true, cards: pageRows.map((r) => toCard(r, pets.get(r.petId)?.name ?? '')), nextCursor };
}

// ---------------------------------------------------------------- incidents

/** When an incident happened: default now; not in the future, not before the stay began (400 otherwise). */
export function incidentTime(occurredAt: string | null | undefined, now: Date, stayEntry: Date): Date {
  const at = occurredAt ? new Date(occurredAt) : now;
  if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw badRequest(INCIDENT_MESSAGES.future, { occurredAt: INCIDENT_MESSAGES.future });
  }
  if (at.getTime() < stayEntry.getTime()) {
    throw badRequest(INCIDENT_MESSAGES.beforeStay, { occurredAt: INCIDENT_MESSAGES.beforeStay });
  }
  return at;
}

const excerpt = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** POST /incidents: records an incident on a stay in house and tells the admins at once (staff notification). */
export async function recordIncident(ctx: AppContext, body: CreateIncidentBody, userId: string): Promise<Incident> {
  return ctx.db.transaction(async (tx) => {
    const stay = await requireStay(tx, body.boardingId);
    if (!stay.isBoarded) throw conflict(INCIDENT_MESSAGES.notInHouse);
    const now = ctx.clock.now();
    const occurredAt = incidentTime(body.occurredAt, now, stay.entryTime);
    const pet = await petOf(tx, stay.petId);
    const row = await insertIncident(tx, {
      boardingId: stay.id,
      petId: stay.petId,
      ownerId: pet.owner.id,
      kind: body.kind,
      whatHappened: body.whatHappened,
      actionTaken: body.actionTaken,
      occurredAt,
      createdBy: userId,
    });
    const label = INCIDENT_KIND_LABELS[body.kind];
    await raiseStaffNotification(tx, {
      kind: 'incident',
      audience: 'admin',
      title: `Incident: ${pet.name} (${label})`,
      body: `${formatDateTime(occurredAt.toISOString(), ctx.config.tz)}: ${excerpt(body.whatHappened)} Action taken: ${excerpt(body.actionTaken)}`,
      link: `/staff/reportcards/${stay.id}`,
      ownerId: pet.owner.id,
      refs: { incidentId: row.id, boardingId: stay.id, petId: stay.petId },
      dedupeKey: `incident:${row.id}`,
      now,
    });
    await recordAudit(tx, {
      actorId: userId,
      action: 'incident.create',
      entity: 'incident',
      entityId: row.id,
      after: { boardingId: stay.id, petId: stay.petId, kind: body.kind, occurredAt: occurredAt.toISOString() },
    });
    return (await toIncidents(tx, [row]))[0]!;
  });
}

async function lockedIncident(tx: DbOrTx, id: string): Promise<IncidentRow> {
  const row = await findIncident(tx, id, true);
  if (!row) throw notFound('Incident');
  return row;
}

/** POST /incidents/{id}/photos: adds a photo (at most 4), staff only (an injury's photo is not sent to the owner). */
export async function addIncidentPhoto(ctx: AppContext, id: string, bytes: Uint8Array, userId: string): Promise<Incident> {
  // Resized before the incident is locked (as a report card's photo).
  if (!(await findIncident(ctx.db, id, false))) throw notFound('Incident');
  const prepared = await prepareImage(bytes, { scope: `incident:${id}`, ownerId: null, userId });
  return ctx.db.transaction(async (tx) => {
    const inc = await lockedIncident(tx, id);
    if (inc.photos.length >= REPORT_PHOTOS_MAX) throw conflict(INCIDENT_MESSAGES.photoLimit);
    const photo = await saveImage(tx, prepared);
    const photos = inc.photos.includes(photo.hash) ? inc.photos : [...inc.photos, photo.hash];
    const row = await updateIncident(tx, id, { photos });
    return (await toIncidents(tx, [row]))[0]!;
  });
}

/** DELETE /incidents/{id}/photos/{hash} */
export async function removeIncidentPhoto(ctx: AppContext, id: string, hash: string): Promise<Incident> {
  return ctx.db.transaction(async (tx) => {
    const inc = await lockedIncident(tx, id);
    if (!inc.photos.includes(hash)) throw new AppError(404, INCIDENT_MESSAGES.photoMissing);
    await deleteImage(tx, hash);
    const row = await updateIncident(tx, id, { photos: inc.photos.filter((h) => h !== hash) });
    return (await toIncidents(tx, [row]))[0]!;
  });
}

/**
 * POST /incidents/{id}/tell-owner: an inbox entry and an email (outbox) to the pet's owner, once; who and when are
 * kept. A second time is a 409 naming when and by whom.
 */
export async function tellOwner(ctx: AppContext, id: string, userId: string) {
  return ctx.db.transaction(async (tx) => {
    const inc = await lockedIncident(tx, id);
    if (inc.ownerToldAt) {
      const by = (await staffNames(tx, [inc.ownerToldBy])).get(inc.ownerToldBy ?? '') ?? 'a staff member';
      throw conflict(INCIDENT_MESSAGES.alreadyTold(formatDateTime(inc.ownerToldAt.toISOString(), ctx.config.tz), by));
    }
    const now = ctx.clock.now();
    const pet = await petOf(tx, inc.petId);
    const label = INCIDENT_KIND_LABELS[inc.kind as IncidentKind] ?? inc.kind;
    const when = formatDateTime(inc.occurredAt.toISOString(), ctx.config.tz);
    const body = `${label} during ${pet.name}'s stay, ${when}.\n\nWhat happened: ${inc.whatHappened}\n\nAction taken: ${inc.actionTaken}\n\nPlease call us if you have any questions.`;
    const told = await notifyOwner(tx, {
      ownerId: inc.ownerId,
      kind: 'incident',
      title: `${pet.name}: an incident during the stay`,
      body,
      link: null,
      refs: { incidentId: inc.id, petId: inc.petId },
      dedupeKey: `incident-told:${inc.id}`,
      now,
      refDate: ctx.clock.today(),
      email: {
        subject: `${pet.name}: an incident during the stay`,
        body: `Dear ${pet.owner.name},\n\n${body}\n\n${ctx.config.business.name}`,
      },
    });
    const row = await markOwnerTold(tx, id, now, userId);
    if (!row) throw conflict(INCIDENT_MESSAGES.alreadyTold(when, 'a staff member'));
    await recordAudit(tx, {
      actorId: userId,
      action: 'incident.tell_owner',
      entity: 'incident',
      entityId: id,
      after: { ownerToldAt: now.toISOString(), emailed: told.emailed },
    });
    return {
      incident: (await toIncidents(tx, [row]))[0]!,
      message: told.emailed
        ? INCIDENT_MESSAGES.told
        : `${INCIDENT_MESSAGES.told} ${REPORT_CARD_MESSAGES.noEmail.split(':')[0]}: only their inbox has it.`,
    };
  });
}

/** GET /pets/{id}/incidents: a pet's incidents over all its stays, newest first (the pet's history). */
export async function petIncidents(db: DbOrTx, petId: string): Promise<Incident[]> {
  if (!(await petExists(db, petId))) throw notFound('Pet');
  return toIncidents(db, await incidentsOfPet(db, petId, 200));
}

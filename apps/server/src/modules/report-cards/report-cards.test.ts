import { CONTROL_CHARS_MESSAGE, INCIDENT_MESSAGES, MEDIA_MESSAGES, REPORT_CARD_MESSAGES } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, boardings, notifications, ownerNotifications } from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { jpeg } from '../../../test/images.ts';
import { registerCareDaySummary, runCardIncidents, stayIdsWithReportCard } from '../care/care-ports.service.ts';

/**
 * Daily report cards and incidents (issue 20): the rules and messages, the owner's email with signed photo links
 * (7 days on the test clock), customer isolation of cards and photos, admins told of incidents, telling the owner once.
 */
const { t, staff, db, board, post } = useDeboardTest();
const V = '/api/v1';

// The care module registers the real day summary (merged separately); this stands in for it, so the test shows the
// card's summary comes from careDaySummary for the card's stay and day.
let restoreSummary: () => void = () => {};
beforeAll(() => {
  restoreSummary = registerCareDaySummary(async (_db, boardingId, day) => ({
    entries: [],
    text: `Care log of ${boardingId} on ${day}: ate all of breakfast.`,
  }));
});
// The next file in this worker shares the care module: it gets the real summary back.
afterAll(() => restoreSummary());
afterEach(() => t.clock.set(null));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) =>
  t.call({ method, url: `${V}${url}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const upload = async (url: string, bytes: Buffer, token = staff.token, type = 'image/jpeg') =>
  t.call({ method: 'POST', url: `${V}${url}`, token, payload: bytes, headers: { 'content-type': type } });

/** A pet of a customer account (owner linked to the user) boarded in the hostel; its stay and owner. */
async function customerStay(email: string | null = 'owner@example.in') {
  const user = await t.user('customer');
  const owner = await makeOwner(db(), { userId: user.id, email: email ?? null, name: 'Asha Rao' });
  const pet = await makePet(db(), { ownerId: owner.id, name: `Toffee${Math.random().toString(36).slice(2, 6)}` });
  const s = await board('hostel', { days: 3 }, pet.id);
  return { user, owner, pet, boardingId: s.boardingId };
}

const card = (boardingId: string, o: Record<string, unknown> = {}) =>
  call('POST', '/report-cards', staff.token, { boardingId, mood: 4, activity: 3, note: 'Played fetch.\nNapped.', ...o });

describe('report cards: writing', () => {
  it("creates today's card with the summary from the care log", async () => {
    const s = await customerStay();
    const res = await card(s.boardingId);
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().card;
    expect(c).toMatchObject({ mood: 4, activity: 3, note: 'Played fetch.\nNapped.', state: 'draft', day: t.clock.today() });
    expect(c.summary).toBe(`Care log of ${s.boardingId} on ${t.clock.today()}: ate all of breakfast.`);
    const view = await call('GET', `/report-cards/stays/${s.boardingId}`, staff.token);
    expect(view.json()).toMatchObject({ stay: { card: { _id: c._id, state: 'draft' } }, card: { _id: c._id } });
    const today = await call('GET', '/report-cards/today', staff.token);
    const row = today.json().stays.find((x: { boardingId: string }) => x.boardingId === s.boardingId);
    expect(row).toMatchObject({ petName: s.pet.name, boardingType: 'Hostel', card: { state: 'draft' } });
    // The care board's port: which stays have today's card.
    expect(await stayIdsWithReportCard(db(), [s.boardingId, '0123456789abcdef01234567'], t.clock.today())).toEqual(
      new Set([s.boardingId]),
    );
  });

  it('refuses mood and activity outside 1–5, a long note and control characters, with their messages', async () => {
    const s = await customerStay();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ mood: 0 }, 'mood', REPORT_CARD_MESSAGES.mood],
      [{ mood: 6 }, 'mood', REPORT_CARD_MESSAGES.mood],
      [{ mood: 2.5 }, 'mood', REPORT_CARD_MESSAGES.mood],
      [{ activity: 9 }, 'activity', REPORT_CARD_MESSAGES.activity],
      [{ activity: '3' }, 'activity', REPORT_CARD_MESSAGES.activity],
      [{ note: 'x'.repeat(2001) }, 'note', REPORT_CARD_MESSAGES.noteTooLong],
      [{ note: 'bad\u0007bell' }, 'note', CONTROL_CHARS_MESSAGE],
    ];
    for (const [o, field, message] of cases) {
      const res = await card(s.boardingId, o);
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(o)).toBe(message);
    }
    expect((await card(s.boardingId, { note: 'x'.repeat(2000) })).statusCode).toBe(201);
  });

  it('a second card for the same stay and day is a 409 saying to edit the first; the next day takes a new one', async () => {
    const s = await customerStay();
    const first = await card(s.boardingId);
    const second = await card(s.boardingId, { mood: 2 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: REPORT_CARD_MESSAGES.duplicate, cardId: first.json().card._id });
    t.clock.advanceDays(1);
    expect((await card(s.boardingId)).statusCode).toBe(201);
  });

  it('a pet not in house (closed stay) is a 409; an unknown stay 404, a malformed id 400', async () => {
    const s = await customerStay();
    await db().update(boardings).set({ isBoarded: false, exitTime: new Date() }).where(eq(boardings.id, s.boardingId));
    const res = await card(s.boardingId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REPORT_CARD_MESSAGES.notInHouse);
    expect((await card('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await card('nope')).statusCode).toBe(400);
  });

  it('takes up to 4 photos, refuses a fifth and a file that is not an image, removes one', async () => {
    const s = await customerStay();
    const id = (await card(s.boardingId)).json().card._id;
    const notImage = await upload(`/report-cards/${id}/photos`, Buffer.from('not a photo at all'));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(MEDIA_MESSAGES.notImage);
    const colours = ['#102030', '#405060', '#708090', '#a0b0c0'];
    for (const c of colours) expect((await upload(`/report-cards/${id}/photos`, await jpeg(80, 60, c))).statusCode).toBe(201);
    const fifth = await upload(`/report-cards/${id}/photos`, await jpeg(80, 60, '#ffffff'));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe(REPORT_CARD_MESSAGES.photoLimit);
    const asJson = await call('POST', `/report-cards/${id}/photos`, staff.token, { photo: 'x' });
    expect(asJson.statusCode).toBe(400);
    const photos = (await call('GET', `/report-cards/stays/${s.boardingId}`, staff.token)).json().card.photos;
    expect(photos).toHaveLength(4);
    const del = await call('DELETE', `/report-cards/${id}/photos/${photos[0].hash}`, staff.token);
    expect(del.statusCode).toBe(200);
    expect(del.json().card.photos).toHaveLength(3);
    expect((await call('GET', `/media/${photos[0].hash}`, staff.token)).statusCode).toBe(404);
    const again = await call('DELETE', `/report-cards/${id}/photos/${photos[0].hash}`, staff.token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(REPORT_CARD_MESSAGES.photoMissing);
  });
});

describe('report cards: sending', () => {
  it('emails the owner the summary, scales, note and signed photo links that open for 7 days, then fail', async () => {
    const s = await customerStay('asha@example.in');
    const id = (await card(s.boardingId, { note: 'Loved the pool.' })).json().card._id;
    await upload(`/report-cards/${id}/photos`, await jpeg(90, 60));
    const sent = await call('POST', `/report-cards/${id}/send`, staff.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ emailed: true, message: REPORT_CARD_MESSAGES.sent, card: { state: 'sent' } });
    const mails = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.toAddress, 'asha@example.in'), eq(notifications.kind, 'report_card')));
    expect(mails).toHaveLength(1);
    const body = mails[0]!.body;
    expect(mails[0]!.subject).toContain(`${s.pet.name}'s report card`);
    expect(body).toContain('Mood: 4/5');
    expect(body).toContain('Activity: 3/5');
    expect(body).toContain('Loved the pool.');
    expect(body).toContain('ate all of breakfast');
    const link = body.match(/http:\/\/\S+\/api\/v1(\/media\/\S+)/)?.[1];
    expect(link).toBeDefined();
    // No token: the link itself lets the owner in, for 7 days.
    expect((await t.call({ method: 'GET', url: `${V}${link}` })).statusCode).toBe(200);
    t.clock.advanceDays(6.9);
    expect((await t.call({ method: 'GET', url: `${V}${link}` })).statusCode).toBe(200);
    t.clock.advanceDays(0.11);
    const expired = await t.call({ method: 'GET', url: `${V}${link}` });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(MEDIA_MESSAGES.linkExpired);
    // The owner's inbox has it; the send is in the audit log.
    const inbox = await db().select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, s.owner.id));
    expect(inbox.filter((r) => r.kind === 'report_card')).toHaveLength(1);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'report_card.send')));
    expect(audit).toHaveLength(1);
  });

  it('sending twice sends once; a sent card cannot be edited or get photos', async () => {
    const s = await customerStay('twice@example.in');
    const id = (await card(s.boardingId)).json().card._id;
    await call('POST', `/report-cards/${id}/send`, staff.token);
    const again = await call('POST', `/report-cards/${id}/send`, staff.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ emailed: false, message: REPORT_CARD_MESSAGES.alreadySent });
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.toAddress, 'twice@example.in'), eq(notifications.kind, 'report_card'))),
    ).toHaveLength(1);
    const edit = await call('PUT', `/report-cards/${id}`, staff.token, { mood: 1, activity: 1, note: null });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(REPORT_CARD_MESSAGES.sentLocked);
    expect((await upload(`/report-cards/${id}/photos`, await jpeg())).statusCode).toBe(409);
  });

  it('an owner without an email: the inbox entry is written and the answer says no email went out', async () => {
    const s = await customerStay(null);
    const id = (await card(s.boardingId)).json().card._id;
    const res = await call('POST', `/report-cards/${id}/send`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ emailed: false, message: REPORT_CARD_MESSAGES.noEmail });
    const inbox = await db().select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, s.owner.id));
    expect(inbox.filter((r) => r.kind === 'report_card')).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.ownerId, s.owner.id), eq(notifications.kind, 'report_card'))),
    ).toHaveLength(0);
  });

  it('edits a draft: the fields change and the summary is read again', async () => {
    const s = await customerStay();
    const id = (await card(s.boardingId)).json().card._id;
    const res = await call('PUT', `/report-cards/${id}`, staff.token, { mood: 5, activity: 5, note: '  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toMatchObject({ mood: 5, activity: 5, note: null });
    expect((await call('PUT', `/report-cards/${id}`, staff.token, { mood: 5, activity: 0 })).statusCode).toBe(400);
  });
});

describe('report cards: the customer area', () => {
  it("an owner sees their pets' sent cards newest first with photos; another owner sees none of them", async () => {
    const a = await customerStay('a-owner@example.in');
    const b = await customerStay('b-owner@example.in');
    const first = (await card(a.boardingId, { note: 'Day one' })).json().card._id;
    const photo = (await upload(`/report-cards/${first}/photos`, await jpeg())).json().card.photos[0];
    await call('POST', `/report-cards/${first}/send`, staff.token);
    t.clock.advanceDays(1);
    const second = (await card(a.boardingId, { note: 'Day two' })).json().card._id;
    await call('POST', `/report-cards/${second}/send`, staff.token);
    t.clock.advanceDays(1);
    await card(a.boardingId, { note: 'Draft: not sent' });

    const mine = await call('GET', '/customer/report-cards', a.user.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().cards.map((c: { note: string }) => c.note)).toEqual(['Day two', 'Day one']);
    const paged = await call('GET', '/customer/report-cards?limit=1', a.user.token);
    expect(paged.json().cards).toHaveLength(1);
    const next = await call('GET', `/customer/report-cards?limit=1&cursor=${paged.json().nextCursor}`, a.user.token);
    expect(next.json().cards.map((c: { note: string }) => c.note)).toEqual(['Day one']);
    expect((await call('GET', `/media/${photo.hash}?size=thumb`, a.user.token)).statusCode).toBe(200);

    // B: none of A's cards, whatever pet it names, and not A's photo; no staff routes.
    const theirs = await call('GET', `/customer/report-cards?petId=${a.pet.id}`, b.user.token);
    expect(theirs.json().cards).toEqual([]);
    expect((await call('GET', '/customer/report-cards', b.user.token)).json().cards).toEqual([]);
    expect((await call('GET', `/media/${photo.hash}`, b.user.token)).statusCode).toBe(403);
    expect((await call('GET', `/report-cards/stays/${a.boardingId}`, b.user.token)).statusCode).toBe(403);
    expect((await call('POST', `/report-cards/${first}/send`, b.user.token)).statusCode).toBe(403);
    expect(b.boardingId).not.toBe(a.boardingId);
  });
});

describe('incidents', () => {
  const incident = (boardingId: string, o: Record<string, unknown> = {}) =>
    post(
      '/incidents',
      { boardingId, kind: 'injury', whatHappened: 'Cut on the paw in the yard.', actionTaken: 'Cleaned and dressed.', ...o },
      staff.token,
    );

  it('records an incident, notifies the admins at once (not other staff), shows it on the stay, run card and pet', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    const s = await customerStay();
    const res = await incident(s.boardingId);
    expect(res.statusCode, res.body).toBe(201);
    const inc = res.json().incident;
    expect(inc).toMatchObject({ kind: 'injury', petName: s.pet.name, ownerToldAt: null, photos: [] });
    const forAdmin = (await call('GET', '/staff/notifications', admin.token)).json().notifications;
    expect(forAdmin.find((n: { kind: string }) => n.kind === 'incident')).toMatchObject({
      title: `Incident: ${s.pet.name} (Injury)`,
      link: `/staff/reportcards/${s.boardingId}`,
    });
    const forStaff = (await call('GET', '/staff/notifications', staff.token)).json().notifications;
    expect(forStaff.filter((n: { kind: string }) => n.kind === 'incident')).toEqual([]);
    const view = (await call('GET', `/report-cards/stays/${s.boardingId}`, staff.token)).json();
    expect(view.incidents.map((i: { _id: string }) => i._id)).toEqual([inc._id]);
    expect(await runCardIncidents(db(), s.boardingId)).toEqual([
      { at: inc.occurredAt, kind: 'Injury', summary: 'Cut on the paw in the yard. — Action: Cleaned and dressed.' },
    ]);
    const history = await call('GET', `/pets/${s.pet.id}/incidents`, staff.token);
    expect(history.json().incidents.map((i: { _id: string }) => i._id)).toEqual([inc._id]);
    expect((await call('GET', `/pets/${s.pet.id}/incidents`, s.user.token)).statusCode).toBe(403);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, inc._id));
    expect(audit.map((r) => r.action)).toEqual(['incident.create']);
  });

  it('refuses a missing or long text, an unknown kind, a time in the future or before the stay, a closed stay', async () => {
    const s = await customerStay();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ whatHappened: '  ' }, 'whatHappened', INCIDENT_MESSAGES.whatHappened],
      [{ actionTaken: undefined }, 'actionTaken', INCIDENT_MESSAGES.actionTaken],
      [{ actionTaken: 'y'.repeat(2001) }, 'actionTaken', INCIDENT_MESSAGES.actionTakenTooLong],
      [{ kind: 'bite' }, 'kind', INCIDENT_MESSAGES.kind],
      [{ occurredAt: 'yesterday' }, 'occurredAt', INCIDENT_MESSAGES.occurredAt],
      [{ occurredAt: new Date(Date.now() + 3_600_000).toISOString() }, 'occurredAt', INCIDENT_MESSAGES.future],
      [{ occurredAt: new Date(Date.now() - 86_400_000).toISOString() }, 'occurredAt', INCIDENT_MESSAGES.beforeStay],
      [{ whatHappened: 'a\u0000b' }, 'whatHappened', CONTROL_CHARS_MESSAGE],
    ];
    for (const [o, field, message] of cases) {
      const res = await incident(s.boardingId, o);
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(o)).toBe(message);
    }
    await db().update(boardings).set({ isBoarded: false, exitTime: new Date() }).where(eq(boardings.id, s.boardingId));
    const closed = await incident(s.boardingId);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(INCIDENT_MESSAGES.notInHouse);
  });

  it('takes up to 4 photos (staff only), tells the owner once with who and when', async () => {
    const s = await customerStay('told@example.in');
    const id = (await incident(s.boardingId, { kind: 'escape_attempt' })).json().incident._id;
    for (const c of ['#111111', '#222222', '#333333', '#444444']) {
      expect((await upload(`/incidents/${id}/photos`, await jpeg(40, 40, c))).statusCode).toBe(201);
    }
    const fifth = await upload(`/incidents/${id}/photos`, await jpeg(40, 40, '#555555'));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe(INCIDENT_MESSAGES.photoLimit);
    const photos = (await call('GET', `/pets/${s.pet.id}/incidents`, staff.token)).json().incidents[0].photos;
    expect((await call('GET', `/media/${photos[0].hash}`, s.user.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/incidents/${id}/photos/${photos[0].hash}`, staff.token)).json().incident.photos).toHaveLength(
      3,
    );

    const told = await call('POST', `/incidents/${id}/tell-owner`, staff.token);
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json().incident.ownerToldAt).not.toBeNull();
    expect(told.json().incident.ownerToldBy).toMatch(/^Test staff/);
    const mails = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.toAddress, 'told@example.in'), eq(notifications.kind, 'incident')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Escape attempt');
    const again = await call('POST', `/incidents/${id}/tell-owner`, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^The owner was already told \(.*, by Test staff/);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.toAddress, 'told@example.in'), eq(notifications.kind, 'incident'))),
    ).toHaveLength(1);
    const inbox = await db().select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, s.owner.id));
    expect(inbox.filter((r) => r.kind === 'incident')).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((r) => r.action).sort()).toEqual(['incident.create', 'incident.tell_owner']);
  });
});

import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, staffNotifications } from '../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { makeOwner, makePet } from '../../test/factories.ts';
import { scheduleFollowUp } from '../modules/followups/followups.service.ts';
import { backoffMs, deliverDue, LEASE_MS, MAX_ATTEMPTS, startOutboxWorker } from './outbox.ts';
import { type MailTransport, smtpTransport } from './transport.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port that collects messages and can refuse recipients. */
let server: SMTPServer;
let port = 0;
const received: Received[] = [];
/** Addresses refused once with a temporary 451, then accepted. */
const refuseOnce = new Set<string>();
/** Addresses always refused with a permanent 550. */
const refuseAlways = new Set<string>();

let t: TestApp;
let staff: TestUser;
let transport: MailTransport;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const to = address.address.toLowerCase();
      if (refuseAlways.has(to)) return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      if (refuseOnce.delete(to)) return cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Pet DayCare Service <no-reply@petdaycare.test>' });
  staff = await t.user('staff');
  transport = smtpTransport(t.config.smtpUrl!, t.config.mailFrom);
});

afterAll(async () => {
  transport?.close?.();
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  refuseOnce.clear();
  refuseAlways.clear();
});

/** The text of a MIME message with quoted-printable soft breaks and escapes undone. */
function text(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
}

async function scheduled(date: string, ownerName: string, email: string, petName: string, purpose: string, time = '10:30') {
  const owner = await makeOwner(t.database.db, { name: ownerName, email });
  const pet = await makePet(t.database.db, { ownerId: owner.id, name: petName, dob: null });
  await scheduleFollowUp(t.database.db, { petId: pet.id, date, time, purpose, source: 'prescription' });
  return owner;
}

const rowsFor = (date: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(like(notifications.dedupeKey, `reminder:${date}:%`));

describe('outbox delivery over SMTP', () => {
  it('delivers reminders to the owners’ addresses with pet and purpose, and retries a refused message', async () => {
    const day = '2033-03-10';
    const a = await scheduled(day, 'Meera Nair', 'meera@example.in', 'Sheru', 'Vaccination booster', '10:30');
    const b = await scheduled(day, 'Varun Sethi', 'varun@example.in', 'Pepper', 'Dressing change', '15:45');
    refuseOnce.add('varun@example.in');

    const res = await t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
    expect(res.json()).toMatchObject({ queued: 2, unreachable: 0 });

    const now = new Date();
    expect(await deliverDue(t.database.db, transport, now)).toBe(2);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['meera@example.in']);
    expect(received[0]!.from).toBe('no-reply@petdaycare.test');
    const body = text(received[0]!.raw);
    expect(body).toContain('Sheru');
    expect(body).toContain('Vaccination booster');
    expect(body).toContain('Dear Meera Nair,');
    expect(body).toContain('Pet DayCare Service');
    expect(body).toMatch(/Subject: Pet DayCare Service: reminder for Sheru on 10 Mar 2033/);

    let rows = await rowsFor(day);
    const toA = () => rows.find((r) => r.ownerId === a.id)!;
    const toB = () => rows.find((r) => r.ownerId === b.id)!;
    expect(toA()).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(toA().meta).toMatchObject({ transport: 'smtp', ownerName: 'Meera Nair' });
    expect(toB()).toMatchObject({ status: 'queued', attempts: 1 });
    expect(toB().lastError).toMatch(/451|Try again later/);
    expect(toB().nextAttemptAt.getTime()).toBe(now.getTime() + backoffMs(1));

    // Not yet due: nothing is tried.
    expect(await deliverDue(t.database.db, transport, new Date(now.getTime() + 10_000))).toBe(0);
    // After the backoff the retry succeeds.
    expect(await deliverDue(t.database.db, transport, new Date(now.getTime() + backoffMs(1) + 1_000))).toBe(1);
    expect(received).toHaveLength(2);
    expect(received[1]!.to).toEqual(['varun@example.in']);
    expect(text(received[1]!.raw)).toContain('- Pepper: Dressing change at 3:45 PM');
    rows = await rowsFor(day);
    expect(toB()).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(toA()).toMatchObject({ status: 'sent', attempts: 1 });

    // Staff see the outcome for the day.
    const sent = await t.call({ method: 'GET', url: `/api/v1/reminders/sent?date=${day}`, token: staff.token });
    expect(
      sent
        .json()
        .List.map((m: { toAddress: string; status: string; attempts: number }) => `${m.toAddress}:${m.status}:${m.attempts}`)
        .sort(),
    ).toEqual(['meera@example.in:sent:1', 'varun@example.in:sent:2']);

    // Sending the day again queues and delivers nothing.
    await t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
    expect(await deliverDue(t.database.db, transport, new Date(now.getTime() + 3_600_000))).toBe(0);
    expect(received).toHaveLength(2);
  });

  it('fails at once on a permanent refusal (5xx) and keeps the reason', async () => {
    const day = '2033-03-11';
    const o = await scheduled(day, 'Bounce Owner', 'nobody@example.in', 'Ghost', 'Check-up');
    refuseAlways.add('nobody@example.in');
    await t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
    await deliverDue(t.database.db, transport, new Date());
    const [row] = (await rowsFor(day)).filter((r) => r.ownerId === o.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/550|Mailbox unavailable/);
    expect(received).toHaveLength(0);
    // The desk hears of it in the bell, once.
    const bell = () => t.database.db.select().from(staffNotifications).where(eq(staffNotifications.ownerId, o.id));
    expect(await bell()).toMatchObject([
      { kind: 'email_failed', title: 'Email to Bounce Owner failed', audience: 'staff', link: `/staff/reminders?date=${day}` },
    ]);
    await t.call({ method: 'POST', url: `/api/v1/reminders/sent/${row!.id}/retry`, token: staff.token });
    await deliverDue(t.database.db, transport, new Date());
    expect(await bell()).toHaveLength(1);
  });

  it('gives up after MAX_ATTEMPTS temporary failures with backoff between them', async () => {
    const day = '2033-03-12';
    const o = await scheduled(day, 'Down Owner', 'down@example.in', 'Rusty', 'Check-up');
    await t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
    const failing: MailTransport = {
      name: 'down',
      send: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
    };
    let now = new Date();
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      expect(await deliverDue(t.database.db, failing, now)).toBe(1);
      const [row] = (await rowsFor(day)).filter((r) => r.ownerId === o.id);
      expect(row).toMatchObject({
        attempts: i,
        status: i < MAX_ATTEMPTS ? 'queued' : 'failed',
        lastError: 'connect ECONNREFUSED',
      });
      now = new Date(now.getTime() + backoffMs(i) + 1);
    }
    expect(await deliverDue(t.database.db, failing, new Date(now.getTime() + 86_400_000))).toBe(0);
    // Only the last attempt, the one given up on, raised a staff notification.
    const bell = await t.database.db.select().from(staffNotifications).where(eq(staffNotifications.ownerId, o.id));
    expect(bell.map((n) => n.kind)).toEqual(['email_failed']);
  });

  it('takes back a message whose sender died mid-send once its lease runs out', async () => {
    const day = '2033-03-13';
    const o = await scheduled(day, 'Lease Owner', 'lease@example.in', 'Bolt', 'Check-up');
    await t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
    const [queued] = (await rowsFor(day)).filter((r) => r.ownerId === o.id);
    const now = new Date();
    // A worker claimed it and crashed.
    await t.database.db
      .update(notifications)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(eq(notifications.id, queued!.id));
    expect(await deliverDue(t.database.db, transport, now)).toBe(0);
    expect(await deliverDue(t.database.db, transport, new Date(now.getTime() + LEASE_MS + 1))).toBe(1);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, queued!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.map((r) => r.to[0])).toEqual(['lease@example.in']);
  });

  it('never sends a message twice when two workers run at once', async () => {
    const day = '2033-03-14';
    for (let i = 0; i < 6; i++) await scheduled(day, `Owner ${i}`, `many${i}@example.in`, `Pet${i}`, 'Check-up');
    await t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
    const now = new Date(Date.now() + 60_000);
    await Promise.all([
      deliverDue(t.database.db, transport, now, 4),
      deliverDue(t.database.db, transport, now, 4),
      deliverDue(t.database.db, transport, now, 4),
    ]);
    await deliverDue(t.database.db, transport, now, 20);
    const addresses = received.flatMap((r) => r.to).filter((a) => a.startsWith('many'));
    expect(addresses.sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `many${i}@example.in`));
    expect((await rowsFor(day)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('the worker started by the server delivers queued messages on its own', async () => {
    const day = '2033-03-15';
    await scheduled(day, 'Worker Owner', 'worker@example.in', 'Nemo', 'Check-up');
    await t.call({ method: 'GET', url: `/api/v1/reminders/sendreminders/${day}`, token: staff.token });
    const logs: string[] = [];
    const log = { info: (_o: object, m: string) => logs.push(m), error: () => {} } as never;
    const worker = startOutboxWorker({ config: t.config, db: t.database.db, dbKind: t.database.kind }, log, 50);
    try {
      for (let i = 0; i < 100 && !(await rowsFor(day)).every((r) => r.status === 'sent'); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.stop();
    }
    expect((await rowsFor(day)).map((r) => r.status)).toEqual(['sent']);
    expect(received.flatMap((r) => r.to)).toContain('worker@example.in');
  });
});

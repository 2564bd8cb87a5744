import type { AddressInfo } from 'node:net';
import { STAFF_STREAM_EVENTS as EV, type StaffNotification } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, useTestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { MAX_STREAMS_PER_USER } from './staff-notifications.routes.ts';
import { raiseStaffNotification } from './staff-notifications.service.ts';

/**
 * The live push of staff notifications (GET /staff/notifications/stream). A second instance is built on the same
 * database (as in auth/sessions.test.ts) and serves the streams: a notification raised through the first reaches it
 * only through the database (PostgreSQL NOTIFY with DATABASE_URL; PGlite's listener otherwise).
 */
const t = useTestApp();
let other: FastifyInstance;
let base: string;
let staff: TestUser;
let admin: TestUser;
beforeAll(async () => {
  other = await buildApp({ config: t.config, database: t.database, serveWeb: false, logger: false });
  await other.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}/api/v1`;
  staff = await t.user('staff');
  admin = await t.user('staff', { isAdmin: true });
});
afterAll(() => other?.close());

interface Received {
  event: string;
  data: any;
}

/** Opens a stream and collects its events; `next(event)` waits for the next one of that name. */
async function openStream(token: string) {
  const ac = new AbortController();
  const res = await fetch(`${base}/staff/notifications/stream`, {
    headers: { authorization: token, accept: 'text/event-stream' },
    signal: ac.signal,
  });
  const events: Received[] = [];
  const waiters: (() => void)[] = [];
  if (res.ok && res.body) {
    (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
          for (const w of waiters.splice(0)) w();
        }
      }
    })().catch(() => {});
  }
  let seen = 0;
  return {
    res,
    events,
    close: () => ac.abort(),
    /** The next event named `name` after those already taken; fails after `ms`. */
    async next(name: string, ms = 5000): Promise<Received> {
      const until = Date.now() + ms;
      for (;;) {
        const i = events.findIndex((e, k) => k >= seen && e.event === name);
        if (i >= 0) {
          seen = i + 1;
          return events[i]!;
        }
        if (Date.now() > until) throw new Error(`no '${name}' event within ${ms} ms (got ${JSON.stringify(events)})`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
    },
  };
}

const raise = (kind: string, title: string) =>
  t.database.db.transaction((tx) =>
    raiseStaffNotification(tx, { kind, title, body: `${title}: body`, dedupeKey: `live:${title}`, now: new Date() }),
  );

describe('the staff notifications stream', () => {
  it('delivers a notification raised on one instance to a staff client connected to another', async () => {
    const s = await openStream(staff.token);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    expect((await s.next(EV.ready)).data).toEqual({ unreadCount: 0 });
    const row = await raise('unapplied_payment', 'Pushed across instances');
    const got = (await s.next(EV.notification)).data as StaffNotification;
    expect(got).toMatchObject({ _id: row.id, kind: 'unapplied_payment', title: 'Pushed across instances', readAt: null });
    // Raised again (same dedupe key): nothing new is pushed.
    await raise('unapplied_payment', 'Pushed across instances');
    await expect(s.next(EV.notification, 700)).rejects.toThrow(/no 'notification' event/);
    s.close();
  });

  it('a rolled-back notification is never pushed', async () => {
    const s = await openStream(staff.token);
    await s.next(EV.ready);
    await t.database.db
      .transaction(async (tx) => {
        await raiseStaffNotification(tx, { kind: 'unapplied_payment', title: 'Rolled back', body: 'x', now: new Date() });
        throw new Error('rollback');
      })
      .catch(() => {});
    await raise('unapplied_payment', 'After the rollback');
    expect((await s.next(EV.notification)).data.title).toBe('After the rollback');
    expect(s.events.filter((e) => e.event === EV.notification).map((e) => e.data.title)).toEqual(['After the rollback']);
    s.close();
  });

  it('pushes an admin notification to admins only', async () => {
    const sStaff = await openStream(staff.token);
    const sAdmin = await openStream(admin.token);
    await sStaff.next(EV.ready);
    await sAdmin.next(EV.ready);
    await raise('refund_failed', 'Admins only');
    await raise('email_failed', 'Everybody');
    expect((await sAdmin.next(EV.notification)).data.title).toBe('Admins only');
    expect((await sAdmin.next(EV.notification)).data.title).toBe('Everybody');
    expect((await sStaff.next(EV.notification)).data.title).toBe('Everybody');
    expect(sStaff.events.some((e) => e.data?.title === 'Admins only')).toBe(false);
    sStaff.close();
    sAdmin.close();
  });

  it('refuses a customer, a missing token and a client that does not accept event streams', async () => {
    const customer = await t.user('customer');
    expect((await openStream(customer.token)).res.status).toBe(403);
    expect((await fetch(`${base}/staff/notifications/stream`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    const plain = await fetch(`${base}/staff/notifications/stream`, { headers: { authorization: staff.token } });
    expect(plain.status).toBe(406);
    expect(((await plain.json()) as { message: string }).message).toMatch(/text\/event-stream/);
  });

  it(`limits one account to ${MAX_STREAMS_PER_USER} open streams on an instance`, async () => {
    const u = await t.user('staff');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await openStream(u.token);
      await s.next(EV.ready);
      streams.push(s);
    }
    const extra = await openStream(u.token);
    expect(extra.res.status).toBe(429);
    // Another account is not affected, and closing one frees a place.
    const s2 = await openStream(staff.token);
    expect(s2.res.status).toBe(200);
    s2.close();
    streams.pop()!.close();
    for (let i = 0; ; i++) {
      const again = await openStream(u.token);
      if (again.res.status === 200) {
        again.close();
        break;
      }
      if (i > 40) throw new Error('the closed stream never freed its place');
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const s of streams) s.close();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: a lost listening connection reconnects, tells the stream to reload, and delivers again',
    async () => {
      const s = await openStream(staff.token);
      await s.next(EV.ready);
      // Kill this database's listening connections (the other instance's among them), as a server restart would.
      const killed = (await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`,
      )) as unknown as { rows: unknown[] };
      expect(killed.rows.length).toBeGreaterThan(0);
      await s.next(EV.resync, 10_000);
      await raise('unapplied_payment', 'After the reconnect');
      expect((await s.next(EV.notification)).data.title).toBe('After the reconnect');
      s.close();
    },
  );

  it('app.close() ends open streams instead of waiting for them', async () => {
    const third = await buildApp({ config: t.config, database: t.database, serveWeb: false, logger: false });
    await third.listen({ port: 0, host: '127.0.0.1' });
    const port = (third.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/staff/notifications/stream`, {
      headers: { authorization: staff.token, accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const start = Date.now();
    await third.close();
    expect(Date.now() - start).toBeLessThan(3000);
    // The stream ended: reading it to the end finishes.
    await res.text();
  });
});

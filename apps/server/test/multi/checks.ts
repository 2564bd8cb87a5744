/**
 * The several-instances checks (issue 22), against ./setup.ts: requests go through nginx (round robin: either
 * instance answers) or to one instance directly when a check needs "on one, then on the other". Results: one row
 * per check, with what was measured.
 */
import { randomBytes } from 'node:crypto';
import { type Answer, call, DEMO_STAFF, login } from '../crash/api.ts';
import { seriesOf } from '../crash/verify.ts';
import { LOGIN_LIMIT, type Setup } from './setup.ts';

export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
}

type Row = Record<string, any>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tag = randomBytes(3).toString('hex');
let keySeq = 0;
const newKey = () => `multi-${tag}-${++keySeq}`;

async function ok(p: Promise<Answer>, what: string, statuses = [200, 201]): Promise<any> {
  const r = await p;
  if (!statuses.includes(r.status)) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 400)}`);
  return r.json;
}

/** Which instance answered a request through nginx (its X-Upstream header): 'A', 'B' or the address. */
function instanceOf(s: Setup, r: Answer): string {
  const up = r.headers.get('x-upstream') ?? '';
  if (up.endsWith(`:${s.ports.a}`)) return 'A';
  if (up.endsWith(`:${s.ports.b}`)) return 'B';
  return up || '?';
}

function tally(xs: string[]): string {
  const m = new Map<string, number>();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m]
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

/** Runs `n` tasks `width` at a time. */
async function pool<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < n; i = next++) out[i] = await task(i);
    }),
  );
  return out;
}

/** A staff client's live stream (server-sent events) on one base URL. */
async function openStream(base: string, token: string) {
  const events: { event: string; data: any; at: number }[] = [];
  const ac = new AbortController();
  const res = await fetch(`${base}/api/v1/staff/notifications/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: ac.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream on ${base}: ${res.status} ${await res.text()}`);
  const upstream = res.headers.get('x-upstream');
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) {
            let parsed: unknown = data.join('\n');
            try {
              parsed = JSON.parse(parsed as string);
            } catch {
              // text
            }
            events.push({ event, data: parsed, at: Date.now() });
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed
    }
  })();
  const waitFor = async (pred: (e: { event: string; data: any }) => boolean, ms: number) => {
    const until = Date.now() + ms;
    for (;;) {
      const hit = events.find(pred);
      if (hit) return hit;
      if (Date.now() > until) return null;
      await sleep(20);
    }
  };
  return {
    events,
    upstream,
    waitFor,
    async close() {
      ac.abort();
      await reading;
    },
  };
}

export async function runChecks(s: Setup, log: (l: string) => void = () => {}): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const LB = s.nginx.url;
  const A = s.a.url;
  const B = s.b.url;
  const q = async (text: string): Promise<Row[]> => {
    const d = await s.store.open();
    try {
      return ((await d.db.execute(text as never)) as unknown as { rows: Row[] }).rows;
    } finally {
      await d.close();
    }
  };
  const record = (check: string, good: boolean, detail: string) => {
    results.push({ check, ok: good, detail });
    log(`${good ? 'ok  ' : 'FAIL'} ${check}: ${detail}`);
  };

  // Round robin: requests through nginx reach both instances.
  const health = await pool(10, 1, () => call(LB, 'GET', '/api/health'));
  const spread = health.map((r) => instanceOf(s, r));
  record(
    'nginx spreads requests over both instances (round robin, no stickiness)',
    spread.includes('A') && spread.includes('B'),
    `10 requests: ${tally(spread)}`,
  );

  const admin = await login(LB, DEMO_STAFF.email, DEMO_STAFF.password);
  const T = { token: admin };
  const types: Record<string, string> = {};
  for (const t of (await ok(call(LB, 'GET', '/visit/getallvisittypes', undefined, T), 'types')).visitTypes) types[t.code] = t._id;
  const grooming = await ok(
    call(LB, 'PATCH', `/admin/visit-types/${types.grooming}`, { sacCode: '999729', gstRate: 18, priceIncludesTax: true }, T),
    'grooming GST',
  );
  await ok(call(LB, 'PATCH', `/admin/visit-types/${types.hostel}`, { capacity: null }, T), 'hostel capacity');
  const price = grooming.visitType.price as number;

  // Owners with an email and a dog, added through nginx.
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const owners = await pool(20, 4, async (i) => {
    const a = await ok(
      call(
        LB,
        'POST',
        '/pet/addpet',
        {
          ownerName: `Multi Owner ${tag} ${i}`,
          phone: `6${stamp}${String(i).padStart(3, '0')}`,
          email: `multi-${tag}-${i}@example.in`,
          address: 'Sector 45, Gurugram',
          pets: [
            {
              name: `Multi${i}`,
              species: 'dog',
              breed: 'Beagle',
              sex: 'Male',
              color: 'Brown',
              dob: '2021-05-04',
              neutered: false,
              registrationDate: '2026-01-10',
              vaccinations: [
                { name: 'Rabies', numberOfDose: 1 },
                { name: 'DHPP', numberOfDose: 1 },
              ],
            },
          ],
        },
        T,
      ),
      'add pet',
    );
    return { id: a.ownerId as string, petId: a.petIds[0] as string, email: `multi-${tag}-${i}@example.in` };
  });

  // ---------------------------------------------------------------- document numbers under concurrent sales
  const SALES = 48;
  const sales = await pool(SALES, 8, async (i) => {
    const o = owners[i % 12]!;
    const r = await call(
      LB,
      'POST',
      '/visit/addgroomingvisit',
      { petId: o.petId, visitType: types.grooming, details: { discount: 0, finalPrice: price, selectedPayment: 'cash' } },
      { ...T, key: newKey() },
    );
    if (r.status !== 201) throw new Error(`sale: ${r.status} ${r.text}`);
    return { instance: instanceOf(s, r), visitId: r.json.visit._id as string, receiptNo: r.json.payment.receiptNo as string };
  });
  {
    const d = await s.store.open();
    const series = await seriesOf(d).finally(() => d.close());
    const receipts = new Set(sales.map((x) => x.receiptNo));
    const docs = await q(
      `select count(*)::int as n, count(distinct number)::int as d from tax_documents where visit_id in (${sales.map((x) => `'${x.visitId}'`).join(',')})`,
    );
    const bad = series.filter((x) => x.gaps > 0 || (x.counter !== null && x.counter !== x.last));
    record(
      'document numbers unique and gap-free under concurrent sales through both instances',
      bad.length === 0 && receipts.size === SALES && docs[0]!.n === SALES && docs[0]!.d === SALES,
      `${SALES} cash sales, 8 at a time (${tally(sales.map((x) => x.instance))}): ${receipts.size} distinct receipts, ` +
        `${docs[0]!.d} distinct tax invoices; series ${series.map((x) => `${x.series} 1..${x.last}${x.gaps ? ` (${x.gaps} gaps)` : ''}`).join(', ')}`,
    );
  }

  // ---------------------------------------------------------------- SSE across instances
  {
    await ok(
      call(LB, 'POST', '/admin/users', { fullName: 'Multi Desk', email: `desk-${tag}@staff.test`, password: 'desk-1234' }, T),
      'plain staff',
    );
    const desk = await login(LB, `desk-${tag}@staff.test`, 'desk-1234');
    const streams = {
      A: await openStream(A, admin),
      B: await openStream(B, admin),
      nginx: await openStream(LB, admin),
    };
    const ready = await Promise.all(Object.values(streams).map((st) => st.waitFor((e) => e.event === 'ready', 10_000)));
    const lines: string[] = [];
    let good = ready.every(Boolean);
    for (const [where, base, pet] of [
      ['A', A, owners[12]!.petId],
      ['B', B, owners[13]!.petId],
    ] as const) {
      const reason = `Multi-instance check ${tag}: raised on ${where}`;
      const t0 = Date.now();
      await ok(call(base, 'POST', '/donotserve', { petId: pet, reason }, { token: desk }), 'flag request');
      const got = await Promise.all(
        Object.entries(streams).map(async ([name, st]) => {
          const e = await st.waitFor((x) => x.event === 'notification' && x.data?.body === reason, 10_000);
          return e ? `${name} in ${Math.max(0, (e as { at: number }).at - t0)} ms` : `${name} NOT RECEIVED`;
        }),
      );
      if (got.some((g) => g.includes('NOT RECEIVED'))) good = false;
      lines.push(`raised on ${where} → ${got.join(', ')}`);
    }
    for (const st of Object.values(streams)) await st.close();
    record(
      'a staff notification raised on one instance reaches staff streams on either (SSE)',
      good,
      `${lines.join('; ')} (the nginx stream is on ${streams.nginx.upstream ?? '?'})`,
    );
  }

  // ---------------------------------------------------------------- login limit across instances
  {
    const email = `limit-${tag}@staff.test`;
    await ok(call(LB, 'POST', '/admin/users', { fullName: 'Limit Check', email, password: 'right-1234' }, T), 'limit user');
    const answers: { status: number; instance: string }[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i++) {
      const r = await call(LB, 'POST', '/auth/login', { email, password: 'wrong-password', role: 'staff' });
      answers.push({ status: r.status, instance: instanceOf(s, r) });
    }
    const right = await Promise.all(
      [A, B].map((base) => call(base, 'POST', '/auth/login', { email, password: 'right-1234', role: 'staff' })),
    );
    const refusedAt = answers.findIndex((x) => x.status === 429);
    const good =
      answers.slice(0, LOGIN_LIMIT).every((x) => x.status === 401) &&
      answers[LOGIN_LIMIT]!.status === 429 &&
      right.every((r) => r.status === 429) &&
      new Set(answers.map((x) => x.instance)).size === 2;
    record(
      'login limit holds across instances',
      good,
      `LOGIN_RATE_LIMIT=${LOGIN_LIMIT}: wrong passwords through nginx answered ${answers.map((x) => `${x.status}@${x.instance}`).join(' ')}` +
        ` (first 429 at attempt ${refusedAt + 1}); the right password then on A ${right[0]!.status}, on B ${right[1]!.status}`,
    );
  }

  // ---------------------------------------------------------------- account revocation across instances
  {
    const lines: string[] = [];
    let good = true;
    const me = (base: string, token: string) => call(base, 'GET', '/auth/me', undefined, { token });
    const user = async (name: string) => {
      const email = `${name}-${tag}@staff.test`;
      const u = await ok(
        call(LB, 'POST', '/admin/users', { fullName: `Revoke ${name}`, email, password: 'revoke-1234' }, T),
        name,
      );
      return { id: (u.user?._id ?? u.user?.id) as string, email };
    };
    // Disabled on A: refused on B at once (session tokens are checked on every request).
    const u1 = await user('disable');
    const t1 = await login(LB, u1.email, 'revoke-1234');
    const before = [(await me(A, t1)).status, (await me(B, t1)).status];
    await ok(call(A, 'PATCH', `/admin/users/${u1.id}`, { disabled: true }, T), 'disable');
    const t0 = Date.now();
    const after = (await me(B, t1)).status;
    const afterMs = Date.now() - t0;
    const relogin = (await call(B, 'POST', '/auth/login', { email: u1.email, password: 'revoke-1234', role: 'staff' })).status;
    good &&= before.every((x) => x === 200) && after === 401 && relogin === 401;
    lines.push(`disabled on A: its token on B ${after} (${afterMs} ms after), a login on B ${relogin}`);
    // Log out everywhere on B: the other session's token refused on A.
    const u2 = await user('logoutall');
    const s1 = await login(LB, u2.email, 'revoke-1234');
    const s2 = await login(LB, u2.email, 'revoke-1234');
    const ok2 = [(await me(A, s2)).status, (await me(B, s2)).status];
    await ok(call(B, 'POST', '/auth/logout-all', {}, { token: s1 }), 'logout-all');
    const after2 = [(await me(A, s2)).status, (await me(B, s1)).status];
    good &&= ok2.every((x) => x === 200) && after2.every((x) => x === 401);
    lines.push(`log out everywhere on B: the other session on A ${after2[0]}, the same on B ${after2[1]}`);
    // An admin logs a user out (A): refused on B.
    const u3 = await user('adminlogout');
    const s3 = await login(LB, u3.email, 'revoke-1234');
    await ok(call(A, 'POST', `/admin/users/${u3.id}/logout`, {}, T), 'admin logout');
    const after3 = (await me(B, s3)).status;
    good &&= after3 === 401;
    lines.push(`an admin's "log out everywhere" on A: the token on B ${after3}`);
    record('account revocation holds across instances (disable, log out everywhere)', good, lines.join('; '));
  }

  // ---------------------------------------------------------------- provider webhooks delivered to both
  {
    const N = 6;
    const outcomes: string[][] = [];
    const pays = await pool(N, 3, async (i) => {
      const o = owners[14 + i]!;
      const sale = await ok(
        call(
          LB,
          'POST',
          '/visit/addgroomingvisit',
          { petId: o.petId, visitType: types.grooming, details: { discount: 0, finalPrice: price, selectedPayment: 'card' } },
          { ...T, key: newKey() },
        ),
        'card sale',
      );
      const order = (
        await ok(
          call(LB, 'POST', '/payments/create-order', { notes: { visitId: sale.visit._id } }, { ...T, key: newKey() }),
          'order',
        )
      ).order;
      // The customer pays in checkout; the browser never reports it: only the webhooks tell the app.
      const paid = s.razorpay.checkout(order.id);
      const events = (['payment.captured', 'order.paid'] as const).map((name) => ({
        id: `evt_${randomBytes(7).toString('hex')}`,
        ...s.razorpay.webhook(name, paid.razorpay_payment_id),
      }));
      // Each event delivered to both instances at the same moment, and once more through nginx (a retry).
      const deliver = (base: string, e: (typeof events)[number]) =>
        call(base, 'POST', '/payments/webhook', undefined, {
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': e.signature, 'x-razorpay-event-id': e.id },
          rawBody: e.body,
        });
      const first = await Promise.all(events.flatMap((e) => [deliver(A, e), deliver(B, e)]));
      const retry = await Promise.all(events.map((e) => deliver(LB, e)));
      outcomes.push([...first, ...retry].map((r) => (r.status === 200 ? r.json.status : `${r.status}`)));
      return { paymentId: paid.razorpay_payment_id, events: events.map((e) => e.id), visitId: sale.visit._id as string };
    });
    const ids = pays.flatMap((p) => p.events);
    const rows = await q(
      `select event_id, count(*)::int as n, min(outcome) as outcome from provider_events where event_id in (${ids.map((x) => `'${x}'`).join(',')}) group by 1`,
    );
    const ledger = await q(
      `select provider_payment_id, count(*)::int as n, min(status) as status, min(receipt_no) as receipt from payments
        where provider_payment_id in (${pays.map((p) => `'${p.paymentId}'`).join(',')}) group by 1`,
    );
    const processed = pays.map((p) => rows.filter((r) => p.events.includes(r.event_id) && r.outcome === 'processed').length);
    const good =
      rows.length === ids.length &&
      rows.every((r) => r.n === 1) &&
      ledger.length === N &&
      ledger.every((r) => r.n === 1 && r.status === 'completed' && r.receipt) &&
      processed.every((n) => n === 1) &&
      outcomes.every(
        (o) => o.filter((x) => x === 'processed').length === 1 && o.every((x) => x === 'processed' || x === 'duplicate'),
      );
    record(
      'provider webhooks recorded once when delivered to both instances',
      good,
      `${N} card payments, 2 events each, each event to A and B at once and again through nginx (${N * 6} deliveries): ` +
        `answers ${tally(outcomes.flat())}; provider_events ${rows.length} rows for ${ids.length} events ` +
        `(${tally(rows.map((r) => r.outcome))}); ledger ${ledger.length} completed payments, ${ledger.filter((r) => r.n > 1).length} duplicated`,
    );
  }

  // ---------------------------------------------------------------- the daily package charge once per day
  {
    const P = 3;
    const pkgs = await ok(call(LB, 'GET', '/packages?active=1', undefined, T), 'packages');
    const pkg = pkgs.packages[0];
    const members = owners.slice(0, P);
    for (const o of members) {
      await ok(
        call(LB, 'POST', '/wallet/topup', { ownerId: o.id, amount: 20_000, selectedPayment: 'cash' }, { ...T, key: newKey() }),
        'top-up',
      );
      await ok(
        call(
          LB,
          'POST',
          '/packages/activate',
          { ownerId: o.id, packageId: pkg._id, petIds: [o.petId], admissionAcknowledged: true },
          { ...T, key: newKey() },
        ),
        'activate',
      );
    }
    const DAYS = 3;
    for (let d = 0; d < DAYS; d++) {
      // Both instances' clocks move a day at once; each runs the daily jobs right away (and its scheduler every minute).
      await Promise.all(
        [A, B].map((base) => ok(call(base, 'POST', '/test/clock', { advanceDays: 1 }, { ...T, timeoutMs: 60_000 }), 'clock')),
      );
    }
    const clocks = await Promise.all([A, B].map((base) => ok(call(base, 'GET', '/test/clock', undefined, T), 'clock')));
    const ownerList = members.map((o) => `'${o.id}'`).join(',');
    const perPet = await q(
      `select pp.id, pp.days_charged, count(c.id)::int as charges, count(distinct c.business_date)::int as dates
         from package_pets pp join package_subscriptions s on s.id = pp.package_subscription_id
         left join package_charges c on c.package_pet_id = pp.id
        where s.owner_id in (${ownerList}) group by pp.id, pp.days_charged`,
    );
    const ledger = await q(
      `select
         (select count(*)::int from payments p join package_subscriptions s on s.id = p.package_id
           where s.owner_id in (${ownerList}) and p.kind = 'charge' and p.charge_for = 'package_day') as charges,
         (select coalesce(sum(p.amount_paise), 0)::bigint from payments p join package_subscriptions s on s.id = p.package_id
           where s.owner_id in (${ownerList}) and p.kind = 'charge' and p.charge_for = 'package_day') as charged,
         (select coalesce(sum(p.amount_paise), 0)::bigint from payments p join package_subscriptions s on s.id = p.package_id
           where s.owner_id in (${ownerList}) and p.kind = 'allocation' and p.direction = 'in') as paid`,
    );
    const l = ledger[0]!;
    const good =
      clocks[0].today === clocks[1].today &&
      perPet.length === P &&
      perPet.every((r) => r.days_charged === DAYS + 1 && r.charges === DAYS + 1 && r.dates === DAYS + 1) &&
      l.charges === P * (DAYS + 1) &&
      Number(l.charged) === Number(l.paid);
    record(
      'the daily package charge is taken once per day with both schedulers running',
      good,
      `${P} packages, ${DAYS} days moved on both instances at once (clocks at ${clocks[0].today} / ${clocks[1].today}): ` +
        `days charged per pet ${perPet.map((r) => r.days_charged).join(', ')} (expected ${DAYS + 1} each); ` +
        `${l.charges} ledger charges, ₹${Number(l.charged) / 100} charged = ₹${Number(l.paid) / 100} paid from the wallets`,
    );
  }

  // ---------------------------------------------------------------- the outbox: each message sent once
  {
    const emailed = await pool(12, 6, async (i) => {
      const sale = sales[i]!;
      const docs = await ok(call(LB, 'GET', `/documents?visitId=${sale.visitId}`, undefined, T), 'documents');
      const doc = docs.documents[0];
      const r = await ok(call(LB, 'POST', `/documents/${doc._id}/email`, {}, { ...T, key: newKey() }), 'email');
      return r.message as string;
    });
    // Wait for both instances' outbox workers to deliver everything due (they poll every 5 s).
    const until = Date.now() + 60_000;
    let left = 1;
    while (Date.now() < until) {
      left = (
        await q(`select count(*)::int as n from notifications where status in ('queued', 'sending') and channel = 'email'`)
      )[0]!.n;
      if (left === 0) break;
      await sleep(1000);
    }
    const sent = await q(
      `select lower(to_address) as to, count(*)::int as n from notifications where status = 'sent' group by 1`,
    );
    const byRcpt = new Map<string, number>();
    for (const m of s.mailbox.messages) for (const to of m.to) byRcpt.set(to, (byRcpt.get(to) ?? 0) + 1);
    const mismatched = sent.filter((r) => (byRcpt.get(r.to) ?? 0) !== r.n);
    const extra = [...byRcpt].filter(([to]) => !sent.some((r) => r.to === to));
    const total = sent.reduce((x, r) => x + r.n, 0);
    const transports = await q(
      `select meta->>'transport' as t, count(*)::int as n from notifications where status = 'sent' group by 1`,
    );
    record(
      'each outbox message sent once (both instances run the outbox worker)',
      left === 0 && mismatched.length === 0 && extra.length === 0 && total === s.mailbox.messages.length && emailed.length === 12,
      `${emailed.length} documents emailed through nginx, plus what the jobs queued: ${total} messages sent in the outbox, ` +
        `${s.mailbox.messages.length} received by the mail server; ${mismatched.length} recipients with a different count, ` +
        `${extra.length} unknown; ${left} still queued (transport: ${transports.map((x) => `${x.t} ${x.n}`).join(', ')})`,
    );
  }
  return results;
}

/** The results as a table. */
export function table(results: CheckResult[]): string {
  const lines = ['| check | result | measured |', '|---|---|---|'];
  for (const r of results) lines.push(`| ${r.check} | ${r.ok ? 'pass' : 'FAIL'} | ${r.detail.replace(/\|/g, '/')} |`);
  return lines.join('\n');
}

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { IMPORT_MESSAGES as M } from '@pawdesk/shared/import/admin-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePet } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { fixtureCounts, SMALL_FIXTURE, writeFixtureExport } from '../../../test/import-fixture.ts';
import { rawZip, zipDirectory } from '../../../test/zip.ts';
import { importRuns } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { IMPORT_ORDER } from './write/engine.ts';

const V = '/api/v1/admin/import';
let root: string;
let fixtureZip: Buffer;
const counts = fixtureCounts(SMALL_FIXTURE);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-screen-'));
  const dir = path.join(root, 'fixture');
  await writeFixtureExport(dir, 'bson', SMALL_FIXTURE);
  fixtureZip = await zipDirectory(dir);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** An app whose uploads go to a folder of this test. */
async function appWithUploads(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const importDir = path.join(root, `uploads-${newId()}`);
  const t = await createTestApp({ importDir, ...overrides });
  return { t, importDir, admin: await t.user('staff', { isAdmin: true }) };
}

const upload = (t: TestApp, who: TestUser, body: Buffer | Readable | string, type = 'application/zip', name?: string) =>
  t.call({
    method: 'POST',
    url: `${V}/uploads${name ? `?name=${encodeURIComponent(name)}` : ''}`,
    token: who.token,
    headers: { 'content-type': type },
    payload: body,
  });

const start = (t: TestApp, who: TestUser, uploadId: string, mode: 'dry-run' | 'import') =>
  t.call({ method: 'POST', url: `${V}/runs`, token: who.token, payload: { uploadId, mode } });

/** Waits until the run has finished; answers its detail. */
async function finished(t: TestApp, who: TestUser, runId: string) {
  for (let i = 0; i < 600; i++) {
    const res = await t.call({ method: 'GET', url: `${V}/runs/${runId}`, token: who.token });
    expect(res.statusCode).toBe(200);
    if (res.json().run.status !== 'running') return res.json().run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish');
}

const count = async (t: TestApp, table: string) =>
  ((await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
    .rows[0]!.n;

describe('uploads', () => {
  let t: TestApp;
  let admin: TestUser;
  let importDir: string;
  beforeAll(async () => {
    ({ t, admin, importDir } = await appWithUploads({ importUploadMaxMb: 1 }));
  });
  afterAll(() => t.close());

  it('unpacks a zip of the export and answers what it holds', async () => {
    const res = await upload(t, admin, fixtureZip, 'application/zip', 'export-2026-04-16.zip');
    expect(res.statusCode).toBe(201);
    const u = res.json().upload;
    expect(u).toMatchObject({ fileName: 'export-2026-04-16.zip', bytes: fixtureZip.length, kind: 'mongodump' });
    expect(u.files.map((f: { collection: string }) => f.collection).sort()).toEqual(Object.keys(counts).sort());
    expect(u.files.find((f: { collection: string }) => f.collection === 'pets')).toMatchObject({
      name: 'pawshub/pets.bson',
      format: 'bson',
      gzip: false,
    });
    // The zip is removed once unpacked; the export stays until it is old.
    expect(await readdir(path.join(importDir, u.uploadId))).toEqual(['export', 'upload.json']);
  });

  it('accepts the content type Windows browsers send for a zip, and a body without a declared length', async () => {
    const res = await upload(
      t,
      admin,
      Readable.from([fixtureZip.subarray(0, 100), fixtureZip.subarray(100)]),
      'application/x-zip-compressed',
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses what is not a zip, by its bytes', async () => {
    for (const body of ['{"users": []}', 'PK', Buffer.from('%PDF-1.7 not a zip')]) {
      const res = await upload(t, admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.notZip);
    }
    const json = await t.call({ method: 'POST', url: `${V}/uploads`, token: admin.token, payload: { zip: 'no' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(M.sendZip);
    const empty = await upload(t, admin, rawZip([]));
    expect(empty.json().message).toBe(M.empty);
    expect(await readdir(importDir)).toHaveLength(2);
  });

  it('refuses a zip over the configured size, declared or not', async () => {
    const big = Buffer.concat([fixtureZip.subarray(0, 4), Buffer.alloc(1.5 * 2 ** 20)]);
    const declared = await upload(t, admin, big);
    expect(declared.statusCode).toBe(400);
    expect(declared.json().message).toBe(M.tooLarge(1));
    const streamed = await upload(t, admin, Readable.from([big.subarray(0, 2 ** 19), big.subarray(2 ** 19)]));
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().message).toBe(M.tooLarge(1));
    expect(await readdir(importDir)).toHaveLength(2);
  });

  it('refuses entries whose paths leave the folder, and symbolic links, writing nothing', async () => {
    const cases: [Parameters<typeof rawZip>[0], string][] = [
      [
        [
          { name: 'users.json', data: '{}' },
          { name: '../evil.json', data: 'x' },
        ],
        M.unsafePath('../evil.json'),
      ],
      [[{ name: 'dump/../../evil.json', data: 'x' }], M.unsafePath('dump/../../evil.json')],
      [[{ name: '/etc/evil.json', data: 'x' }], M.unsafePath('/etc/evil.json')],
      [[{ name: 'C:/evil.json', data: 'x' }], M.unsafePath('C:/evil.json')],
      [[{ name: 'pets.json', data: '/etc/passwd', mode: 0o120777 }], M.symlink('pets.json')],
    ];
    for (const [entries, message] of cases) {
      const res = await upload(t, admin, rawZip(entries));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await readdir(importDir)).toHaveLength(2);
    expect(await readdir(path.dirname(importDir))).not.toContain('evil.json');
  });

  it('refuses a damaged zip and a zip that holds no export, saying so', async () => {
    const cut = await upload(t, admin, fixtureZip.subarray(0, 2000));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/^The zip could not be read \(.+\): it is damaged or incomplete/);
    const none = await upload(t, admin, rawZip([{ name: 'notes.txt', data: 'hello' }]));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^No export found in the zip \(it holds notes\.txt\): expected mongodump output/);
    expect(none.json().message).not.toContain(importDir);
  });
});

describe('runs', () => {
  let t: TestApp;
  let admin: TestUser;
  let uploadId: string;
  let dryRunId: string;
  beforeAll(async () => {
    ({ t, admin } = await appWithUploads());
    uploadId = (await upload(t, admin, fixtureZip, 'application/zip', 'export.zip')).json().upload.uploadId;
  });
  afterAll(() => t.close());

  it('refuses an import before a dry run of the upload has finished', async () => {
    const res = await start(t, admin, uploadId, 'import');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.dryRunFirst);
    expect(await count(t, 'import_runs')).toBe(0);
  });

  it('a dry run: 202, one at a time, writes nothing, reports counts per collection; audited', async () => {
    const [a, b] = await Promise.all([start(t, admin, uploadId, 'dry-run'), start(t, admin, uploadId, 'dry-run')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const ok = a.statusCode === 202 ? a : b;
    expect((a.statusCode === 409 ? a : b).json().message).toBe(M.busy);
    dryRunId = ok.json().runId;
    expect(ok.json()).toMatchObject({ success: true, message: 'Dry run started' });
    const run = await finished(t, admin, dryRunId);
    expect(run).toMatchObject({ status: 'done', mode: 'dry-run', via: 'admin', fileName: 'export.zip', uploadId, error: null });
    expect(run.startedBy).toEqual({ _id: admin.id, fullName: expect.any(String) });
    const pets = run.report.collections.find((c: { collection: string }) => c.collection === 'pets');
    expect(pets.counts.read).toBe(counts.pets);
    expect(pets.counts.imported).toBe(counts.pets);
    expect(run.report.collections.map((c: { collection: string }) => c.collection)).toEqual(
      IMPORT_ORDER.filter((c) => c in counts),
    );
    expect(run.documents).toBe(
      run.report.collections.reduce((n: number, c: { counts: { read: number } }) => n + c.counts.read, 0),
    );
    expect(await count(t, 'pets')).toBe(0);
    const audit = await t.database.db.execute(
      sql`select action, user_id, data from audit_log where entity = 'import_run' and entity_id = ${dryRunId} order by created_at, action desc`,
    );
    const rows = (audit as unknown as { rows: { action: string; user_id: string; data: any }[] }).rows;
    expect(rows.map((r) => [r.action, r.user_id])).toEqual([
      ['import.start', admin.id],
      ['import.finish', admin.id],
    ]);
    expect(rows[1]!.data.after).toMatchObject({ mode: 'dry-run', status: 'done', read: run.documents });
  }, 120_000);

  it('then imports: the records are written, the report says so, and the Markdown report downloads', async () => {
    const res = await start(t, admin, uploadId, 'import');
    expect(res.statusCode).toBe(202);
    const run = await finished(t, admin, res.json().runId);
    expect(run.status).toBe('done');
    // The fixture's pets, and 'Deleted pet', which holds the visit whose pet the original deleted.
    expect(await count(t, 'pets')).toBe(counts.pets + 1);
    const owners = run.report.collections.find((c: { collection: string }) => c.collection === 'owners');
    expect(owners.counts.merged).toBeGreaterThanOrEqual(1);
    const md = await t.call({ method: 'GET', url: `${V}/runs/${run._id}/report.md`, token: admin.token });
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.headers['content-disposition']).toMatch(
      /^attachment; filename="import-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-import\.md"$/,
    );
    expect(md.body).toContain('# Import report — import');
    expect(md.body).toContain('- Export: `export.zip`');
    expect(md.body).toContain('mongodump');
    expect(md.body).toMatch(new RegExp(`\\| pets \\| pawshub/pets\\.bson \\| ${counts.pets} \\| ${counts.pets} \\|`));
  }, 120_000);

  it('pages the problems of a collection from the stored report', async () => {
    const run = await finished(t, admin, dryRunId);
    const withProblems = run.report.collections.find((c: { problemCount: number }) => c.problemCount > 1);
    expect(withProblems).toBeDefined();
    const all = await t.call({
      method: 'GET',
      url: `${V}/runs/${dryRunId}/problems?collection=${withProblems.collection}&limit=500`,
      token: admin.token,
    });
    expect(all.json().total).toBe(withProblems.problemCount);
    expect(all.json().problems.slice(0, withProblems.problems.length)).toEqual(withProblems.problems);
    const second = await t.call({
      method: 'GET',
      url: `${V}/runs/${dryRunId}/problems?collection=${withProblems.collection}&offset=1&limit=1`,
      token: admin.token,
    });
    expect(second.json().problems).toEqual([all.json().problems[1]]);
    const unknown = await t.call({ method: 'GET', url: `${V}/runs/${newId()}/problems?collection=pets`, token: admin.token });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists runs newest first, paged', async () => {
    const first = await t.call({ method: 'GET', url: `${V}/runs?limit=1`, token: admin.token });
    expect(first.json().runs).toHaveLength(1);
    expect(first.json().runs[0].mode).toBe('import');
    const next = await t.call({
      method: 'GET',
      url: `${V}/runs?limit=1&cursor=${first.json().nextCursor}`,
      token: admin.token,
    });
    expect(next.json().runs.map((r: { _id: string }) => r._id)).toEqual([dryRunId]);
    expect(next.json().nextCursor).toBeNull();
  });

  it('an unknown upload is a 404, a malformed one a 400', async () => {
    const gone = await start(t, admin, newId(), 'dry-run');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.uploadNotFound);
    expect((await start(t, admin, '../../etc', 'dry-run')).statusCode).toBe(400);
  });

  it('marks a run left running by a stopped server as failed; a live run of another instance refuses a start', async () => {
    const running = async (heartbeatAt: Date) => {
      const id = newId();
      const live = {
        heartbeatAt: heartbeatAt.toISOString(),
        progress: { runId: id, mode: 'import', collections: [], current: null },
      };
      await t.database.db.insert(importRuns).values({
        id,
        mode: 'import',
        status: 'running',
        via: 'admin',
        startedBy: admin.id,
        source: 'upload:x',
        report: { live },
      });
      return id;
    };
    const old = await running(new Date(Date.now() - 10 * 60_000));
    const res = await t.call({ method: 'GET', url: `${V}/runs/${old}`, token: admin.token });
    expect(res.json().run).toMatchObject({ status: 'failed', error: expect.stringMatching(/^The server stopped before/) });
    const fresh = await running(new Date());
    const after = (await t.call({ method: 'GET', url: `${V}/runs/${fresh}`, token: admin.token })).json().run;
    if (t.database.kind === 'pglite') {
      // One process holds an embedded database: a run that is not this server's own is over, whatever its heartbeat.
      expect(after.status).toBe('failed');
    } else {
      // PostgreSQL: another instance's run with a live heartbeat goes on; its saved progress is answered.
      expect(after).toMatchObject({ status: 'running', progress: { runId: fresh } });
      const refused = await start(t, admin, uploadId, 'dry-run');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(M.busy);
      await t.database.db.execute(sql`update import_runs set status = 'failed' where id = ${fresh}`);
    }
  });
});

describe('refusals', () => {
  it('the database already holds owners and pets of its own: 409 with the reason, nothing recorded', async () => {
    const { t, admin } = await appWithUploads();
    try {
      await makePet(t.database.db, { name: 'Resident' });
      const uploadId = (await upload(t, admin, fixtureZip)).json().upload.uploadId;
      const res = await start(t, admin, uploadId, 'dry-run');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^This database already holds 1 owner, 1 pet not imported from the original system/);
      expect(await count(t, 'import_runs')).toBe(0);
    } finally {
      await t.close();
    }
  });
});

/** Collects a stream's events until 'finished' (or the stream ends). */
function readEvents(res: Response) {
  const events: { event: string; data: any }[] = [];
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buf += decoder.decode(chunk, { stream: true });
      for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) events.push({ event, data: JSON.parse(data) });
        if (event === 'finished') return;
      }
    }
  })().catch(() => {});
  return { events, reading };
}

describe('progress pushed to the page', () => {
  it('a stream opened before the run gets ready, progress per collection, and finished', async () => {
    const { t, admin } = await appWithUploads();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${V}`;
      const refused = await fetch(`${base}/events`, { headers: { authorization: admin.token } });
      expect(refused.status).toBe(406);
      const ac = new AbortController();
      const res = await fetch(`${base}/events`, {
        headers: { authorization: admin.token, accept: 'text/event-stream' },
        signal: ac.signal,
      });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const { events, reading } = readEvents(res);
      const uploadId = (await upload(t, admin, fixtureZip)).json().upload.uploadId;
      const runId = (await start(t, admin, uploadId, 'dry-run')).json().runId;
      await Promise.race([reading, new Promise((r) => setTimeout(r, 30_000))]);
      ac.abort();
      expect(events[0]).toEqual({ event: 'ready', data: { progress: null } });
      const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
      expect(progress.length).toBeGreaterThan(2);
      expect(progress.every((p) => p.runId === runId && p.mode === 'dry-run')).toBe(true);
      const last = progress.at(-1);
      expect(last.current).toBeNull();
      const pets = last.collections.find((c: { collection: string }) => c.collection === 'pets');
      expect(pets).toMatchObject({ phase: 'done', counts: { read: counts.pets, imported: counts.pets } });
      expect(progress.some((p) => p.collections.some((c: { phase: string }) => c.phase === 'reading'))).toBe(true);
      expect(events.at(-1)).toEqual({ event: 'finished', data: { runId, status: 'done', error: null } });
    } finally {
      await t.close();
    }
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: a stream follows a run of another instance from its saved progress, to its end',
    async () => {
      const { t, admin } = await appWithUploads();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const id = newId();
        const progress = {
          runId: id,
          mode: 'import',
          current: 'pets',
          collections: [
            {
              collection: 'pets',
              phase: 'reading',
              bytes: 5,
              totalBytes: 10,
              counts: { read: 3, imported: 3, updated: 0, merged: 0, unchanged: 0, skipped: 0, skippedWhy: {} },
              problems: 0,
            },
          ],
        };
        await t.database.db.insert(importRuns).values({
          id,
          mode: 'import',
          status: 'running',
          via: 'admin',
          startedBy: admin.id,
          source: 'upload:x',
          report: { live: { heartbeatAt: new Date().toISOString(), progress } },
        });
        const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${V}`;
        const ac = new AbortController();
        const res = await fetch(`${base}/events`, {
          headers: { authorization: admin.token, accept: 'text/event-stream' },
          signal: ac.signal,
        });
        const { events, reading } = readEvents(res);
        await new Promise((r) => setTimeout(r, 2_500));
        await t.database.db.execute(sql`update import_runs set status = 'done', finished_at = now() where id = ${id}`);
        await Promise.race([reading, new Promise((r) => setTimeout(r, 10_000))]);
        ac.abort();
        expect(events[0]).toEqual({ event: 'ready', data: { progress } });
        expect(events.some((e) => e.event === 'progress' && e.data.runId === id)).toBe(true);
        expect(events.at(-1)).toEqual({ event: 'finished', data: { runId: id, status: 'done', error: null } });
      } finally {
        await t.close();
      }
    },
    30_000,
  );
});

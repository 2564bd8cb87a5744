import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { fixtureHazards, SMALL_FIXTURE, writeFixtureExport } from '../../../../test/import-fixture.ts';
import { freshDatabase } from '../../../../test/harness.ts';
import { diskRefusal, runImport } from './engine.ts';

let root: string;
let from: string;
let database: Database;
const hazards = fixtureHazards(SMALL_FIXTURE);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pawdesk-import-engine-'));
  from = path.join(root, 'bson');
  await writeFixtureExport(from, 'bson', SMALL_FIXTURE);
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

const q = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the import engine', () => {
  it('a dry run writes nothing and counts what an import would do', async () => {
    const r = await runImport(database.db, { from, dryRun: true, via: 'cli' });
    const owners = r.collections.find((c) => c.collection === 'owners')!;
    expect(owners.counts.merged).toBeGreaterThanOrEqual(1);
    const rows = await q<{ n: number }>(sql`select count(*)::int as n from pets`);
    expect(rows[0]?.n).toBe(0);
  });

  it('imports users, owners and pets keeping ids; merges the duplicate owner; a rerun changes nothing', async () => {
    const r = await runImport(database.db, { from, dryRun: false, via: 'cli' });
    const byName = Object.fromEntries(r.collections.map((c) => [c.collection, c]));
    expect(byName.pets!.counts.imported).toBe(byName.pets!.counts.read);
    const [o0, o1, o2] = hazards.duplicateEmailOwners;
    const merged = await q<{ id: string }>(sql`select id from owners where id in (${o0}, ${o1}, ${o2}) order by id`);
    expect(merged.map((m) => m.id)).toEqual([o0, o2]);
    const vax = await q<{ name: string }>(
      sql`select name from vaccinations where pet_id = ${hazards.medicineAmongVaccinations.petId}`,
    );
    expect(vax.map((v) => v.name)).not.toContain(hazards.medicineAmongVaccinations.name);
    const again = await runImport(database.db, { from, dryRun: false, via: 'cli' });
    expect(again.unchanged).toBe(true);
  });
});

describe('the disk space check', () => {
  it('refuses an export that needs more than the free space, with the figures', () => {
    expect(diskRefusal(2 * 2 ** 30, 5 * 2 ** 30)).toBeNull();
    expect(diskRefusal(3 * 2 ** 30, 5 * 2 ** 30)).toBe(
      'Not enough disk space: the export holds 3.0 GiB and the import needs about twice that (6.0 GiB); 5.0 GiB is free where the database is',
    );
  });
});

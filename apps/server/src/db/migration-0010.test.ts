/**
 * Migration 0010 (issue 15) on a database that holds the old ledger: a fresh database migrated to 0009, rows written
 * in the old shape, then the rest of the migrations. Owners are filled in from the pets, charges say what they are
 * for, completed payments keep their receipts and get a completion time, a prescription booked as paid by payment
 * link is marked with a note (its receipt stays), and afterwards the ledger refuses edits.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder, openDatabase } from './client.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy of the migrations folder holding only the first `n` migrations. */
function firstMigrations(n: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawdesk-mig-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(0, n);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function rows(d: Database, query: string) {
  return ((await d.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** The database's message refusing a statement ('' when it ran). */
async function refusal(d: Database, statement: string): Promise<string> {
  try {
    await d.db.execute(sql.raw(statement));
    return '';
  } catch (err) {
    return String((err as { cause?: { message?: string } }).cause?.message ?? err);
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('migration 0010 on an old ledger (PGlite)', () => {
  it('fills owners, marks link-paid prescriptions, keeps receipts, then refuses edits', async () => {
    const d = await openDatabase({});
    try {
      await migrate(d.db as never, { migrationsFolder: firstMigrations(10) });
      const old = `
        insert into users (id, email, password_hash, full_name, role) values ('u00000000000000000000001', 'a@x.in', 'x', 'Asha', 'staff');
        insert into owners (id, name, phone, address) values ('o00000000000000000000001', 'Ravi', '9810000001', 'Gurugram');
        insert into pets (id, owner_id, name, species, breed, sex, color, registration_date)
          values ('p00000000000000000000001', 'o00000000000000000000001', 'Sheru', 'dog', 'Indie', 'Male', 'Brown', '2026-11-01');
        insert into prescriptions (id, pet_id, customer_type, total_paise, created_by)
          values ('r00000000000000000000001', 'p00000000000000000000001', 'pvtltd', 1800, 'u00000000000000000000001');
        insert into payments (id, kind, status, method, amount_paise, pet_id, prescription_id, receipt_no, paid_at, created_by)
          values ('c00000000000000000000001', 'charge', 'completed', null, 1800, 'p00000000000000000000001', 'r00000000000000000000001', null, now(), 'u00000000000000000000001'),
                 ('c00000000000000000000002', 'payment', 'completed', 'payment_link', 1800, 'p00000000000000000000001', 'r00000000000000000000001', '2026-27/000007', now(), 'u00000000000000000000001')
      `;
      for (const statement of old.split(';')) await d.db.execute(sql.raw(statement));
      await d.migrate();
      const after = await rows(
        d,
        `select id, owner_id, account, charge_for, note, receipt_no, completed_at is not null as done from payments order by id`,
      );
      expect(after).toEqual([
        {
          id: 'c00000000000000000000001',
          owner_id: 'o00000000000000000000001',
          account: 'sale',
          charge_for: 'sale',
          note: null,
          receipt_no: null,
          done: false,
        },
        {
          id: 'c00000000000000000000002',
          owner_id: 'o00000000000000000000001',
          account: 'sale',
          charge_for: null,
          note: expect.stringContaining('a prescription paid by payment link was booked as money received'),
          receipt_no: '2026-27/000007',
          done: true,
        },
      ]);
      expect(await refusal(d, `update payments set amount_paise = 1 where id = 'c00000000000000000000002'`)).toMatch(
        /append-only/,
      );
      expect(await refusal(d, `delete from payments where id = 'c00000000000000000000001'`)).toMatch(/append-only/);
    } finally {
      await d.close();
    }
  });
});

import { WALK_IN_OWNER_ID } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

/**
 * Why the import may not run on this database, or null. It runs on a database that holds no owners, pets or sales
 * of its own yet (accounts may exist): everything there must have come from an earlier import of the original (a
 * rerun), or be Pawdesk's walk-in owner.
 */
export async function refusalToImport(db: DbOrTx): Promise<string | null> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from owners o where o.id <> ${WALK_IN_OWNER_ID}
         and not exists (select 1 from import_records r where r.target_table = 'owners' and r.target_id = o.id)) as owners,
      (select count(*)::int from pets p
         where not exists (select 1 from import_records r where r.target_table = 'pets' and r.target_id = p.id)) as pets,
      (select count(*)::int from payments l where l.completed_via is distinct from 'import') as sales
  `)) as unknown as { rows: { owners: number; pets: number; sales: number }[] };
  const row = result.rows[0] ?? { owners: 0, pets: 0, sales: 0 };
  const held: string[] = [];
  if (row.owners > 0) held.push(`${row.owners} owner${row.owners === 1 ? '' : 's'}`);
  if (row.pets > 0) held.push(`${row.pets} pet${row.pets === 1 ? '' : 's'}`);
  if (row.sales > 0) held.push(`${row.sales} ledger row${row.sales === 1 ? '' : 's'}`);
  if (held.length === 0) return null;
  return `This database already holds ${held.join(', ')} not imported from the original system. The import runs only on a database with no owners, pets or sales of its own (accounts may exist): start from a new database (a fresh data directory, or an empty PostgreSQL database) and import there.`;
}

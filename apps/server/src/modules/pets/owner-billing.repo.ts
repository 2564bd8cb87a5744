import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { owners, pets } from '../../db/schema/index.ts';

export interface OwnerBillingRow {
  id: string;
  name: string;
  address: string;
  /** Null for an imported owner without a phone (issue 21). */
  phone: string | null;
  email: string | null;
  gstin: string | null;
  stateCode: string | null;
  userId: string | null;
}

const columns = {
  id: owners.id,
  name: owners.name,
  address: owners.address,
  phone: owners.phone,
  email: owners.email,
  gstin: owners.gstin,
  stateCode: owners.stateCode,
  userId: owners.userId,
};

export async function findOwnersForBilling(db: DbOrTx, ids: readonly string[]): Promise<OwnerBillingRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(owners)
    .where(sql`${owners.id} = any(${sql.param([...new Set(ids)])}::varchar[])`);
}

export async function findOwnerOfUserForBilling(db: DbOrTx, userId: string): Promise<OwnerBillingRow | undefined> {
  const [row] = await db.select(columns).from(owners).where(sql`${owners.userId} = ${userId}`).limit(1);
  return row;
}

export async function findPetNames(db: DbOrTx, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: pets.id, name: pets.name })
    .from(pets)
    .where(sql`${pets.id} = any(${sql.param([...new Set(ids)])}::varchar[])`);
}

import { randomInt } from 'node:crypto';
import type { DbOrTx } from '../src/db/client.ts';
import { inventoryItems, owners, pets, subscriptionPlans, vaccinations, visitTypes } from '../src/db/schema/index.ts';

/** A unique 10-digit phone number for test data. */
export function phone(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export type OwnerRow = typeof owners.$inferSelect;
export type PetRow = typeof pets.$inferSelect;

/** Inserts an owner (unique phone) directly, for tests of other modules. */
export async function makeOwner(
  db: DbOrTx,
  o: Partial<typeof owners.$inferInsert> & { phone?: string } = {},
): Promise<OwnerRow & { phone: string }> {
  const [row] = await db
    .insert(owners)
    .values({ name: 'Test Owner', phone: phone(), email: null, address: 'Sector 45, Gurugram', ...o })
    .returning();
  return row as OwnerRow & { phone: string };
}

/**
 * An owner as the import of the original system leaves one who had no phone there (issue 21): phone null. Inserted
 * directly (the importer writes such rows; no Pawdesk form creates one).
 */
export async function makeOwnerWithoutPhone(
  db: DbOrTx,
  o: Partial<Omit<typeof owners.$inferInsert, 'phone'>> = {},
): Promise<OwnerRow & { phone: null }> {
  const [row] = await db
    .insert(owners)
    .values({ name: 'Imported Owner', email: null, address: '', ...o, phone: null })
    .returning();
  return row as OwnerRow & { phone: null };
}

/** The core vaccines (the admission rule's default) recorded without dates: a dog that may board. */
export const CORE_VACCINATIONS = [
  { name: 'Rabies', numberOfDose: 1 },
  { name: 'DHPP', numberOfDose: 1 },
];

type VaccinationValues = Omit<typeof vaccinations.$inferInsert, 'petId'>;

/**
 * Inserts a pet (with a new owner unless ownerId is given). A dog gets the core vaccinations (no dates) unless
 * `vaccinations` is given, so that it meets the boarding admission rule; pass `vaccinations: []` for none.
 */
export async function makePet(
  db: DbOrTx,
  p: Partial<typeof pets.$inferInsert> & { vaccinations?: VaccinationValues[] } = {},
): Promise<PetRow> {
  const { vaccinations: given, ...rest } = p;
  const vacc = given ?? ((rest.species ?? 'dog') === 'dog' ? CORE_VACCINATIONS : []);
  const ownerId = rest.ownerId ?? (await makeOwner(db)).id;
  const [row] = await db
    .insert(pets)
    .values({
      name: 'Bruno',
      species: 'dog',
      breed: 'Beagle',
      sex: 'Male',
      color: 'Brown',
      dob: '2022-05-10',
      neutered: false,
      registrationDate: '2026-11-01',
      ...rest,
      ownerId,
    })
    .returning();
  if (vacc?.length) await db.insert(vaccinations).values(vacc.map((v) => ({ petId: row!.id, ...v })));
  return row!;
}

let itemSeq = 0;

/** Inserts an inventory item (a name of its own unless given: active names are unique per unit); prices in paise. */
export async function makeItem(db: DbOrTx, i: Partial<typeof inventoryItems.$inferInsert> = {}) {
  const [row] = await db
    .insert(inventoryItems)
    .values({
      itemName: `Test Item ${++itemSeq}.${randomInt(0, 1_000_000)}`,
      stock: 100,
      stockUnit: 'tablet',
      itemType: 'medicine',
      unitCostPaise: 500,
      unitMinRetailNgoPaise: 800,
      unitMaxRetailCustomerPaise: 1200,
      reorderLevel: 10,
      ...i,
    })
    .returning();
  return row!;
}

let typeSeq = 0;

/** Inserts a visit type of its own (a unique code and purpose), so a test can change it freely; prices in paise. */
export async function makeVisitType(db: DbOrTx, v: Partial<typeof visitTypes.$inferInsert> = {}) {
  const n = `${++typeSeq}_${randomInt(0, 1_000_000)}`;
  const [row] = await db
    .insert(visitTypes)
    .values({ code: `test_${n}`, purpose: `Test Purpose ${n}`, pricePaise: 50_000, sortOrder: 100, ...v })
    .returning();
  return row!;
}

/** Inserts a subscription plan of a visit type; price in paise. */
export async function makePlan(db: DbOrTx, visitTypeId: string, p: Partial<typeof subscriptionPlans.$inferInsert> = {}) {
  const [row] = await db
    .insert(subscriptionPlans)
    .values({ visitTypeId, name: 'Test Plan', pricePaise: 1_000_000, durationDays: 30, numberOfGroomings: 1, ...p })
    .returning();
  return row!;
}

import type { DbOrTx } from '../../../db/client.ts';
import { inventoryItems, owners, pets, subscriptionPlans, subscriptions, users, visitTypes } from '../../../db/schema/index.ts';
import type { ImportContext } from './context.ts';

/**
 * Lookups the importers share, each loaded once per run from the database (so a rerun or a later collection sees
 * what earlier runs and collections imported) and kept current by the importer that adds to it. Sizes stay small
 * enough for memory at the scale the issue names (100,000 pets: a few MB); visits are never held (1,000,000).
 */
export interface UserInfo {
  role: 'staff' | 'customer';
  email: string;
  fullName: string;
  phone: string | null;
}

export const lookups = {
  /** Every user by id. */
  users: (ctx: ImportContext) =>
    ctx.cached('users', async (db: DbOrTx) => {
      const rows = await db
        .select({ id: users.id, role: users.role, email: users.email, fullName: users.fullName, phone: users.phone })
        .from(users);
      return new Map<string, UserInfo>(rows.map((r) => [r.id, r]));
    }),
  /** Every owner's id → the customer account linked to it (null when none). */
  owners: (ctx: ImportContext) =>
    ctx.cached('owners', async (db: DbOrTx) => {
      const rows = await db.select({ id: owners.id, userId: owners.userId }).from(owners);
      return new Map<string, string | null>(rows.map((r) => [r.id, r.userId]));
    }),
  /** Every pet's id → its owner's id. */
  petOwner: (ctx: ImportContext) =>
    ctx.cached('petOwner', async (db: DbOrTx) => {
      const rows = await db.select({ id: pets.id, ownerId: pets.ownerId, name: pets.name }).from(pets);
      return new Map<string, { ownerId: string; name: string }>(rows.map((r) => [r.id, { ownerId: r.ownerId, name: r.name }]));
    }),
  /** Every owner's name and phone (what a visit's search row copies). */
  ownerInfo: (ctx: ImportContext) =>
    ctx.cached('ownerInfo', async (db: DbOrTx) => {
      const rows = await db.select({ id: owners.id, name: owners.name, phone: owners.phone }).from(owners);
      return new Map<string, { name: string; phone: string | null }>(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
    }),
  /**
   * Pets' subscriptions (a few per pet at most): by `pet|plan` the one a visit on that plan used (the first made, as
   * the original's findOne found it), and by `pet|visitType` the live one of that purpose.
   */
  subscriptions: (ctx: ImportContext) =>
    ctx.cached('subscriptions', async (db: DbOrTx) => {
      const rows = await db
        .select({
          id: subscriptions.id,
          petId: subscriptions.petId,
          planId: subscriptions.planId,
          visitTypeId: subscriptions.visitTypeId,
          live: subscriptions.active,
          awaiting: subscriptions.awaitingPayment,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .orderBy(subscriptions.createdAt, subscriptions.id);
      const byPlan = new Map<string, string>();
      const live = new Map<string, string>();
      const anyOfPurpose = new Map<string, string>();
      const planOf = new Map<string, string>();
      for (const r of rows) {
        planOf.set(r.id, r.planId);
        if (!byPlan.has(`${r.petId}|${r.planId}`)) byPlan.set(`${r.petId}|${r.planId}`, r.id);
        if (r.live || r.awaiting) live.set(`${r.petId}|${r.visitTypeId}`, r.id);
        if (!anyOfPurpose.has(`${r.petId}|${r.visitTypeId}`)) anyOfPurpose.set(`${r.petId}|${r.visitTypeId}`, r.id);
      }
      return { byPlan, live, anyOfPurpose, planOf };
    }),
  visitTypes: (ctx: ImportContext) =>
    ctx.cached('visitTypes', async (db: DbOrTx) => {
      const rows = await db
        .select({ id: visitTypes.id, code: visitTypes.code, purpose: visitTypes.purpose, isBoarding: visitTypes.isBoarding })
        .from(visitTypes);
      return new Map(rows.map((r) => [r.id, r]));
    }),
  plans: (ctx: ImportContext) =>
    ctx.cached('plans', async (db: DbOrTx) => {
      const rows = await db
        .select({
          id: subscriptionPlans.id,
          visitTypeId: subscriptionPlans.visitTypeId,
          pricePaise: subscriptionPlans.pricePaise,
          durationDays: subscriptionPlans.durationDays,
          numberOfGroomings: subscriptionPlans.numberOfGroomings,
        })
        .from(subscriptionPlans);
      return new Map(rows.map((r) => [r.id, r]));
    }),
  inventory: (ctx: ImportContext) =>
    ctx.cached('inventory', async (db: DbOrTx) => {
      const rows = await db
        .select({
          id: inventoryItems.id,
          itemName: inventoryItems.itemName,
          itemType: inventoryItems.itemType,
          stockUnit: inventoryItems.stockUnit,
          unitCostPaise: inventoryItems.unitCostPaise,
          ngoPaise: inventoryItems.unitMinRetailNgoPaise,
          customerPaise: inventoryItems.unitMaxRetailCustomerPaise,
        })
        .from(inventoryItems);
      return new Map(rows.map((r) => [r.id, r]));
    }),
};

/** The owner record a customer account is linked to (after owners are imported), by user id. */
export async function ownerOfUser(ctx: ImportContext, userId: string): Promise<string | undefined> {
  const byUser = await ctx.cached('ownerOfUser', async () => {
    const map = new Map<string, string>();
    for (const [ownerId, uid] of await lookups.owners(ctx)) if (uid) map.set(uid, ownerId);
    return map;
  });
  return byUser.get(userId);
}

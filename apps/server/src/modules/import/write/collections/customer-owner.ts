import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../../db/client.ts';
import { importRecords, owners } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { derivedId } from '../ids.ts';
import { lookups, ownerOfUser } from '../lookups.repo.ts';
import type { Incoming } from '../types.ts';

/**
 * The owner record behind a customer account. The original keys wallets, boarding packages, bookings and the
 * customer's inbox by the User, not the Owner (reference §2: the two are tied only by an equal email), so an account
 * may have no owner record. Pawdesk keeps money and notices on owners, so such an account gets one made from it —
 * its name, phone (when no other owner holds it) and email, an empty address — linked to the account and listed.
 * A reference to an account the original deleted gets an owner of its own, 'Deleted customer account', so its money
 * stays apart from every other's (a wallet's balance is its owner's), also listed.
 */

/** The id of the owner record made for a customer account (or for a deleted account's records). */
export const ownerMadeForUser = (userId: string) => derivedId('users', userId, 'owner');

/** Where the owners made here are recorded (like placeholders), so a rerun sees them as imported. */
const MADE = '_owners_from_users';

export interface CustomerOwner {
  ownerId: string;
  /** False when the account no longer exists (its records hang on a 'Deleted customer account' owner). */
  userExists: boolean;
}

/**
 * The owner of each customer account the batch names (by user id), made when missing. `wanted` pairs each document
 * with the account it names, so what was made is listed against the first document that needed it.
 */
export async function customerOwners(
  tx: Tx,
  ctx: ImportContext,
  wanted: readonly { doc: Incoming; userId: string }[],
): Promise<Map<string, CustomerOwner>> {
  const users = await lookups.users(ctx);
  const ownerIds = await lookups.owners(ctx);
  const out = new Map<string, CustomerOwner>();
  const toMake: { doc: Incoming; userId: string; ownerId: string; exists: boolean }[] = [];
  for (const { doc, userId } of wanted) {
    if (out.has(userId)) continue;
    const user = users.get(userId);
    const linked = user ? await ownerOfUser(ctx, userId) : undefined;
    if (linked) {
      out.set(userId, { ownerId: linked, userExists: true });
      continue;
    }
    const ownerId = ownerMadeForUser(userId);
    out.set(userId, { ownerId, userExists: !!user });
    if (!ownerIds.has(ownerId)) toMake.push({ doc, userId, ownerId, exists: !!user });
  }
  if (toMake.length === 0) return out;

  // A phone another owner holds stays with that owner (phones are unique when present).
  const phones = toMake.flatMap((m) => {
    const p = users.get(m.userId)?.phone;
    return p ? [p] : [];
  });
  const taken = new Set(
    phones.length
      ? (await tx.select({ phone: owners.phone }).from(owners).where(inArray(owners.phone, phones))).map((r) => r.phone)
      : [],
  );
  const rows: (typeof owners.$inferInsert)[] = [];
  for (const m of toMake) {
    const user = users.get(m.userId);
    const at = new Date(Number.parseInt(m.userId.slice(0, 8), 16) * 1000);
    if (!user) {
      ctx.problem(
        m.doc,
        `the customer account ${m.userId} no longer exists (deleted in the original); its records are kept under an owner named 'Deleted customer account'`,
      );
      rows.push({
        id: m.ownerId,
        name: 'Deleted customer account',
        phone: null,
        email: null,
        address: '',
        createdAt: at,
        updatedAt: at,
      });
      ownerIds.set(m.ownerId, null);
      continue;
    }
    let phone = user.phone;
    if (phone && taken.has(phone)) {
      ctx.problem(
        m.doc,
        `the phone ${phone} of the account ${user.email} belongs to another owner: the owner made for it keeps no phone`,
      );
      phone = null;
    }
    if (phone) taken.add(phone);
    ctx.problem(
      m.doc,
      `the customer account ${user.email} (${user.fullName}${user.role === 'customer' ? '' : ', a staff account'}) had no owner record: one was made from the account (name, phone, email; no address) and linked to it`,
    );
    rows.push({
      id: m.ownerId,
      name: user.fullName,
      phone,
      email: user.email,
      address: '',
      userId: m.userId,
      createdAt: at,
      updatedAt: at,
    });
    ownerIds.set(m.ownerId, m.userId);
    ctx.peek<Map<string, string>>('ownerOfUser')?.set(m.userId, m.ownerId);
  }
  await tx.insert(owners).values(rows).onConflictDoNothing();
  await tx
    .insert(importRecords)
    .values(
      rows.map((r) => ({
        collection: MADE,
        originalId: r.id!,
        hash: '-',
        outcome: 'imported' as const,
        targetTable: 'owners',
        targetId: r.id!,
        runId: ctx.opts.runId,
      })),
    )
    .onConflictDoNothing();
  return out;
}

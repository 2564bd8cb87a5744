import { type AllocationDirection, dateInTz, type LedgerKind, type LedgerStatus, walletBalance } from '@pawdesk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client.ts';
import { boardingPackageSubscriptions, packageCharges, packagePets, payments } from '../../../../db/schema/index.ts';
import { insertMany } from '../bulk.ts';
import type { ImportedLedgerRow } from '../context.ts';
import { derivedId } from '../ids.ts';
import { PLACEHOLDER } from '../placeholders.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { customerOwners } from './customer-owner.ts';
import { offerFor } from './package-offers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
/** Mismatches of balanceAfter listed per wallet before the rest are counted. */
const LIST_AT_MOST = 5;

interface Pkg {
  id: string;
  name: string;
  days: number;
  startedAt: Date | null;
}
interface PkgPet {
  id: string;
  petId: string;
  packageId: string;
  /** Days numbered and business dates claimed so far (database and this batch). */
  lastDay: number;
  dates: Set<string>;
}
interface WalletRow {
  id: string;
  ownerId: string;
  kind: LedgerKind;
  status: LedgerStatus;
  direction: AllocationDirection | null;
  amountPaise: number;
  refundOf: string | null;
  createdAt: Date;
}

/** The package of a customer a daily charge at `at` paid: started before it and within its days (+1 for the 00:05 run). */
function packageAt(pkgs: readonly Pkg[], at: Date): Pkg | undefined {
  let best: Pkg | undefined;
  for (const p of pkgs) {
    if (!p.startedAt) continue;
    const start = p.startedAt.getTime();
    if (at.getTime() < start - HOUR || at.getTime() > start + (p.days + 1) * DAY) continue;
    if (!best || start > best.startedAt!.getTime()) best = p;
  }
  return best;
}

/** `amount` over `n` shares, whole paise, the first shares a paisa more when it does not divide. */
function split(amount: number, n: number): number[] {
  const base = Math.floor(amount / n);
  return Array.from({ length: n }, (_, i) => base + (i < amount - base * n ? 1 : 0));
}

async function loadOwnersState(tx: Tx, ownerIds: string[]) {
  const pkgs = ownerIds.length
    ? await tx
        .select({
          id: boardingPackageSubscriptions.id,
          ownerId: boardingPackageSubscriptions.ownerId,
          name: boardingPackageSubscriptions.name,
          days: boardingPackageSubscriptions.days,
          startedAt: boardingPackageSubscriptions.startedAt,
        })
        .from(boardingPackageSubscriptions)
        .where(inArray(boardingPackageSubscriptions.ownerId, ownerIds))
    : [];
  const pkgIds = pkgs.map((p) => p.id);
  const pets = pkgIds.length
    ? await tx
        .select({ id: packagePets.id, petId: packagePets.petId, packageId: packagePets.packageSubscriptionId })
        .from(packagePets)
        .where(inArray(packagePets.packageSubscriptionId, pkgIds))
        .orderBy(packagePets.addedAt, packagePets.id)
    : [];
  const claims = pkgIds.length
    ? await tx
        .select({ petRow: packageCharges.packagePetId, day: packageCharges.dayNumber, date: packageCharges.businessDate })
        .from(packageCharges)
        .where(inArray(packageCharges.packageSubscriptionId, pkgIds))
    : [];
  const wallet = ownerIds.length
    ? await tx
        .select({
          id: payments.id,
          ownerId: payments.ownerId,
          kind: payments.kind,
          status: payments.status,
          direction: payments.direction,
          amountPaise: payments.amountPaise,
          refundOf: payments.refundOf,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(and(inArray(payments.ownerId, ownerIds), eq(payments.account, 'wallet')))
        .orderBy(payments.createdAt, payments.id)
    : [];
  const petRows = new Map<string, PkgPet>();
  for (const p of pets) petRows.set(p.id, { ...p, lastDay: 0, dates: new Set() });
  for (const c of claims) {
    const row = petRows.get(c.petRow);
    if (!row) continue;
    row.lastDay = Math.max(row.lastDay, c.day);
    row.dates.add(c.date);
  }
  const byOwner = <T extends { ownerId: string }>(list: T[]) => {
    const m = new Map<string, T[]>();
    for (const x of list) m.set(x.ownerId, [...(m.get(x.ownerId) ?? []), x]);
    return m;
  };
  const petsOf = new Map<string, PkgPet[]>();
  for (const p of petRows.values()) petsOf.set(p.packageId, [...(petsOf.get(p.packageId) ?? []), p]);
  return { packagesOf: byOwner(pkgs), petsOf, walletOf: byOwner(wallet as WalletRow[]) };
}

/**
 * wallets (with their embedded transactions) → the owner's `wallet` account of the ledger (docs/decisions.md "The
 * wallet is a ledger account"): the wallet belongs to the owner of the customer account (made from the account when
 * it has none, listed). Each transaction becomes rows whose ids derive from its own _id, so a later export of a
 * changed wallet adds only its new transactions:
 *
 * - a credit ('Wallet Recharge', by Razorpay) is a completed wallet payment (card);
 * - a debit ('Daily Boarding Charge (N pets)') is posted as Pawdesk's own daily package charge is: a `package_day`
 *   charge per pet on the package's sale account and one allocation wallet → package for the day's total. The
 *   package is the customer's boarding package whose days the debit falls in (its pets share the amount, and each
 *   pet's day is claimed in package_charges); a debit that falls in none is posted on a package made for the
 *   wallet's history (ended, named after the plan), listed.
 *
 * balanceAfter is checked against the running sum and every mismatch listed. Pawdesk's balance of the wallet then
 * equals the original's `balance` to the paisa: when the transactions do not add up to it, the difference is
 * posted as a balance adjustment (a payment into the wallet, or a refund of its payments, method not recorded) and
 * listed.
 */
export const walletsImporter: CollectionImporter = {
  collection: 'wallets',
  async importBatch(tx, docs, ctx) {
    const wanted = docs.flatMap((doc) => {
      const id = new Fields(ctx, doc).ref('userId');
      return id ? [{ doc, userId: id }] : [];
    });
    const ownersOf = await customerOwners(tx, ctx, wanted);
    const ownerIds = [...new Set([...ownersOf.values()].map((o) => o.ownerId))];
    const state = await loadOwnersState(tx, ownerIds);
    const claims: (typeof packageCharges.$inferInsert)[] = [];
    const daysCharged = new Map<string, number>();
    const standIns: (typeof boardingPackageSubscriptions.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];

    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const userId = f.ref('userId');
      if (!userId) {
        ctx.problem(
          doc,
          `userId: missing; the wallet (balance ${String(f.get('balance'))}) belongs to no customer and was not imported`,
        );
        outcomes.push({ kind: 'skipped', reason: 'no customer account' });
        continue;
      }
      const { ownerId } = ownersOf.get(userId)!;
      const walletRows = state.walletOf.get(ownerId) ?? [];
      state.walletOf.set(ownerId, walletRows);
      const posted = new Set(walletRows.map((r) => r.id));
      const pkgs = (state.packagesOf.get(ownerId) ?? []) as Pkg[];
      const standInId = derivedId('wallets', doc.id, 'package');
      const list = Array.isArray(f.get('transactions')) ? (f.get('transactions') as Record<string, unknown>[]) : [];
      let running = 0;
      let debits = 0;
      let mismatches = 0;
      const unmatched: Date[] = [];
      const add = (row: ImportedLedgerRow) => {
        ctx.ledger.add(row);
        if (row.account === 'wallet') {
          walletRows.push({
            id: row.id,
            ownerId,
            kind: row.kind,
            status: row.status ?? 'completed',
            direction: row.direction ?? null,
            amountPaise: row.amountPaise,
            refundOf: row.refundOf ?? null,
            createdAt: row.createdAt,
          });
        }
      };

      for (const [i, t] of list.entries()) {
        const tid = f.ref('transactions._id', t?._id) ?? derivedId('wallets', doc.id, 'transaction', i);
        const type = f.text('transactions.type', t?.type).toLowerCase();
        const amount = f.paise('transactions.amount', t?.amount) ?? 0;
        const at = f.instant('transactions.createdAt', t?.createdAt) ?? f.updated();
        const description = f.text('transactions.description', t?.description);
        if (type !== 'credit' && type !== 'debit') {
          ctx.problem(
            doc,
            `transactions[${i}]: type ${type ? `"${type}"` : 'missing'} is neither credit nor debit; left out (the balance check below covers it)`,
          );
          continue;
        }
        running += type === 'credit' ? amount : -amount;
        const after = f.paise('transactions.balanceAfter', t?.balanceAfter);
        if (after !== null && after !== running) {
          mismatches += 1;
          if (mismatches <= LIST_AT_MOST) {
            ctx.problem(
              doc,
              `transactions[${i}] (${tid}): balanceAfter ${rupees(after)} but the transactions so far add up to ${rupees(running)}`,
            );
          }
        }
        if (amount <= 0) {
          if (amount < 0) ctx.problem(doc, `transactions[${i}]: a negative amount ${rupees(amount)}; left out`);
          continue;
        }
        if (type === 'credit') {
          const id = derivedId('wallets', tid, 'payment');
          if (posted.has(id)) continue;
          add({
            id,
            kind: 'payment',
            status: 'completed',
            account: 'wallet',
            ownerId,
            method: 'card',
            amountPaise: amount,
            note: `${description || 'Wallet Recharge'} (original system, paid online by Razorpay)`,
            paidAt: at,
            createdAt: at,
          });
          continue;
        }
        debits += amount;
        const outId = derivedId('wallets', tid, 'out');
        if (posted.has(outId)) continue;
        const day = dateInTz(at);
        const m = /\((\d+)\s*pets?\)/i.exec(description);
        const saidPets = m ? Number(m[1]) : null;
        const pkg = packageAt(pkgs, at);
        const pets = pkg ? (state.petsOf.get(pkg.id) ?? []) : [];
        let packageId: string;
        let label: string;
        if (pkg) {
          packageId = pkg.id;
          label = pkg.name;
          if (saidPets !== null && pets.length > 0 && saidPets !== pets.length) {
            ctx.problem(
              doc,
              `transactions[${i}]: "${description}" but the package ${pkg.id} has ${pets.length} pets: the amount is shared among its pets`,
            );
          }
        } else {
          packageId = standInId;
          label = 'Daily Boarding Charge';
          unmatched.push(at);
        }
        const shares = split(amount, Math.max(1, pets.length || (pkg ? 1 : (saidPets ?? 1))));
        shares.forEach((share, k) => {
          const pet = pets[k];
          const chargeId = derivedId('wallets', tid, 'charge', k);
          let dayNote = '';
          if (pet) {
            const n = pet.lastDay + 1;
            dayNote = `: day ${n} of ${pkg!.days}`;
            if (pet.dates.has(day)) {
              ctx.problem(
                doc,
                `transactions[${i}]: a second daily charge of ${pkg!.id} for ${day}; posted, but not counted as a package day`,
              );
            } else {
              pet.lastDay = n;
              pet.dates.add(day);
              if (n > pkg!.days)
                ctx.problem(doc, `transactions[${i}]: day ${n} of a ${pkg!.days}-day package (more daily charges than days)`);
              claims.push({
                id: derivedId('wallets', tid, 'day', pet.id),
                packagePetId: pet.id,
                packageSubscriptionId: pkg!.id,
                dayNumber: n,
                businessDate: day,
                amountPaise: share,
                chargeId,
                createdAt: at,
              });
              daysCharged.set(pet.id, Math.max(daysCharged.get(pet.id) ?? 0, n));
            }
          }
          add({
            id: chargeId,
            kind: 'charge',
            status: 'completed',
            account: 'sale',
            ownerId,
            petId: pet && pet.petId !== PLACEHOLDER.pet ? pet.petId : null,
            packageId,
            chargeFor: 'package_day',
            amountPaise: share,
            note: `${label}${dayNote} (${day}, original system)`,
            paidAt: at,
            createdAt: at,
          });
        });
        const note = `${description || 'Daily Boarding Charge'}: ${label}, ${day}`;
        add({
          id: outId,
          kind: 'allocation',
          status: 'completed',
          account: 'wallet',
          direction: 'out',
          ownerId,
          amountPaise: amount,
          note,
          paidAt: at,
          createdAt: at,
        });
        add({
          id: derivedId('wallets', tid, 'in'),
          kind: 'allocation',
          status: 'completed',
          account: 'sale',
          direction: 'in',
          ownerId,
          packageId,
          allocationOf: outId,
          amountPaise: amount,
          note,
          paidAt: at,
          createdAt: at,
        });
      }
      if (mismatches > LIST_AT_MOST) ctx.problem(doc, `and ${mismatches - LIST_AT_MOST} more balanceAfter mismatches`);

      if (unmatched.length > 0) {
        const offer = await offerFor(tx, ctx, doc, { name: '15 Days Boarding Plan', days: 15, pricePaise: 1_150_000 });
        const first = unmatched[0]!;
        const last = unmatched.at(-1)!;
        standIns.push({
          id: standInId,
          packageId: offer.id,
          ownerId,
          name: `${offer.name} (from the wallet's history)`,
          visitTypeId: offer.visitTypeId,
          days: offer.days,
          pricePaise: offer.pricePaise,
          status: 'ended',
          activatedVia: 'customer',
          endReason: null,
          createdAt: first,
          startedAt: first,
          endedAt: last,
          updatedAt: last,
        });
        ctx.problem(
          doc,
          `${unmatched.length} daily boarding charge${unmatched.length === 1 ? '' : 's'} (${dateInTz(first)} to ${dateInTz(last)}) fall in no boarding package of the customer: posted on a package made for the wallet's history (${standInId})`,
        );
      }

      // Pawdesk's balance of the wallet must be the original's.
      const stated = f.paise('balance');
      const balance = stated ?? running;
      if (stated === null) ctx.problem(doc, `balance: missing; taken as what the transactions add up to, ${rupees(running)}`);
      if (stated !== null && stated !== running) {
        ctx.problem(doc, `balance ${rupees(stated)} but the transactions add up to ${rupees(running)}`);
      }
      const now = walletBalance(walletRows);
      const diff = balance - now;
      const at = f.updated();
      if (diff > 0) {
        add({
          id: derivedId('wallets', doc.id, 'adjust', doc.hash),
          kind: 'payment',
          status: 'completed',
          account: 'wallet',
          ownerId,
          method: 'not_recorded',
          amountPaise: diff,
          note: `Balance adjustment: the original's wallet balance is ${rupees(diff)} more than its transactions (original system)`,
          paidAt: at,
          createdAt: at,
        });
        ctx.problem(
          doc,
          `posted a balance adjustment of +${rupees(diff)} (method not recorded) so that the wallet holds ${rupees(balance)}`,
        );
      } else if (diff < 0) {
        let left = -diff;
        const refunded = new Map<string, number>();
        for (const r of walletRows)
          if (r.kind === 'refund' && r.refundOf) refunded.set(r.refundOf, (refunded.get(r.refundOf) ?? 0) + r.amountPaise);
        const paidIn = walletRows.filter((r) => r.kind === 'payment' && r.status === 'completed').reverse();
        for (const p of paidIn) {
          if (left === 0) break;
          const amount = Math.min(left, p.amountPaise - (refunded.get(p.id) ?? 0));
          if (amount <= 0) continue;
          add({
            id: derivedId('wallets', doc.id, 'adjust', doc.hash, p.id),
            kind: 'refund',
            status: 'completed',
            account: 'wallet',
            ownerId,
            method: 'not_recorded',
            refundOf: p.id,
            amountPaise: amount,
            note: `Balance adjustment: the original's wallet balance is ${rupees(-diff)} less than its transactions (original system)`,
            paidAt: at,
            createdAt: at,
          });
          left -= amount;
        }
        ctx.problem(
          doc,
          `posted a balance adjustment of −${rupees(-diff - left)} (a refund of its payments, method not recorded) so that the wallet holds ${rupees(balance + left)}${left > 0 ? `; ${rupees(left)} could not be taken off: no payment left to refund` : ''}`,
        );
      }

      // What the original says: the debits were charged; what came in is what it holds plus what it spent.
      const money = { charge: debits, paid: balance + debits };
      const was = doc.previous?.money;
      ctx.source({ charged: money.charge - (was?.charge ?? 0), paid: money.paid - (was?.paid ?? 0) });
      outcomes.push({ kind: 'imported', table: 'payments', id: doc.id, money });
    }

    if (standIns.length) {
      await tx
        .insert(boardingPackageSubscriptions)
        .values(standIns)
        .onConflictDoUpdate({
          target: boardingPackageSubscriptions.id,
          set: {
            endedAt: sql`greatest(${boardingPackageSubscriptions.endedAt}, excluded.ended_at)`,
            updatedAt: sql`greatest(${boardingPackageSubscriptions.updatedAt}, excluded.updated_at)`,
          },
        });
    }
    // The ledger rows first: a package day's claim names its charge.
    await ctx.ledger.flush(tx);
    await insertMany(tx, packageCharges, claims);
    if (daysCharged.size) {
      const values = sql.join(
        [...daysCharged].map(([id, n]) => sql`(${id}, ${n}::int)`),
        sql`, `,
      );
      await tx.execute(sql`update package_pets p set days_charged = greatest(p.days_charged, v.n)
        from (values ${values}) as v(id, n) where p.id = v.id`);
    }
    return outcomes;
  },
};

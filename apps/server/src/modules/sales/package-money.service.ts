import { formatINR, PACKAGE_MESSAGES as M, packageDayShare, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { claimDay, markDayCharged, type PackagePetRow, type PackageRow } from '../packages/packages.service.ts';
import { allocate, postCharge } from '../payments/payments.service.ts';
import { walletBalancePaise } from '../wallet/wallet.service.ts';

/**
 * A boarding package's money (issue 16): each pet's day is a `package_day` charge on the package's sale account
 * (naming the pet), and the day's total moves from the owner's wallet to that account as one allocation, so the
 * package owes nothing and the wallet pays every day. A pet's day n costs packageDayShare(P, D, n): its D days add
 * up to exactly the package's price. Runs inside a money transaction that holds the owner's ledger lock.
 */

/** The owner's wallet balance (paise), the wallet module's: read under the owner's ledger lock to decide on it. */
export { walletBalancePaise };

const inr = (paise: number) => formatINR(toRupees(paise));

/** 400 'The wallet holds ₹X; one day of this package costs ₹Y. Top up the wallet first.' unless it holds a day. */
export async function requireDayInWallet(tx: DbOrTx, ownerId: string, dayPaise: number): Promise<number> {
  const balance = await walletBalancePaise(tx, ownerId);
  if (balance < dayPaise) {
    const message = M.walletShort(inr(balance), inr(dayPaise));
    throw badRequest(message, { wallet: message }, { balance: toRupees(balance), dailyCharge: toRupees(dayPaise) });
  }
  return balance;
}

/** Day 1's total for these pets of a package (what activating or checking them in needs in the wallet). */
export const firstDayPaise = (pkg: Pick<PackageRow, 'pricePaise' | 'days'>, pets: number) =>
  packageDayShare(pkg.pricePaise, pkg.days, 1) * pets;

/** One pet's day to charge. */
export interface DayToCharge {
  pet: Pick<PackagePetRow, 'id' | 'petId'>;
  dayNumber: number;
  businessDate: string;
}

/** What became of the days: all charged; `raced` another run charged a day first; `short` the wallet could not pay. */
export type ChargeOutcome =
  | { kind: 'charged'; days: number; paise: number }
  | { kind: 'raced'; days: number; paise: number }
  | { kind: 'short'; days: number; paise: number; date: string; balancePaise: number; duePaise: number };

class DayTaken extends Error {}
class WalletShort extends Error {
  constructor(
    readonly balancePaise: number,
    readonly duePaise: number,
  ) {
    super('wallet short');
  }
}

/**
 * Charges the days, a business date at a time (oldest first), each date all or nothing in a savepoint: per pet
 * its ledger charge and its package_charges row (the claim: the unique keys refuse a day or date charged already,
 * and then the date is rolled back and the run stops: `raced`), then the date's total from the wallet (too little:
 * rolled back, `short`), then the pets' days charged. Stops at the first date not charged.
 */
export async function chargeDays(
  ctx: AppContext,
  tx: DbOrTx,
  pkg: PackageRow,
  days: readonly DayToCharge[],
  by: string | null,
): Promise<ChargeOutcome> {
  const byDate = new Map<string, DayToCharge[]>();
  for (const d of [...days].sort((a, b) => a.businessDate.localeCompare(b.businessDate) || a.pet.id.localeCompare(b.pet.id))) {
    byDate.set(d.businessDate, [...(byDate.get(d.businessDate) ?? []), d]);
  }
  const now = ctx.clock.now();
  let charged = 0;
  let paise = 0;
  for (const [date, list] of byDate) {
    try {
      const total = await tx.transaction(async (sp) => {
        let total = 0;
        for (const d of list) {
          const share = packageDayShare(pkg.pricePaise, pkg.days, d.dayNumber);
          const charge = await postCharge(sp, {
            ownerId: pkg.ownerId,
            petId: d.pet.petId,
            for: { packageId: pkg.id },
            chargeFor: 'package_day',
            amountPaise: share,
            note: `${pkg.name}: day ${d.dayNumber} of ${pkg.days} (${date})`,
            createdBy: by,
            tz: ctx.config.tz,
            now,
          });
          const claim = await claimDay(sp, {
            packagePetId: d.pet.id,
            packageSubscriptionId: pkg.id,
            dayNumber: d.dayNumber,
            businessDate: date,
            amountPaise: share,
            chargeId: charge!.id,
            createdAt: now,
          });
          if (!claim) throw new DayTaken();
          total += share;
        }
        const balance = await walletBalancePaise(sp, pkg.ownerId);
        if (balance < total) throw new WalletShort(balance, total);
        const pets = list.length === 1 ? '1 pet' : `${list.length} pets`;
        await allocate(sp, {
          ownerId: pkg.ownerId,
          from: { account: 'wallet' },
          to: { account: 'sale', for: { packageId: pkg.id } },
          amountPaise: total,
          by,
          note: `Daily Boarding Charge (${pets}): ${pkg.name}, ${date}`,
          now,
        });
        for (const d of list) await markDayCharged(sp, d.pet.id, d.dayNumber, pkg.days);
        return total;
      });
      charged += list.length;
      paise += total;
    } catch (err) {
      if (err instanceof DayTaken) return { kind: 'raced', days: charged, paise };
      if (err instanceof WalletShort) {
        return { kind: 'short', days: charged, paise, date, balancePaise: err.balancePaise, duePaise: err.duePaise };
      }
      throw err;
    }
  }
  return { kind: 'charged', days: charged, paise };
}

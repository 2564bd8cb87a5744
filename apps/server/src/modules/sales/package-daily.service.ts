import { packageDaysDue } from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import {
  activePackagesPage,
  closePackage,
  endIfNoPetsLeft,
  lockPetsOfPackage,
  type PackagePetRow,
  type PackageRow,
  packageById,
  petsOfPackages,
} from '../packages/packages.service.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { lockLedger } from '../payments/payments.service.ts';
import { chargeDays, type DayToCharge } from './package-money.service.ts';
import { noticeStopped, warnIfLow } from './package-notices.service.ts';

/**
 * The daily job of boarding packages (issue 16): for each active package, each boarded pet is charged every
 * business day from its day 1 up to today (days missed while the server was down are caught up), D days in all,
 * from the owner's wallet. Today is the business clock's (ctx.clock, business time zone), so tests move time.
 *
 * Idempotent and safe on several instances at once: the days due are read first (without locks), then each
 * package's days are charged in one money transaction under the owner's ledger lock, where the unique keys of
 * package_charges decide: a day another run charged first is refused by them, and that run's charges stand alone.
 * A wallet that cannot pay a day stops the package ('Boarding Stopped' to the owner and staff); a balance below two
 * days' charge after charging warns the owner ('Low Wallet Balance', once a day). A package whose pets all had their
 * days ends ('completed').
 */

const PAGE = 100;

export interface PackageRunSummary {
  packages: number;
  daysCharged: number;
  stopped: number;
  warned: number;
  completed: number;
}

/** The days each boarded pet of these packages owes as of `today`, by package. */
function daysDue(pkgs: readonly PackageRow[], pets: readonly PackagePetRow[], today: string): Map<string, DayToCharge[]> {
  const byPackage = new Map(pkgs.map((p) => [p.id, p]));
  const due = new Map<string, DayToCharge[]>();
  for (const pet of pets) {
    const pkg = byPackage.get(pet.packageSubscriptionId);
    if (!pkg || pet.status !== 'boarded') continue;
    const days = packageDaysDue(pet, pkg.days, today).map((d) => ({ pet, ...d }));
    if (days.length) due.set(pkg.id, [...(due.get(pkg.id) ?? []), ...days]);
  }
  return due;
}

/** Charges one package's days due (as read before the transaction). */
async function runPackage(ctx: AppContext, scanned: PackageRow, due: readonly DayToCharge[], sum: PackageRunSummary) {
  await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [scanned.ownerId]);
    const pkg = await packageById(tx, scanned.id);
    if (pkg?.status !== 'active') return;
    // Only pets still boarded on it now (one removed or deboarded meanwhile is not charged).
    const boarded = new Set((await lockPetsOfPackage(tx, pkg.id)).filter((p) => p.status === 'boarded').map((p) => p.id));
    const days = due.filter((d) => boarded.has(d.pet.id));
    const out = await chargeDays(ctx, tx, pkg, days, null);
    sum.daysCharged += out.days;
    if (out.kind === 'short') {
      const petIds = [...new Set(days.filter((d) => d.businessDate === out.date).map((d) => d.pet.petId))];
      const stopped = await closePackage(tx, pkg, { reason: 'low_balance', by: null, now: ctx.clock.now() });
      if (stopped) {
        await noticeStopped(ctx, tx, stopped, { petIds, date: out.date, balancePaise: out.balancePaise, duePaise: out.duePaise });
        sum.stopped++;
      }
      return;
    }
    if (out.days === 0) return;
    const after = await endIfNoPetsLeft(tx, pkg, { reason: 'completed', by: null, now: ctx.clock.now() });
    if (after.status === 'ended') sum.completed++;
    else if (await warnIfLow(ctx, tx, pkg)) sum.warned++;
  });
}

/**
 * Runs the job once over every active package (a page at a time). A package that fails does not stop the others;
 * the first failure is thrown at the end (the scheduler logs it) and the next run tries that package again.
 */
export async function chargePackageDays(ctx: AppContext): Promise<PackageRunSummary> {
  const today = ctx.clock.today();
  const sum: PackageRunSummary = { packages: 0, daysCharged: 0, stopped: 0, warned: 0, completed: 0 };
  let after: string | null = null;
  let failure: unknown;
  for (;;) {
    const page = await activePackagesPage(ctx.db, after, PAGE);
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    const due = daysDue(
      page,
      await petsOfPackages(
        ctx.db,
        page.map((p) => p.id),
      ),
      today,
    );
    for (const pkg of page) {
      const days = due.get(pkg.id);
      if (!days) continue;
      sum.packages++;
      try {
        await runPackage(ctx, pkg, days, sum);
      } catch (err) {
        failure ??= err;
      }
    }
    if (page.length < PAGE) break;
  }
  if (failure) throw failure;
  return sum;
}

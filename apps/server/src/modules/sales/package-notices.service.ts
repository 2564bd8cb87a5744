import { formatINR, PACKAGE_MESSAGES as M, nameAndPhone, packageNeeds, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { enqueueEmails } from '../notifications/notifications.service.ts';
import { notifyOwner } from '../notifications/owner-inbox.service.ts';
import { isLivePet, lockPetsOfPackage, markLowBalanceWarned, type PackageRow } from '../packages/packages.service.ts';
import { ownersByIds, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import { walletBalancePaise } from './package-money.service.ts';

/**
 * What a package tells people (issue 16): 'Boarding Stopped' to the owner (email through the outbox) and to staff
 * (the staff inbox) when the wallet could not pay a day; 'Low Wallet Balance' to the owner, at most once per
 * business day, when the wallet holds less than the next two days' charge after a charge. Written in the charging
 * transaction, so a notice exists exactly when what it reports does; each has a dedupe key.
 */

const inr = (paise: number) => formatINR(toRupees(paise));

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? 'your pet') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

async function whoAndWhat(tx: DbOrTx, pkg: PackageRow, petIds: readonly string[]) {
  const owner = (await ownersByIds(tx, [pkg.ownerId])).get(pkg.ownerId);
  const pets = await petsWithOwnersByIds(tx, petIds);
  const names = petIds.map((id) => pets.get(id)?.name ?? 'a pet');
  return { owner, names };
}

const signature = (ctx: AppContext) => {
  const b = ctx.config.business;
  return ['Warm regards,', b.name, b.address, b.phone].filter(Boolean).join('\n');
};

/** The package stopped: the wallet held less than the day's charge. Email to the owner, notice to staff. */
export async function noticeStopped(
  ctx: AppContext,
  tx: DbOrTx,
  pkg: PackageRow,
  s: { petIds: string[]; date: string; balancePaise: number; duePaise: number },
): Promise<void> {
  const { owner, names } = await whoAndWhat(tx, pkg, s.petIds);
  const biz = ctx.config.business.name;
  const pets = joinNames(names);
  const body = [
    `Dear ${owner?.name ?? 'customer'},`,
    '',
    `${M.stopped}: the ${pkg.name} for ${pets} has stopped, because your wallet holds ${inr(s.balancePaise)} and the ` +
      `boarding charge for ${s.date} is ${inr(s.duePaise)}.`,
    '',
    `Please call us on ${ctx.config.business.phone} to arrange ${names.length > 1 ? 'their' : 'the'} stay or pick-up. ` +
      'Days already charged are not refunded; the rest of your wallet balance stays yours.',
    '',
    signature(ctx),
  ].join('\n');
  await enqueueEmails(tx, [
    {
      dedupeKey: `package-stopped:${pkg.id}`,
      kind: 'package_stopped',
      refDate: s.date,
      ownerId: pkg.ownerId,
      ownerName: owner?.name ?? '',
      toAddress: owner?.email?.trim() || null,
      subject: `${biz}: ${M.stopped} (${pets})`,
      body,
      meta: { packageId: pkg.id },
    },
  ]);
  // The owner's inbox entry; the email is the one just queued.
  await notifyOwner(tx, {
    ownerId: pkg.ownerId,
    kind: 'package_stopped',
    title: `${M.stopped}: ${pets}`,
    body:
      `The ${pkg.name} for ${pets} stopped on ${s.date}: your wallet holds ${inr(s.balancePaise)} and the day costs ` +
      `${inr(s.duePaise)}. Please call us on ${ctx.config.business.phone}.`,
    link: '/customer/dashboard',
    refs: { packageId: pkg.id },
    dedupeKey: `package-stopped:${pkg.id}`,
    now: ctx.clock.now(),
    refDate: s.date,
    email: false,
  });
  await raiseStaffNotification(tx, {
    kind: 'package_stopped',
    title: `${M.stopped}: ${pets}`,
    body:
      `The ${pkg.name} of ${pets}${owner ? ` (${nameAndPhone(owner.name, owner.phone)})` : ''} stopped on ${s.date}: the wallet ` +
      `holds ${inr(s.balancePaise)}, the day costs ${inr(s.duePaise)}. The pets are still boarded: take payment for ` +
      'their stay or deboard them.',
    link: s.petIds[0] ? `/staff/history?pet=${s.petIds[0]}&statement=1` : null,
    ownerId: pkg.ownerId,
    refs: { packageId: pkg.id },
    dedupeKey: `package-stopped:${pkg.id}`,
    now: ctx.clock.now(),
  });
}

/** The customer ended their package online: the desk learns that its pets stay boarded until picked up. */
export async function noticeEndedByCustomer(ctx: AppContext, tx: DbOrTx, pkg: PackageRow, petIds: string[]): Promise<void> {
  if (petIds.length === 0) return;
  const { owner, names } = await whoAndWhat(tx, pkg, petIds);
  const pets = joinNames(names);
  await raiseStaffNotification(tx, {
    kind: 'package_ended',
    title: `Boarding package ended by the customer: ${pets}`,
    body:
      `${owner?.name ?? 'The customer'} ended the ${pkg.name} of ${pets} online. Nothing more is charged from the ` +
      'wallet; deboard the pets when they are picked up.',
    link: `/staff/history?pet=${petIds[0]}&statement=1`,
    ownerId: pkg.ownerId,
    refs: { packageId: pkg.id },
    dedupeKey: `package-ended:${pkg.id}`,
    now: ctx.clock.now(),
  });
}

/**
 * After a charge: when the wallet holds less than the next two days' charge of the package's live pets, the owner
 * is warned ('Low Wallet Balance'), once per business day (low_balance_warned_on and the email's dedupe key).
 * Returns whether a warning was queued.
 */
export async function warnIfLow(ctx: AppContext, tx: DbOrTx, pkg: PackageRow): Promise<boolean> {
  const live = (await lockPetsOfPackage(tx, pkg.id)).filter(isLivePet);
  const needs = packageNeeds(pkg.pricePaise, pkg.days, live);
  if (needs.twoDaysPaise === 0) return false;
  const balance = await walletBalancePaise(tx, pkg.ownerId);
  if (balance >= needs.twoDaysPaise) return false;
  const today = ctx.clock.today();
  if (!(await markLowBalanceWarned(tx, pkg.id, today))) return false;
  const { owner, names } = await whoAndWhat(
    tx,
    pkg,
    live.map((p) => p.petId),
  );
  const biz = ctx.config.business.name;
  const pets = joinNames(names);
  const body = [
    `Dear ${owner?.name ?? 'customer'},`,
    '',
    `${M.lowBalance}: your wallet holds ${inr(balance)}. The ${pkg.name} for ${pets} costs ${inr(needs.nextPaise)} a ` +
      `day, so the next two days need ${inr(needs.twoDaysPaise)}.`,
    '',
    'Please top up your wallet so the boarding does not stop. When the wallet cannot pay a day, the package stops.',
    '',
    signature(ctx),
  ].join('\n');
  await enqueueEmails(tx, [
    {
      dedupeKey: `package-low-balance:${pkg.id}:${today}`,
      kind: 'package_low_balance',
      refDate: today,
      ownerId: pkg.ownerId,
      ownerName: owner?.name ?? '',
      toAddress: owner?.email?.trim() || null,
      subject: `${biz}: ${M.lowBalance}`,
      body,
      meta: { packageId: pkg.id },
    },
  ]);
  await notifyOwner(tx, {
    ownerId: pkg.ownerId,
    kind: 'package_low_balance',
    title: M.lowBalance,
    body:
      `Your wallet holds ${inr(balance)}. The ${pkg.name} for ${pets} costs ${inr(needs.nextPaise)} a day, so the ` +
      `next two days need ${inr(needs.twoDaysPaise)}. Please top up your wallet so the boarding does not stop.`,
    link: '/customer/dashboard',
    refs: { packageId: pkg.id },
    dedupeKey: `package-low-balance:${pkg.id}:${today}`,
    now: ctx.clock.now(),
    refDate: today,
    email: false,
  });
  return true;
}

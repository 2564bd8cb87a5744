import { dateInTz, formatINR, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { type LedgerRow, onLedgerWrite } from '../payments/payments.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { onPrescriptionWritten } from '../prescriptions/prescription-events.service.ts';
import { onVisitRecorded } from '../sales/visit-events.service.ts';
import { notifyOwner } from '../notifications/owner-inbox.service.ts';

/**
 * What owners are told in their inbox (and by email), from the announcements of the modules where it happens
 * (docs/decisions.md, "Owner notifications"). This module is imported by none (modules/index.ts mounts its routes),
 * so it may listen to any module without an import cycle: a visit recorded (sales), a prescription written (prescriptions),
 * money into or out of the wallet (the ledger). The package and subscription notices write their entries where they
 * queue their emails (sales/package-notices, subscriptions/subscription-expiry); appointments announce theirs
 * (appointments/appointment-events, registered in owner-inbox.appointments.ts).
 */

const inr = (paise: number) => formatINR(toRupees(paise));

export const signature = (ctx: Pick<AppContext, 'config'>) => {
  const b = ctx.config.business;
  return ['Warm regards,', b.name, b.address, b.phone].filter(Boolean).join('\n');
};

/** The owner's email: the greeting, the body, the business's signature. */
export const emailOf = (ctx: Pick<AppContext, 'config'>, ownerName: string, title: string, body: string) => ({
  subject: `${ctx.config.business.name}: ${title}`,
  body: [`Dear ${ownerName},`, '', body, '', signature(ctx)].join('\n'),
});

async function petAndOwner(tx: DbOrTx, petId: string) {
  const pet = (await petsWithOwnersByIds(tx, [petId])).get(petId);
  return { petName: pet?.name ?? 'your pet', ownerName: pet?.owner.name ?? 'customer' };
}

onVisitRecorded(async (tx, v) => {
  const { petName, ownerName } = await petAndOwner(tx, v.petId);
  const title = `${v.purpose} visit recorded for ${petName}`;
  const body = `We recorded ${petName}'s ${v.purpose} visit on ${dateInTz(v.now, v.ctx.config.tz)} (${inr(v.pricePaise)}). You can see it, and its documents, under Visits.`;
  await notifyOwner(tx, {
    ownerId: v.ownerId,
    kind: 'visit_recorded',
    title,
    body,
    link: `/customer/viewpetvisit/${v.petId}`,
    refs: { visitId: v.visitId, petId: v.petId },
    dedupeKey: `visit-recorded:${v.visitId}`,
    now: v.now,
    refDate: dateInTz(v.now, v.ctx.config.tz),
    email: emailOf(v.ctx, ownerName, title, body),
  });
});

onPrescriptionWritten(async (tx, p) => {
  const { petName, ownerName } = await petAndOwner(tx, p.petId);
  const title = `Prescription written for ${petName}`;
  const followUp = p.nextFollowUp ? ` Next follow-up: ${p.nextFollowUp}.` : '';
  const body = `Our vet wrote a prescription for ${petName} on ${dateInTz(p.now, p.ctx.config.tz)} (${inr(p.totalPaise)}).${followUp}`;
  await notifyOwner(tx, {
    ownerId: p.ownerId,
    kind: 'prescription_written',
    title,
    body,
    link: `/customer/viewpetvisit/${p.petId}`,
    refs: { prescriptionId: p.prescriptionId, petId: p.petId },
    dedupeKey: `prescription-written:${p.prescriptionId}`,
    now: p.now,
    refDate: dateInTz(p.now, p.ctx.config.tz),
    email: emailOf(p.ctx, ownerName, title, body),
  });
});

/**
 * Money into the wallet (a top-up completed: cash at once, a link or card when paid) and out of it (a refund
 * completed). The ledger's announcement carries no configuration, so the email is the default one (greeting and
 * body); each row is told once (its dedupe key), whether it was written completed or completed later.
 */
onLedgerWrite(async (tx, row: LedgerRow) => {
  if (row.account !== 'wallet' || row.status !== 'completed') return;
  if (row.kind !== 'payment' && row.kind !== 'refund') return;
  const now = row.createdAt ?? new Date();
  const day = dateInTz(now);
  const topUp = row.kind === 'payment';
  const title = topUp ? `Wallet topped up: ${inr(row.amountPaise)}` : `Wallet refund: ${inr(row.amountPaise)}`;
  const body = topUp
    ? `${inr(row.amountPaise)} was added to your wallet. Your wallet pays boarding packages and visits.`
    : `${inr(row.amountPaise)} was refunded from your wallet to the way it was paid.`;
  await notifyOwner(tx, {
    ownerId: row.ownerId,
    kind: topUp ? 'wallet_topped_up' : 'wallet_refunded',
    title,
    body,
    link: '/customer/dashboard',
    refs: { paymentId: row.id },
    dedupeKey: `wallet:${row.id}`,
    now,
    refDate: day,
  });
});

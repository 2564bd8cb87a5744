import { dateInTz, formatDate, formatINR, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { type LedgerRow, onLedgerWrite } from '../payments/payments.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { onPrescriptionWritten } from '../prescriptions/prescription-events.service.ts';
import { onVisitRecorded } from '../sales/visit-events.service.ts';
import { type AppointmentEvent, onAppointmentEvent } from '../appointments/appointments.service.ts';
import { notifyOwner } from '../notifications/owner-inbox.service.ts';

/**
 * What owners are told in their inbox (and by email), from the announcements of the modules where it happens
 * (docs/decisions.md, "Owner notifications"). This module is imported by none (modules/index.ts mounts its routes),
 * so it may listen to any module without an import cycle: a visit recorded (sales), a prescription written (prescriptions),
 * money into or out of the wallet (the ledger). The package and subscription notices write their entries where they
 * queue their emails (sales/package-notices, subscriptions/subscription-expiry); appointments announce theirs
 * (appointments/appointment-events): booked, confirmed, completed, cancelled.
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

/**
 * Something recorded on a pet's file (a visit, a prescription): the owner's entry links to the pet's visits and is
 * emailed; `say` words it with the pet's name and the business day it happened (as '28 Nov 2026').
 */
async function notifyPetRecord(
  tx: DbOrTx,
  e: { ctx: AppContext; ownerId: string; petId: string; now: Date },
  n: { kind: string; refs: Record<string, string>; dedupeKey: string },
  say: (petName: string, day: string) => { title: string; body: string },
) {
  const { petName, ownerName } = await petAndOwner(tx, e.petId);
  const day = dateInTz(e.now, e.ctx.config.tz);
  const { title, body } = say(petName, formatDate(day));
  await notifyOwner(tx, {
    ownerId: e.ownerId,
    ...n,
    title,
    body,
    link: `/customer/viewpetvisit/${e.petId}`,
    refs: { ...n.refs, petId: e.petId },
    now: e.now,
    refDate: day,
    email: emailOf(e.ctx, ownerName, title, body),
  });
}

onVisitRecorded((tx, v) =>
  notifyPetRecord(
    tx,
    v,
    { kind: 'visit_recorded', refs: { visitId: v.visitId }, dedupeKey: `visit-recorded:${v.visitId}` },
    (pet, day) => ({
      title: `${v.purpose} visit recorded for ${pet}`,
      body: `We recorded ${pet}'s ${v.purpose} visit on ${day} (${inr(v.pricePaise)}). You can see it, and its documents, under Visits.`,
    }),
  ),
);

onPrescriptionWritten((tx, p) =>
  notifyPetRecord(
    tx,
    p,
    {
      kind: 'prescription_written',
      refs: { prescriptionId: p.prescriptionId },
      dedupeKey: `prescription-written:${p.prescriptionId}`,
    },
    (pet, day) => ({
      title: `Prescription written for ${pet}`,
      body: `Our vet wrote a prescription for ${pet} on ${day} (${inr(p.totalPaise)}).${p.nextFollowUp ? ` Next follow-up: ${p.nextFollowUp}.` : ''}`,
    }),
  ),
);

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

/** The inbox entry of an appointment event: title and body. */
export function appointmentNotice(e: AppointmentEvent): { title: string; body: string } {
  const what = `${e.serviceName} for ${e.petName} on ${formatDate(e.date)}${e.time ? ` at ${e.time}` : ''}`;
  switch (e.kind) {
    case 'booked':
      return {
        title: `Appointment booked: ${e.serviceName} for ${e.petName}`,
        body: `We received your booking of ${what} (${inr(e.amountPaise)}). It is pending until we confirm it.`,
      };
    case 'confirmed':
      return {
        title: `Appointment confirmed: ${e.serviceName} for ${e.petName}`,
        body: `Your appointment, ${what}, is confirmed. See you then!`,
      };
    case 'completed':
      return {
        title: `Appointment completed: ${e.serviceName} for ${e.petName}`,
        body: `Thank you for visiting: ${what} is completed.${e.visitNotes ? ` Notes: ${e.visitNotes}` : ''}`,
      };
    case 'cancelled': {
      const who = e.cancelledBy === 'staff' ? 'We cancelled' : 'You cancelled';
      const why = e.reason ? ` Reason: ${e.reason}.` : '';
      const refund = e.refundPaise ? ` ${inr(e.refundPaise)} is refunded to the way you paid.` : '';
      return {
        title: `Appointment cancelled: ${e.serviceName} for ${e.petName}`,
        body: `${who} your appointment, ${what}.${why}${refund}`,
      };
    }
  }
}

onAppointmentEvent(async (tx, e) => {
  const { title, body } = appointmentNotice(e);
  await notifyOwner(tx, {
    ownerId: e.ownerId,
    kind: `appointment_${e.kind}`,
    title,
    body,
    link: '/customer/seeappointment',
    refs: { appointmentId: e.appointmentId, ...(e.petId ? { petId: e.petId } : {}) },
    dedupeKey: `appointment-${e.kind}:${e.appointmentId}`,
    now: e.now,
    refDate: e.date,
  });
});

import { APPOINTMENT_VISIT_MESSAGES as M, importedBookingGap, ledgerBalance, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { allocate, entriesOfAppointments, type LedgerRow, type Subject } from '../payments/payments.service.ts';
import { type AppliedAppointment, registerAppointmentCredit } from '../sales/appointment-credit.service.ts';
import { announceAppointment } from './appointment-events.ts';
import { type AppointmentRow, appointmentById, updateAppointment } from './appointments.repo.ts';

/**
 * A New Visit that fulfils an online appointment (issue 19, the save bodies' `appointmentId`). Inside the sale's
 * money transaction, after the owner's ledger lock: the appointment row is locked and checked (the visit's pet, a
 * slot appointment, confirmed or completed, not linked to a visit yet, not an imported booking without a pet or visit
 * type); once the sale's charge is posted, the money
 * held for it (deposit account, `appointment_id`) is applied to the sale as allocations deposit → sale up to the
 * charge, and what is beyond the charge moves to the owner's unapplied balance (as a reservation's deposit at
 * check-in). The appointment records the visit (a confirmed one becomes completed).
 */

/** What the deposit account still holds for an appointment: paid, less refunds (pending or done) and applications. */
export function heldForAppointment(rows: readonly LedgerRow[]): number {
  const deposit = rows.filter((r) => r.account === 'deposit');
  const pendingRefunds = deposit
    .filter((r) => r.kind === 'refund' && r.status === 'pending')
    .reduce((n, r) => n + r.amountPaise, 0);
  return Math.max(0, ledgerBalance(deposit).paidPaise - pendingRefunds);
}

/** The appointment a sale fulfils, locked; refused with a clear message when it cannot be. */
export async function appointmentForVisit(
  tx: DbOrTx,
  id: string,
  petId: string | null,
  ownerId: string,
): Promise<{ row: AppointmentRow; heldPaise: number }> {
  const refuse = (status: number, message: string) => new AppError(status, message, { appointmentId: message });
  if (!petId) throw refuse(400, M.walkIn);
  const row = await appointmentById(tx, id, true);
  if (!row) throw refuse(404, M.notFound);
  // A booking imported from the original system without a pet or a visit type (issue 21) is fulfilled by no visit.
  const gap = importedBookingGap(row);
  if (gap) throw refuse(409, gap);
  if (row.petId !== petId || row.ownerId !== ownerId) throw refuse(409, M.otherPet(row.petName));
  if (row.kind === 'stay') throw refuse(409, M.stay);
  if (row.visitId) throw refuse(409, M.linked);
  if (row.status !== 'confirmed' && row.status !== 'completed') throw refuse(409, M.notReady(row.status));
  return { row, heldPaise: heldForAppointment(await entriesOfAppointments(tx, [row.id])) };
}

/**
 * After the sale's charge: the held money applied to the sale (up to `chargePaise`), the rest to unapplied, and the
 * appointment linked to the visit (completed now if it was confirmed), announced and audited.
 */
export async function applyAppointmentToVisit(
  tx: DbOrTx,
  a: {
    row: AppointmentRow;
    heldPaise: number;
    chargePaise: number;
    subject: Subject;
    visitId: string;
    userId: string;
    now: Date;
  },
): Promise<AppliedAppointment> {
  const r = a.row;
  const appliedPaise = Math.min(a.heldPaise, a.chargePaise);
  const toUnappliedPaise = a.heldPaise - appliedPaise;
  if (appliedPaise > 0) {
    await allocate(tx, {
      ownerId: r.ownerId,
      from: { account: 'deposit', appointmentId: r.id, petId: r.petId },
      to: { account: 'sale', for: a.subject, petId: r.petId },
      amountPaise: appliedPaise,
      by: a.userId,
      note: 'Paid online for the appointment: applied to its visit',
      now: a.now,
    });
  }
  if (toUnappliedPaise > 0) {
    await allocate(tx, {
      ownerId: r.ownerId,
      from: { account: 'deposit', appointmentId: r.id, petId: r.petId },
      to: { account: 'unapplied' },
      amountPaise: toUnappliedPaise,
      by: a.userId,
      note: 'Paid online for the appointment beyond its visit’s charge: moved to the owner’s unapplied balance',
      now: a.now,
    });
  }
  const completing = r.status === 'confirmed';
  const row = await updateAppointment(
    tx,
    r.id,
    [r.status],
    completing ? { status: 'completed', completedAt: a.now, completedBy: a.userId, visitId: a.visitId } : { visitId: a.visitId },
  );
  if (!row) throw conflict(M.linked);
  if (completing) {
    await announceAppointment(tx, {
      kind: 'completed',
      appointmentId: row.id,
      ownerId: row.ownerId,
      customerUserId: row.customerId,
      petId: row.petId,
      petName: row.petName,
      serviceName: row.serviceName,
      date: row.appointmentDate,
      time: row.appointmentTime,
      amountPaise: row.totalAmountPaise,
      visitNotes: row.visitNotes,
      by: a.userId,
      now: a.now,
    });
  }
  await recordAudit(tx, {
    actorId: a.userId,
    action: 'appointment.visit',
    entity: 'appointment',
    entityId: r.id,
    before: { status: r.status, visitId: null },
    after: {
      status: row.status,
      visitId: a.visitId,
      applied: toRupees(appliedPaise),
      toUnapplied: toRupees(toUnappliedPaise),
    },
  });
  return { appointmentId: r.id, appliedPaise, toUnappliedPaise };
}

registerAppointmentCredit({
  lockForVisit: appointmentForVisit,
  apply: (tx, held, a) => applyAppointmentToVisit(tx, { ...(held as { row: AppointmentRow; heldPaise: number }), ...a }),
});

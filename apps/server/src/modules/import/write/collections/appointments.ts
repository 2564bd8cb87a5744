import { dateInTz } from '@pawdesk/shared';
import { paymentMethod, paymentState } from '@pawdesk/shared/import/normalise';
import { and, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { appointments, customerServices, followUps, payments } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import type { ImportContext } from '../context.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import type { CollectionImporter, Incoming, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { customerOwners } from './customer-owner.ts';

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;
const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const STATUSES = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
/** Words the app put in a service's name for a purpose Pawdesk books under another visit type. */
const SERVICE_WORDS: Record<string, string> = {
  vaccination: 'veterinary',
  vaccine: 'veterinary',
  consultation: 'veterinary',
  vet: 'veterinary',
  checkup: 'veterinary',
  'check-up': 'veterinary',
  hostel: 'hostel',
  boarding: 'hostel',
  daycare: 'day_care',
  bath: 'grooming',
  groom: 'grooming',
};

/** The original's booking pages' pickup had no address field: the fare and distance only. */
export const PICKUP_ADDRESS_UNKNOWN = 'Not recorded in the original system';

/** Catalogue services (the website's) by id → the visit type each books. */
const catalogue = (ctx: ImportContext) =>
  ctx.cached('catalogueServices', async (db: DbOrTx) => {
    const rows = await db.select({ id: customerServices.id, visitTypeId: customerServices.visitTypeId }).from(customerServices);
    return new Map(rows.map((r) => [r.id, r.visitTypeId]));
  });

/** Each owner's pets by name (to find the pet a booking names). */
const petsByOwner = (ctx: ImportContext) =>
  ctx.cached('petsByOwner', async () => {
    const m = new Map<string, { id: string; name: string }[]>();
    for (const [id, p] of await lookups.petOwner(ctx)) m.set(p.ownerId, [...(m.get(p.ownerId) ?? []), { id, name: p.name }]);
    return m;
  });

/** The visit type a booking's service names: its id (a visit type or a catalogue service), else its name. */
async function visitTypeOf(ctx: ImportContext, serviceId: string | null, serviceName: string): Promise<string | null> {
  const types = await lookups.visitTypes(ctx);
  if (serviceId && types.has(serviceId)) return serviceId;
  if (serviceId) {
    const viaCatalogue = (await catalogue(ctx)).get(serviceId);
    if (viaCatalogue && types.has(viaCatalogue)) return viaCatalogue;
  }
  const all = [...types.values()].filter((t) => t.code !== 'deleted_visit_type');
  const whole = key(serviceName);
  const base = key(serviceName.replace(/\(.*\)\s*$/, ''));
  const byPurpose = all.find((t) => key(t.purpose) === whole) ?? all.find((t) => key(t.purpose) === base);
  if (byPurpose) return byPurpose.id;
  for (const word of base.split(/[\s/,&-]+/)) {
    const code = SERVICE_WORDS[word];
    const t = code ? all.find((x) => x.code === code) : all.find((x) => key(x.purpose) === word);
    if (t) return t.id;
  }
  return null;
}

/** A legacy-model document (never loaded by the original's code) shares the collection: told apart by its fields. */
const isLegacy = (doc: Record<string, unknown>) =>
  doc.customerId === undefined && (doc.ownerInfo !== undefined || doc.dogInfo !== undefined || doc.purposeOfVisit !== undefined);

/**
 * appointments → appointments (issue 19's online bookings). Two shapes share the collection (reference §1):
 *
 * - **Current** (customerId): the booking keeps its id, date (date-only at midnight UTC, that day) and time ('9:00'
 *   → '09:00'; times past today's slot table, like 21:00, kept as they are; no past-date check), its status and
 *   stamps. The owner is the customer account's (made from it when missing, listed). The pet is the customer's pet
 *   of that name when exactly one matches, else none (listed). The service is the visit type its serviceId names (a
 *   visit type, or a catalogue service's), else the one its name names ("Vaccination (ARV)" → Veterinary), else
 *   none (listed). Money: the GST-inclusive total is kept (Pawdesk's prices include GST; the GST amount is checked
 *   to be 18% of the rest, listed when not), the pickup fare apart from the service. What was paid is held as
 *   Pawdesk holds an appointment's money: a payment on the owner's deposit account naming the appointment (online:
 *   card, with the Razorpay ids; cash at the desk: cash; card/UPI at the desk: card) — refunded bookings a payment
 *   and its refund. Staff apply held money to the visit from the owner's statement, as for Pawdesk's own bookings.
 * - **Legacy** (ownerInfo/dogInfo/purposeOfVisit): a visit record of an early version; the only thing it plans is
 *   its nextFollowUpDate, so it becomes a follow-up of the pet on that day (its id kept), listed with the medicines
 *   it says were given (kept nowhere else). One without a follow-up date, or whose pet was deleted, is skipped.
 */
export const appointmentsImporter: CollectionImporter = {
  collection: 'appointments',
  async importBatch(tx, docs, ctx) {
    const users = await lookups.users(ctx);
    const petOwner = await lookups.petOwner(ctx);
    const ownerPets = await petsByOwner(ctx);
    const current = docs.filter((d) => !isLegacy(d.doc));
    const wanted = current.flatMap((doc) => {
      const id = new Fields(ctx, doc).ref('customerId');
      return id && users.has(id) ? [{ doc, userId: id }] : [];
    });
    const ownersOf = await customerOwners(tx, ctx, wanted);

    // A pet has one appointment per date and time (not cancelled): those already in the database.
    const slotTaken = new Map<string, string>();
    const candidatePets = [...new Set([...ownersOf.values()].flatMap((o) => (ownerPets.get(o.ownerId) ?? []).map((p) => p.id)))];
    if (candidatePets.length) {
      const rows = await tx
        .select({
          id: appointments.id,
          petId: appointments.petId,
          date: appointments.appointmentDate,
          time: appointments.appointmentTime,
        })
        .from(appointments)
        .where(and(inArray(appointments.petId, candidatePets), ne(appointments.status, 'cancelled')));
      for (const r of rows) slotTaken.set(`${r.petId}|${r.date}|${r.time}`, r.id);
    }
    const payIds = current.map((d) => String(d.doc.razorpayPaymentId ?? '').trim()).filter(Boolean);
    const usedPayIds = new Set(
      payIds.length
        ? (
            await tx.select({ id: payments.providerPaymentId }).from(payments).where(inArray(payments.providerPaymentId, payIds))
          ).map((r) => r.id)
        : [],
    );

    const rows: (typeof appointments.$inferInsert)[] = [];
    const followRows: (typeof followUps.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      if (isLegacy(doc.doc)) {
        outcomes.push(legacy(ctx, f, doc, petOwner, followRows));
        continue;
      }
      const customerId = f.ref('customerId');
      if (!customerId || !users.has(customerId)) {
        const total = f.paise('totalAmount') ?? 0;
        ctx.problem(
          doc,
          `customerId: ${customerId ?? 'missing'} is no account (deleted in the original); the booking (${f.text('serviceName')}, ${rupees(total)}) was not imported`,
        );
        // Money it says was taken is counted as the original's, so the report shows it missing.
        const state = paymentState('appointment', f.get('paymentStatus'));
        if (state.ok && state.value === 'paid') ctx.source({ paid: total });
        outcomes.push({ kind: 'skipped', reason: 'the customer account no longer exists' });
        continue;
      }
      const { ownerId } = ownersOf.get(customerId)!;
      const created = f.instant('bookedAt') ?? f.created();

      // When and what.
      let date = f.day('appointmentDate');
      if (!date) {
        date = dateInTz(created);
        ctx.problem(doc, `appointmentDate: missing; taken as the day it was booked, ${date}`);
      }
      const time = f.time('appointmentTime') ?? '';
      if (!time) ctx.problem(doc, 'appointmentTime: missing; kept without a time');
      let status = f.text('status').toLowerCase() as Status;
      if (!STATUSES.includes(status)) {
        if (status) ctx.problem(doc, `status "${status}" is not one of the original's; imported as pending`);
        status = 'pending';
      }
      const serviceName = f.text('serviceName') || 'Service not named';
      const rawServiceId = f.text('serviceId');
      const serviceId = /^[0-9a-fA-F]{24}$/.test(rawServiceId) ? rawServiceId.toLowerCase() : null;
      if (rawServiceId && !serviceId)
        ctx.problem(doc, `serviceId "${rawServiceId}" is not an id; the service is found by its name`);
      const visitTypeId = await visitTypeOf(ctx, serviceId, serviceName);
      if (!visitTypeId)
        ctx.problem(
          doc,
          `the service "${serviceName}"${serviceId ? ` (${serviceId})` : ''} matches no visit type: kept without one`,
        );
      else if (serviceId && serviceId !== visitTypeId) {
        const t = (await lookups.visitTypes(ctx)).get(visitTypeId)!;
        ctx.problem(doc, `serviceId ${serviceId} is no visit type; "${serviceName}" booked as ${t.purpose}`);
      } else if (!serviceId) {
        const t = (await lookups.visitTypes(ctx)).get(visitTypeId)!;
        if (key(t.purpose) !== key(serviceName))
          ctx.problem(doc, `no serviceId; "${serviceName}" booked as ${t.purpose} (matched by name)`);
      }

      // Which pet: by name among the customer's owner's pets.
      const petName = f.text('petName') || 'Unnamed pet';
      const named = (ownerPets.get(ownerId) ?? []).filter((p) => key(p.name) === key(petName));
      let petId: string | null = named.length === 1 ? named[0]!.id : null;
      if (named.length !== 1) {
        ctx.problem(
          doc,
          named.length === 0
            ? `petName "${petName}" is none of the customer's pets: kept without a pet`
            : `petName "${petName}" names ${named.length} of the customer's pets: kept without a pet`,
        );
      }
      if (petId && status !== 'cancelled') {
        const slot = `${petId}|${date}|${time}`;
        const other = slotTaken.get(slot);
        if (other && other !== doc.id) {
          ctx.problem(
            doc,
            `${petName} already has the appointment ${other} on ${date} at ${time || 'no time'}: this one is kept without the pet`,
          );
          petId = null;
        } else slotTaken.set(slot, doc.id);
      }

      // Money: the GST-inclusive total; the pickup fare apart.
      let total = f.paise('totalAmount');
      if (total === null) {
        ctx.problem(doc, 'totalAmount: missing; taken as ₹0.00');
        total = 0;
      }
      const gst = f.paise('gstAmount') ?? 0;
      if (gst > 0 && Math.abs(Math.round((total - gst) * 0.18) - gst) > 100) {
        ctx.problem(
          doc,
          `gstAmount ${rupees(gst)} is not 18% of ${rupees(total - gst)} (the total less GST); the total ${rupees(total)} is kept as booked`,
        );
      }
      const pickup = f.bool('ambulanceRequired');
      let fare = f.paise('ambulanceFare') ?? 0;
      if (!pickup && fare > 0) {
        ctx.problem(doc, `ambulanceFare ${rupees(fare)} without ambulanceRequired: no pickup kept, the fare stays in the total`);
        fare = 0;
      }
      if (fare > total) {
        ctx.problem(
          doc,
          `ambulanceFare ${rupees(fare)} is more than the total ${rupees(total)}: the whole total is taken as the fare`,
        );
        fare = total;
      }
      const km = pickup ? f.number('ambulanceKm') : null;
      const method = paymentMethod('appointment', f.get('paymentMode'));
      if (!method.ok) ctx.problem(doc, `paymentMode: ${method.reason}; recorded as not recorded`);
      const m = method.ok ? method.value : { method: 'not_recorded' as const, online: false, original: null };
      const state = paymentState('appointment', f.get('paymentStatus'));
      if (!state.ok) ctx.problem(doc, `paymentStatus: ${state.reason}; taken as pending`);
      const paidState = state.ok ? state.value : 'pending';
      const acceptedBy = f.ref('acceptedBy');
      const staff = acceptedBy && users.has(acceptedBy) ? acceptedBy : null;
      if (acceptedBy && !staff) ctx.problem(doc, `acceptedBy: the staff account ${acceptedBy} no longer exists; left out`);

      rows.push({
        id: doc.id,
        customerId,
        ownerId,
        visitTypeId,
        kind: 'slot',
        serviceId: serviceId ?? visitTypeId,
        serviceName,
        servicePricePaise: total - fare,
        appointmentDate: date,
        appointmentTime: time,
        endDate: null,
        petId,
        petName,
        petBreed: f.optText('petBreed'),
        petAge: f.optText('petAge'),
        petSpecies: null,
        notes: f.optText('notes'),
        pickupAddress: pickup ? PICKUP_ADDRESS_UNKNOWN : null,
        pickupKm: km,
        pickupFarePaise: fare,
        totalAmountPaise: total,
        paymentMode: m.online ? 'online' : 'desk',
        status,
        reservationId: null,
        visitId: null,
        visitNotes: null,
        cancelReason: f.optText('cancelReason'),
        cancelledByRole: null,
        createdAt: created,
        updatedAt: f.updated(),
        confirmedAt: f.instant('confirmedAt'),
        confirmedBy: status === 'confirmed' ? staff : null,
        completedAt: f.instant('completedAt'),
        completedBy: status === 'completed' ? staff : null,
        cancelledAt: f.instant('cancelledAt'),
        cancelledBy: null,
      });

      // What was taken, held on the deposit account naming the appointment; a refund given back on it.
      const paid = paidState === 'pending' ? 0 : total;
      const refunded = paidState === 'refunded' ? total : 0;
      const was = { paid: doc.previous?.money?.paid ?? 0, refunded: doc.previous?.money?.refunded ?? 0 };
      ctx.source({ paid: paid - refunded - (was.paid - was.refunded) });
      const payId = f.text('razorpayPaymentId');
      const orderId = f.text('razorpayOrderId');
      if (paidState === 'pending' && payId)
        ctx.problem(doc, `a Razorpay payment ${payId} on a booking not marked paid: no money recorded`);
      if (paidState !== 'pending' && total === 0)
        ctx.problem(doc, `marked ${paidState} with a total of ₹0.00: no money recorded`);
      const base = {
        account: 'deposit' as const,
        ownerId,
        petId,
        appointmentId: doc.id,
        method: m.method,
      };
      const paymentId = derivedId('appointments', doc.id, 'payment');
      const paidAt = m.online ? created : (f.instant('completedAt') ?? f.instant('confirmedAt') ?? f.updated());
      const posted = { ...was };
      if (paid > was.paid) {
        const first = was.paid === 0;
        const dup = !!payId && usedPayIds.has(payId);
        if (payId) usedPayIds.add(payId);
        if (dup) ctx.problem(doc, `the Razorpay payment ${payId} is already in the ledger: kept in this payment's note only`);
        const online = m.online && first;
        ctx.ledger.add({
          ...base,
          id: first ? paymentId : derivedId('appointments', doc.id, 'payment', doc.hash),
          kind: 'payment',
          status: 'completed',
          amountPaise: paid - was.paid,
          provider: online ? 'razorpay' : null,
          providerOrderId: online ? orderId || null : null,
          providerPaymentId: online && payId && !dup ? payId : null,
          note: `Booking ${serviceName} for ${petName}${m.original ? ` paid by ${m.original}` : ''} (original system${dup ? `, Razorpay payment ${payId}` : ''})${'note' in m && m.note ? `. ${m.note}` : ''}`,
          paidAt,
          createdAt: paidAt,
        });
        posted.paid = paid;
      } else if (paid < was.paid) {
        ctx.problem(
          doc,
          `the original no longer says ${rupees(was.paid - paid)} was paid: nothing is taken back (the ledger keeps what was posted); refund it from the owner's statement if it is owed`,
        );
      }
      if (refunded > was.refunded) {
        const at = f.instant('cancelledAt') ?? f.updated();
        ctx.ledger.add({
          ...base,
          id:
            was.refunded === 0
              ? derivedId('appointments', doc.id, 'refund')
              : derivedId('appointments', doc.id, 'refund', doc.hash),
          kind: 'refund',
          status: 'completed',
          refundOf: paymentId,
          amountPaise: refunded - was.refunded,
          note: `Booking ${serviceName} for ${petName} refunded (original system)`,
          paidAt: at,
          createdAt: new Date(Math.max(at.getTime(), paidAt.getTime())), // after the payment it refunds
        });
        posted.refunded = refunded;
      }
      outcomes.push({ kind: 'imported', table: 'appointments', id: doc.id, money: posted });
    }
    await upsertMany(tx, appointments, rows, appointments.id, ['id', 'createdAt']);
    await upsertMany(tx, followUps, followRows, followUps.id, ['id', 'createdAt', 'present', 'markedBy']);
    return outcomes;
  },
};

function legacy(
  ctx: ImportContext,
  f: Fields,
  doc: Incoming,
  petOwner: Map<string, { ownerId: string; name: string }>,
  out: (typeof followUps.$inferInsert)[],
): Outcome {
  const petId = f.ref('dogInfo');
  const purpose = f.text('purposeOfVisit') || 'Follow-up';
  const given = (Array.isArray(f.get('medicineGiven')) ? (f.get('medicineGiven') as Record<string, unknown>[]) : [])
    .map(
      (m) =>
        `${f.text('medicineGiven.medicineName', m?.medicineName)} × ${f.number('medicineGiven.quantityGiven', m?.quantityGiven) ?? '?'}`,
    )
    .join(', ');
  const what = `a legacy-shaped appointment (ownerInfo/dogInfo, a model the original never loaded)`;
  const day = f.day('nextFollowUpDate');
  const pet = petId ? petOwner.get(petId) : undefined;
  if (!petId || !pet) {
    ctx.problem(doc, `${what} of a pet that no longer exists (${petId ?? 'none'}): skipped`);
    return { kind: 'skipped', reason: 'legacy appointment of a deleted pet' };
  }
  if (!day) {
    ctx.problem(
      doc,
      `${what} for ${pet.name} ("${purpose}") with no follow-up date: nothing Pawdesk can plan; skipped${given ? ` (medicines given: ${given})` : ''}`,
    );
    return { kind: 'skipped', reason: 'legacy appointment without a follow-up date' };
  }
  ctx.problem(
    doc,
    `${what}: kept as a follow-up of ${pet.name} on ${day} for "${purpose}"${given ? `; the medicines it says were given (${given}) are kept nowhere else` : ''}`,
  );
  const at = f.created();
  out.push({
    id: doc.id,
    petId,
    date: day,
    time: null,
    purpose,
    source: 'visit',
    sourceId: null,
    present: null,
    createdAt: at,
    updatedAt: at,
  });
  return { kind: 'imported', table: 'follow_ups', id: doc.id };
}

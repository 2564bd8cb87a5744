import { formatDate, formatINR } from '@pawdesk/shared';
import { inArray } from 'drizzle-orm';
import { appointments, ownerNotifications, staffNotifications, visits } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import { lookups } from '../lookups.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { customerOwners } from './customer-owner.ts';

const CUSTOMER_DASHBOARD = '/customer/dashboard';

/** The original's notice purposes that Pawdesk has a kind of its own for (the do-not-serve notices, issue 20). */
const PURPOSE_KIND: Record<string, string> = {
  blacklist: 'service_paused',
  unblocked: 'service_resumed',
  unblock_rejected: 'service_review_rejected',
};

/**
 * visitnotifications → owner_notifications, the customer's in-app inbox (issue 19). The entry belongs to the owner of
 * the customer account (made from the account when it has none, listed); a notice of an account the original
 * deleted is skipped (nobody can read it). Its kind follows what it is about: a visit (visit_recorded, linked to the
 * pet's visits when the visit was imported), a booking (appointment_update, linked to the customer's appointments),
 * the blacklist (Pawdesk's do-not-serve notices), else `notice`. The amount, kept apart by the original, is added to
 * the text. Read ones are read (when is not recorded: the notice's last change is taken). Notices older than the
 * fields they lack take the original's defaults (no pet name, no purpose, ₹0, unread).
 */
export const visitNotificationsImporter: CollectionImporter = {
  collection: 'visitnotifications',
  async importBatch(tx, docs, ctx) {
    const users = await lookups.users(ctx);
    const wanted = docs.flatMap((doc) => {
      const id = new Fields(ctx, doc).ref('userId');
      return id && users.has(id) ? [{ doc, userId: id }] : [];
    });
    const ownersOf = await customerOwners(tx, ctx, wanted);
    const visitIds = docs.map((d) => new Fields(ctx, d).ref('visitId')).filter((v): v is string => !!v);
    const visitPet = new Map(
      visitIds.length
        ? (await tx.select({ id: visits.id, petId: visits.petId }).from(visits).where(inArray(visits.id, visitIds))).map((v) => [
            v.id,
            v.petId,
          ])
        : [],
    );
    const apptIds = docs.map((d) => new Fields(ctx, d).ref('appointmentId')).filter((v): v is string => !!v);
    const knownAppts = new Set(
      apptIds.length
        ? (await tx.select({ id: appointments.id }).from(appointments).where(inArray(appointments.id, apptIds))).map((a) => a.id)
        : [],
    );
    const rows: (typeof ownerNotifications.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const userId = f.ref('userId');
      if (!userId || !users.has(userId)) {
        ctx.problem(doc, `userId: ${userId ?? 'missing'} is no account (deleted in the original); the notice was skipped`);
        outcomes.push({ kind: 'skipped', reason: 'the customer account no longer exists' });
        continue;
      }
      const { ownerId } = ownersOf.get(userId)!;
      const purpose = f.text('purpose');
      const visitId = f.ref('visitId');
      const appointmentId = f.ref('appointmentId');
      const refs: Record<string, string> = {};
      let kind = PURPOSE_KIND[purpose.toLowerCase()] ?? 'notice';
      let link: string | null = CUSTOMER_DASHBOARD;
      if (!PURPOSE_KIND[purpose.toLowerCase()] && visitId) {
        kind = 'visit_recorded';
        refs.visitId = visitId;
        const petId = visitPet.get(visitId);
        if (petId) {
          refs.petId = petId;
          link = `/customer/viewpetvisit/${petId}`;
        } else
          ctx.problem(
            doc,
            `visitId: the visit ${visitId} was not imported (deleted in the original); the notice is kept without a link to it`,
          );
      } else if (!PURPOSE_KIND[purpose.toLowerCase()] && appointmentId) {
        kind = 'appointment_update';
        link = '/customer/seeappointment';
        if (knownAppts.has(appointmentId)) refs.appointmentId = appointmentId;
        else ctx.problem(doc, `appointmentId: the booking ${appointmentId} was not imported; the notice is kept without it`);
      }
      const amount = f.paise('amount') ?? 0;
      let body = f.text('body');
      if (amount > 0) {
        const said = formatINR(amount / 100);
        if (!body.includes(said)) body = `${body}${body ? ' ' : ''}Amount: ${said}.`;
      }
      let title = f.text('title');
      if (!title) {
        title = 'Notice';
        ctx.problem(doc, 'title: missing; shown as "Notice"');
      }
      rows.push({
        id: doc.id,
        ownerId,
        customerUserId: userId,
        kind,
        title,
        body: body || title,
        link,
        refs,
        dedupeKey: null,
        readAt: f.bool('read') ? f.updated() : null,
        createdAt: f.created(),
      });
      outcomes.push({ kind: 'imported', table: 'owner_notifications', id: doc.id });
    }
    await upsertMany(tx, ownerNotifications, rows, ownerNotifications.id, ['id', 'createdAt']);
    return outcomes;
  },
};

/** Who sees an alert: the original shows staff forRole staff, admins admin, both or none (missing) — reference §3.22. */
function audienceOf(forRole: string): { audience: 'staff' | 'admin'; known: boolean } {
  if (forRole === 'staff' || forRole === 'both') return { audience: 'staff', known: true };
  return { audience: 'admin', known: forRole === 'admin' || forRole === '' };
}

/**
 * alerts → staff_notifications (the back office's inbox). forRole staff and both reach every staff member (admins
 * see staff notifications too); admin, and a missing or null forRole (admins treat those as theirs), reach admins
 * only. Each keeps its id and its alertDate; read ones are read (read by nobody known, at the alert's date). The text
 * is written from the alert's type and fields (the original stored no text): the pet, booking or visit it names
 * when they were imported, the item and its stock, the action and who performed it.
 */
export const alertsImporter: CollectionImporter = {
  collection: 'alerts',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const apptIds = docs.map((d) => new Fields(ctx, d).ref('appointmentId')).filter((v): v is string => !!v);
    const appts = new Map(
      apptIds.length
        ? (
            await tx
              .select({
                id: appointments.id,
                serviceName: appointments.serviceName,
                petName: appointments.petName,
                date: appointments.appointmentDate,
                time: appointments.appointmentTime,
                ownerId: appointments.ownerId,
              })
              .from(appointments)
              .where(inArray(appointments.id, apptIds))
          ).map((a) => [a.id, a])
        : [],
    );
    const visitIds = docs.map((d) => new Fields(ctx, d).ref('visitId')).filter((v): v is string => !!v);
    const knownVisits = new Map(
      visitIds.length
        ? (
            await tx
              .select({ id: visits.id, purpose: visits.purpose, petId: visits.petId })
              .from(visits)
              .where(inArray(visits.id, visitIds))
          ).map((v) => [v.id, v])
        : [],
    );
    const rows: (typeof staffNotifications.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const type = f.text('alertType');
      const at = f.instant('alertDate') ?? f.created();
      const refs: Record<string, string> = {};
      let petId = f.ref('petInfo');
      const appointmentId = f.ref('appointmentId');
      const visitId = f.ref('visitId');
      const visit = visitId ? knownVisits.get(visitId) : undefined;
      if (!petId && visit?.petId) petId = visit.petId;
      const pet = petId ? petOwner.get(petId) : undefined;
      if (petId && pet) refs.petId = petId;
      else if (petId) ctx.problem(doc, `petInfo: the pet ${petId} was deleted in the original; the alert is kept without it`);
      const appt = appointmentId ? appts.get(appointmentId) : undefined;
      if (appt) refs.appointmentId = appt.id;
      else if (appointmentId)
        ctx.problem(doc, `appointmentId: the booking ${appointmentId} was not imported; the alert is kept without it`);
      if (visit) refs.visitId = visit.id;
      else if (visitId) ctx.problem(doc, `visitId: the visit ${visitId} was not imported; the alert is kept without it`);
      const petName = pet?.name ?? 'a pet';
      const by = f.text('performedBy');
      const byText = by ? ` by ${by}` : '';
      let kind: string;
      let title: string;
      let body: string;
      let link: string | null;
      switch (type) {
        case 'inventoryStock': {
          const item = f.text('itemName') || 'An item';
          const stock = f.number('stockUnit');
          const threshold = f.number('threshold') ?? 100;
          kind = 'low_stock';
          title = `Low stock: ${item}`;
          body = `${item} is running low${stock !== null ? `: ${stock} left` : ''} (alert below ${threshold}).`;
          link = '/staff/inventoryList';
          break;
        }
        case 'vaccinationDue':
          kind = 'vaccination_due';
          title = `Vaccination due: ${petName}`;
          body = `A vaccination of ${petName} is due.`;
          link = pet ? `/staff/history?pet=${petId}` : '/staff/reminders';
          break;
        case 'serviceAction': {
          const action = f.text('action');
          kind = 'service_action';
          title = action ? `Service ${action}` : 'Service changed';
          body = `${f.text('serviceName') || 'A service was changed'}${byText}.`;
          link = '/staff/prices';
          break;
        }
        case 'newBooking':
          kind = 'appointment_booked';
          title = 'New online booking';
          body = appt
            ? `${appt.serviceName} for ${appt.petName} on ${formatDate(appt.date)}${appt.time ? ` at ${appt.time}` : ''}.`
            : 'A customer booked an appointment online.';
          link = '/staff/onlinecustomerappointment';
          break;
        case 'newPet':
          kind = 'new_pet';
          title = `New pet: ${petName}`;
          body = `${pet ? pet.name : 'A pet'} was registered${byText}.`;
          link = pet ? `/staff/history?pet=${petId}` : null;
          break;
        case 'newVisit':
          kind = 'new_visit';
          title = `Visit recorded: ${petName}`;
          body = `${visit ? `A ${visit.purpose} visit` : 'A visit'} of ${petName} was recorded${byText}.`;
          link = pet ? `/staff/history?pet=${petId}` : '/staff/history';
          break;
        default:
          kind = 'alert';
          title = 'Alert from the original system';
          body = [f.text('serviceName'), f.text('itemName')].filter(Boolean).join(' — ') || 'No details were recorded.';
          link = null;
          ctx.problem(doc, `alertType ${type ? `"${type}"` : 'missing'} is not one of the original's; kept as a plain alert`);
      }
      const forRole = f.text('forRole').toLowerCase();
      const { audience, known } = audienceOf(forRole);
      if (!known) ctx.problem(doc, `forRole "${forRole}" is not one of the original's: shown to admins only`);
      rows.push({
        id: doc.id,
        kind,
        title,
        body,
        link,
        ownerId: pet?.ownerId ?? appt?.ownerId ?? null,
        refs,
        dedupeKey: null,
        audience,
        readAt: f.bool('isRead') ? at : null,
        readBy: null,
        createdAt: at,
      });
      outcomes.push({ kind: 'imported', table: 'staff_notifications', id: doc.id });
    }
    await upsertMany(tx, staffNotifications, rows, staffNotifications.id, ['id', 'createdAt']);
    return outcomes;
  },
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../lib/context.ts';
import { attendanceRoutes } from './attendance/attendance.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { remindersRoutes } from './reminders/reminders.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { inventoryRoutes } from './inventory/inventory.routes.ts';
import { prescriptionRoutes } from './prescriptions/prescriptions.routes.ts';
import { petRoutes } from './pets/pets.routes.ts';
import { customerPetRoutes } from './pets/customer-pets.routes.ts';
import { petPhotoRoutes } from './pets/pet-photo.routes.ts';
import { visitReadRoutes } from './visits/pet-visits.routes.ts';
import { subscriptionReadRoutes } from './subscriptions/pet-subscriptions.routes.ts';
import { visitTypeRoutes } from './visit-types/visit-types.routes.ts';
import { priceAdminRoutes } from './visit-types/prices.routes.ts';
import { paymentRoutes } from './payments/payments.routes.ts';
import { visitRoutes } from './visits/visits.routes.ts';
import { visitSaleRoutes } from './sales/visit-sales.routes.ts';
import { subscriptionSaleRoutes } from './sales/subscription-sales.routes.ts';
import { boardingRoutes } from './boarding/boarding.routes.ts';
import { occupancyRoutes } from './boarding/occupancy.routes.ts';
import { deboardingRoutes } from './sales/deboarding.routes.ts';
import { subscriptionRoutes } from './subscriptions/subscriptions.routes.ts';
import { testClockRoutes } from './test-clock/test-clock.routes.ts';
import { settingsRoutes } from './site/settings.routes.ts';
import { admissionRoutes } from './pets/admission.routes.ts';
import { vaccineReminderRoutes } from './reminders/vaccine-reminders.routes.ts';
import { idempotencyPlugin } from './payments/idempotency.plugin.ts';
import { statementRoutes } from './sales/statement.routes.ts';
import { staffNotificationRoutes } from './staff-notifications/staff-notifications.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { packageOfferRoutes } from './packages/packages.routes.ts';
import { packageSaleRoutes } from './sales/package-sales.routes.ts';
import { takingsRoutes } from './takings/takings.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { documentRoutes } from './documents/documents.routes.ts';
import { historyRoutes } from './history/history.routes.ts';
import { reservationRoutes } from './reservations/reservations.routes.ts';
import { customerAreaRoutes } from './customer-area/customer-area.routes.ts';
import { appointmentRoutes } from './appointments/appointments.routes.ts';
import { ownerInboxRoutes } from './owner-inbox/owner-inbox.routes.ts';
import { careRoutes } from './care/care.routes.ts';
import { runCardRoutes } from './care/run-card.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { dataExportRoutes } from './data-export/data-export.routes.ts';
import { doNotServeRoutes } from './donotserve/donotserve.routes.ts';
import { dnsOverridePlugin } from './donotserve/override.plugin.ts';
import { reportCardRoutes } from './report-cards/report-cards.routes.ts';
import { importRoutes } from './import/import.routes.ts';
import { backupRoutes } from './backup/backup.routes.ts';

/** Every API module, mounted under /api/v1. Add a module here. */
export const apiModules: FastifyPluginAsyncZod<{ ctx: AppContext }>[] = [
  // First: its hooks (Idempotency-Key on the money routes) apply to every route registered after it.
  idempotencyPlugin,
  // Also before the routes: the do-not-serve override of the sale and booking routes (donotserve/override.plugin.ts).
  dnsOverridePlugin as unknown as FastifyPluginAsyncZod<{ ctx: AppContext }>,
  authRoutes,
  usersRoutes,
  siteRoutes,
  inventoryRoutes,
  prescriptionRoutes,
  attendanceRoutes,
  remindersRoutes,
  notificationsRoutes,
  petRoutes,
  customerPetRoutes,
  petPhotoRoutes,
  visitReadRoutes,
  subscriptionReadRoutes,
  visitTypeRoutes,
  priceAdminRoutes,
  paymentRoutes,
  visitRoutes,
  visitSaleRoutes,
  boardingRoutes,
  occupancyRoutes,
  deboardingRoutes,
  subscriptionRoutes,
  subscriptionSaleRoutes,
  testClockRoutes,
  settingsRoutes,
  admissionRoutes,
  vaccineReminderRoutes,
  statementRoutes,
  staffNotificationRoutes,
  walletRoutes,
  packageOfferRoutes,
  packageSaleRoutes,
  takingsRoutes,
  dashboardRoutes,
  documentRoutes,
  historyRoutes,
  reservationRoutes,
  customerAreaRoutes,
  appointmentRoutes,
  ownerInboxRoutes,
  careRoutes,
  runCardRoutes,
  mediaRoutes,
  dataExportRoutes,
  doNotServeRoutes,
  reportCardRoutes,
  importRoutes,
  backupRoutes,
];

/** The appointments contract as the screens read it: the shared zod contract (packages/shared/src/appointments). */
export type {
  Appointment,
  AppointmentCancelQuoteResponse as CancelQuote,
  AppointmentSettings,
  AppointmentSlot as Slot,
  AppointmentSlotsResponse as SlotsResponse,
  BookableService,
  BookableServicesResponse,
  CreateAppointmentResponse,
  PickupFareRule as FareRule,
} from '@pawdesk/shared';
export type { AppointmentStatusName as AppointmentStatus } from '@pawdesk/shared';

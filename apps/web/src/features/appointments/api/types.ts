/**
 * The appointments contract as the screens read it. Until the shared zod contract lands
 * (packages/shared/src/appointments), these are the "Contract details" (spec 001 §3, §7).
 */
export type AppointmentStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled';
export const APPOINTMENT_STATUSES: readonly AppointmentStatus[] = ['pending', 'confirmed', 'completed', 'cancelled'];
export const FINAL_STATUSES: readonly AppointmentStatus[] = ['completed', 'cancelled'];

export type ServiceKind = 'slot' | 'stay';

/** GET /customerappointment/services: a bookable service. */
export interface BookableService {
  _id: string;
  name: string;
  /** Rupees. */
  price: number;
  kind: ServiceKind;
  description?: string;
  duration?: number;
}

/** GET /customerappointment/slots?serviceId=&date=: one time of the day. */
export interface Slot {
  time: string;
  available: boolean;
  pickupAvailable: boolean;
}

export interface SlotsResponse {
  success: true;
  date: string;
  slots: Slot[];
  /** The first bookable day (business time zone), when the server says. */
  earliestDate?: string;
}

/** The pickup and drop fare rule (admin-editable): base fare up to base km, then a step fare per started step. */
export interface FareRule {
  baseFare: number;
  baseKm: number;
  stepFare: number;
  stepKm: number;
}

export interface AppointmentPickup {
  address: string;
  distanceKm: number;
  fare: number;
}

export type PaymentChoice = 'desk' | 'online';

export interface Appointment {
  _id: string;
  customerId?: { _id?: string; fullName: string; email: string } | string;
  serviceId?: { _id?: string; name: string } | string | null;
  serviceName: string;
  servicePrice?: number;
  appointmentDate: string;
  appointmentTime?: string | null;
  /** Stay services: the last day. */
  endDate?: string | null;
  petId?: string | { _id: string; name?: string } | null;
  petName: string;
  petBreed?: string | null;
  petAge?: string | number | null;
  petSpecies?: string | null;
  notes?: string | null;
  visitNotes?: string | null;
  totalAmount: number;
  status: AppointmentStatus;
  pickup?: AppointmentPickup | null;
  /** How it is paid: at the desk, or online (paid, or awaiting the payment). */
  payment?: { mode: PaymentChoice; status: 'unpaid' | 'paid' | 'refunded' | 'pending'; refunded?: number } | null;
  kind?: ServiceKind;
  createdAt?: string;
}

/** GET /customerappointment/cancelquote/:id: what a cancel now would refund. */
export interface CancelQuote {
  success: true;
  /** Rupees refunded by cancelling now. */
  refund: number;
  /** Rupees paid online for it. */
  paid: number;
  /** Whether the slot is at least the cancel window ahead (a full refund). */
  fullRefund: boolean;
  cancelWindowHours: number;
}

/** GET|PUT /settings/appointments. */
export interface AppointmentSettings {
  slots: string[];
  /** Places per slot, by service id (default 1). */
  capacity: Record<string, number>;
  vehiclesPerSlot: number;
  fare: FareRule;
  cancelWindowHours: number;
}

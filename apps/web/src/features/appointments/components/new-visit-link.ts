import type { Appointment } from '../api/types';
import { serviceNameOf } from './appointment-view';

/**
 * The navigation state New Visit reads for a completed appointment: the pet (as every page sends it) and the purpose
 * to preselect (`purpose`: the visit type's purpose, the appointment's service name). Null without a pet id.
 */
export function newVisitState(a: Appointment): { petId: string; purpose: string } | null {
  return a.petId ? { petId: a.petId, purpose: serviceNameOf(a) } : null;
}

import type { Appointment } from '../api/types';

/** The next few appointments that are not final (pending or confirmed), soonest first. */
export function upcomingOf(list: readonly Appointment[], count = 3): Appointment[] {
  const key = (a: Appointment) => `${a.appointmentDate.slice(0, 10)} ${a.appointmentTime ?? ''}`;
  return list
    .filter((a) => a.status === 'pending' || a.status === 'confirmed')
    .sort((a, b) => key(a).localeCompare(key(b)))
    .slice(0, count);
}

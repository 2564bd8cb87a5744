import { queryRoots } from '../../../lib/query-keys';

/** The appointments screens' query keys (all under the appointments root). */
export const appointmentKeys = {
  all: queryRoots.appointments,
  services: () => [...queryRoots.appointments, 'services'] as const,
  slots: (serviceId: string, date: string) => [...queryRoots.appointments, 'slots', serviceId, date] as const,
  mine: (customerId: string) => [...queryRoots.appointments, 'mine', customerId] as const,
  cancelQuote: (id: string) => [...queryRoots.appointments, 'cancel-quote', id] as const,
  online: (date: string) => [...queryRoots.appointments, 'online', date] as const,
};

import { queryRoots } from '../../../lib/query-keys';

/**
 * Keys of the reservation screens. Reservations hold boarding places (the occupancy grid counts them) and money
 * (deposits), so they live under the boarding root: a reservation written refreshes the grid, a sale or deboarding
 * refreshes the day's lists. Money writes also invalidate the payments root.
 */
export const reservationKeys = {
  all: () => [...queryRoots.boarding, 'reservations'] as const,
  day: (date: string | undefined) => [...queryRoots.boarding, 'reservations', 'day', date ?? 'today'] as const,
  calendar: (from: string, to: string, type: string | null) =>
    [...queryRoots.boarding, 'reservations', 'calendar', { from, to, type }] as const,
  detail: (id: string) => [...queryRoots.boarding, 'reservations', 'detail', id] as const,
  quote: (body: unknown) => [...queryRoots.boarding, 'reservations', 'quote', body] as const,
  cancelQuote: (id: string) => [...queryRoots.boarding, 'reservations', 'cancel-quote', id] as const,
  ownerPets: (ownerId: string) => [...queryRoots.pets, 'owner-pets', ownerId, 'reservations'] as const,
  staySettings: () => [...queryRoots.settings, 'stays'] as const,
};

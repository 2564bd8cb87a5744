/** Capacity and occupancy (issue 11): the limits, texts and fill levels, without zod (occupancy.ts has the schemas). */

/** Days the occupancy grid shows by default, and the most one request may ask for. */
export const OCCUPANCY_DAYS = 14;
export const OCCUPANCY_MAX_DAYS = 31;
/** The most places one boarding type may hold. */
export const MAX_CAPACITY = 10_000;
/** The label of the capacity field (the price screen shows it; its messages name it). */
export const CAPACITY_LABEL = 'Capacity (places)';

const places = (n: number) => (n === 1 ? 'place' : 'places');

export const OCCUPANCY_MSG = {
  /** 409 when a boarding would go beyond the type's capacity. */
  full: (purpose: string, taken: number, capacity: number) =>
    `${purpose} is full: ${taken} of ${capacity} ${places(capacity)} ${taken === 1 ? 'is' : 'are'} taken`,
  /** 409 when a stay of several days would go beyond the capacity on one of them (issue 18): names the day. */
  fullOn: (purpose: string, day: string, taken: number, capacity: number) =>
    `${purpose} is full on ${day}: ${taken} of ${capacity} ${places(capacity)} ${taken === 1 ? 'is' : 'are'} taken`,
  boardingOnly: 'Only boarding types have a capacity',
  days: `Days must be a whole number from 1 to ${OCCUPANCY_MAX_DAYS}`,
  fromRange: 'From must be a date between 2000-01-01 and 2999-12-31',
  load: 'Could not load occupancy',
} as const;

/** How full a day is: 'full' at or beyond capacity, 'high' from 80 %, 'open' below; 'unlimited' without a capacity. */
export type FillLevel = 'unlimited' | 'open' | 'high' | 'full';

export function fillLevel(booked: number, capacity: number | null): FillLevel {
  if (capacity === null) return 'unlimited';
  if (booked >= capacity) return 'full';
  return booked >= capacity * 0.8 ? 'high' : 'open';
}

import { DAYS_LEFT_RED, DAYS_LEFT_YELLOW } from '@pawdesk/shared/catalog';

/**
 * How a subscription's days left read (spec 001 §4): red at 7 or fewer, yellow at 30 or fewer, otherwise plain.
 * Shared by the staff screens (Pet Records, the dashboard) and the customer's My Subscriptions.
 */
export type DaysLeftLevel = 'red' | 'yellow' | 'normal';

export function daysLeftLevel(daysLeft: number): DaysLeftLevel {
  if (daysLeft <= DAYS_LEFT_RED) return 'red';
  if (daysLeft <= DAYS_LEFT_YELLOW) return 'yellow';
  return 'normal';
}

/** The Mantine colour of a days-left figure (red.8 and yellow.9 read on white at AA contrast). */
export const DAYS_LEFT_COLOR: Record<DaysLeftLevel, string | undefined> = {
  red: 'red.8',
  yellow: 'yellow.9',
  normal: undefined,
};

/** 'Expiring soon' counts an active subscription with 7 or fewer days left (spec 001 §4). */
export const isExpiringSoon = (s: { status?: string; active: boolean; daysLeft: number }) =>
  (s.status ? s.status === 'active' : s.active) && s.daysLeft <= DAYS_LEFT_RED;

export type SubscriptionStatus = 'active' | 'awaiting_payment' | 'inactive';

/** A subscription's status, from `status` when the server sends it, else the old `active` flag. */
export const statusOf = (s: { status?: SubscriptionStatus; active: boolean }): SubscriptionStatus =>
  s.status ?? (s.active ? 'active' : 'inactive');

export const STATUS_LABEL: Record<SubscriptionStatus, string> = {
  active: 'Active',
  awaiting_payment: 'Awaiting payment',
  inactive: 'Inactive',
};
export const STATUS_COLOR: Record<SubscriptionStatus, string> = {
  active: 'teal',
  awaiting_payment: 'yellow',
  inactive: 'gray',
};

/** `1 day`, `12 days`. */
export const dayCount = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** `1 grooming session`, `4 grooming sessions` (issue 18: never '1 grooming sessions'); every count of groomings. */
export const groomingCount = (n: number) => `${n} ${n === 1 ? 'grooming session' : 'grooming sessions'}`;

import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { formatINR } from '@pawdesk/shared/money';
import type { PetSubscriptionView } from '../../../../lib/endpoints/subscriptions';
import {
  DAYS_LEFT_COLOR,
  daysLeftLevel,
  dayCount,
  STATUS_COLOR,
  STATUS_LABEL,
  statusOf,
} from '../../../../lib/subscription-rules';

/** Active, Awaiting payment or Inactive. */
export function StatusBadge({ s }: { s: Pick<PetSubscriptionView, 'status' | 'active'> }) {
  const status = statusOf(s);
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/**
 * Days left, red at 7 or fewer and yellow at 30 or fewer (spec 001 §4); the colour is also said in words for screen
 * readers. An inactive subscription's days are plain (nothing is running out).
 */
export function DaysLeft({ s, size = 'sm' }: { s: PetSubscriptionView; size?: string }) {
  const live = statusOf(s) === 'active';
  const level = daysLeftLevel(s.daysLeft);
  return (
    <Text
      component="span"
      size={size}
      fw={live && level !== 'normal' ? 700 : undefined}
      c={live ? DAYS_LEFT_COLOR[level] : 'dimmed'}
      data-level={live ? level : 'inactive'}
      data-testid="days-left"
    >
      {dayCount(s.daysLeft)}
      {live && level === 'red' ? <VisuallyHidden> (expiring soon)</VisuallyHidden> : null}
    </Text>
  );
}

/** Grooming sessions left (renewals add the plan's each time); a dash for plans without groomings. */
export function groomingsText(s: PetSubscriptionView): string {
  return s.planId.numberOfGroomings > 0 || s.numberOfGroomings > 0 ? String(s.numberOfGroomings) : '—';
}

/** What the owner still owes on the subscription, '—' when nothing. */
export function DueText({ s }: { s: PetSubscriptionView }) {
  const due = s.amountDue ?? 0;
  if (due <= 0)
    return (
      <Text component="span" size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text component="span" size="sm" fw={600} c="red.8">
      {formatINR(due)} due{s.payLater ? ' (pay later)' : ''}
    </Text>
  );
}

/** The purpose, e.g. 'Day School', with the plan's name. */
export const planLabel = (s: PetSubscriptionView) => `${s.planId.subscriptionType.purpose} — ${s.planId.name}`;

import { Badge, Group, Text, Timeline } from '@mantine/core';
import { formatDate, formatDateTime } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconCalendarOff, IconCircleMinus, IconCirclePlus, IconRefresh, IconSquareX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SubscriptionEvent } from '../../../../lib/endpoints/subscriptions';
import { dayCount } from '../../../../lib/subscription-rules';

const KIND: Record<SubscriptionEvent['kind'], { label: string; icon: ReactNode; color: string }> = {
  purchase: { label: 'Purchased', icon: <IconCirclePlus size={14} />, color: 'teal' },
  renewal: { label: 'Renewed', icon: <IconRefresh size={14} />, color: 'blue' },
  expired: { label: 'Expired', icon: <IconCalendarOff size={14} />, color: 'gray' },
  used_up: { label: 'Used up', icon: <IconCircleMinus size={14} />, color: 'gray' },
  ended: { label: 'Ended', icon: <IconSquareX size={14} />, color: 'red' },
};

/** What an event added: '+30 days, +4 groomings · ₹12,000.00'. */
function added(e: SubscriptionEvent): string {
  const parts: string[] = [];
  if (e.days) parts.push(`+${dayCount(e.days)}`);
  if (e.groomings) parts.push(`+${e.groomings} grooming${e.groomings === 1 ? '' : 's'}`);
  const what = parts.join(', ');
  return e.kind === 'purchase' || e.kind === 'renewal' ? [what, formatINR(e.price)].filter(Boolean).join(' · ') : what;
}

/** What was left after it: '42 days left · 3 groomings left · valid until 12 Jan 2027'. */
function after(e: SubscriptionEvent): string {
  const parts: string[] = [];
  if (e.daysLeftAfter !== null) parts.push(`${dayCount(e.daysLeftAfter)} left`);
  if (e.groomingsLeftAfter !== null && e.groomingsLeftAfter > 0)
    parts.push(`${e.groomingsLeftAfter} grooming${e.groomingsLeftAfter === 1 ? '' : 's'} left`);
  if (e.validUntilAfter) parts.push(`valid until ${formatDate(e.validUntilAfter)}`);
  return parts.join(' · ');
}

/** The purchases, renewals, expiry and ends of a subscription, newest first. */
export function SubscriptionHistory({ events }: { events: SubscriptionEvent[] }) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No history recorded.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={24} lineWidth={2} active={-1} aria-label="Subscription history">
      {events.map((e) => {
        const k = KIND[e.kind];
        const kept = after(e);
        return (
          <Timeline.Item
            key={e._id}
            bullet={k.icon}
            color={k.color}
            data-kind={e.kind}
            title={
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {k.label}
                </Text>
                <Text size="sm">{e.planName}</Text>
                {e.status === 'awaiting_payment' ? (
                  <Badge size="xs" color="yellow" variant="light">
                    Awaiting payment
                  </Badge>
                ) : e.status === 'void' ? (
                  <Badge size="xs" color="gray" variant="light">
                    Void
                  </Badge>
                ) : null}
              </Group>
            }
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(e.date)}
            </Text>
            {added(e) ? (
              <Text size="sm" td={e.status === 'void' ? 'line-through' : undefined}>
                {added(e)}
              </Text>
            ) : null}
            {kept ? (
              <Text size="xs" c="dimmed">
                Then {kept}
              </Text>
            ) : null}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

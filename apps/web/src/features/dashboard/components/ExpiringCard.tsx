import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { EXPIRING_SUBSCRIPTIONS_MAX, type ExpiringSubscription, formatDate, nameAndPhone } from '@pawdesk/shared';
import { IconHourglassLow } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { InlineErrorState, SkeletonRows } from '../../../components/states';
import { expiringSubscriptionsQuery } from '../../../lib/endpoints/subscriptions';
import { DAYS_LEFT_COLOR, daysLeftLevel, dayCount } from '../../../lib/subscription-rules';
import classes from '../pages/dashboard.module.css';

/** How many the card lists before 'Show all'. */
const FIRST = 6;

/** What runs out: the days left (red at 7 or fewer), or the validity's last day. */
function RunsOut({ s }: { s: ExpiringSubscription }) {
  if (s.reason === 'validity' && s.validUntil) {
    return (
      <Text size="sm" fw={700} c="red.8" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        Valid until {formatDate(s.validUntil)}
      </Text>
    );
  }
  return (
    <Text size="sm" fw={700} c={DAYS_LEFT_COLOR[daysLeftLevel(s.daysLeft)]} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {dayCount(s.daysLeft)} left
    </Text>
  );
}

/**
 * The staff dashboard's 'Expiring soon' card (spec 001 §4): active subscriptions with 7 or fewer days left, or whose
 * validity ends within 7 days, soonest first; each opens the pet's subscriptions in Pet Records.
 */
export function ExpiringCard() {
  const q = useQuery(expiringSubscriptionsQuery());
  const [all, setAll] = useState(false);
  const list = q.data ?? [];
  const shown = all ? list : list.slice(0, FIRST);

  let body: React.ReactNode;
  if (q.data) {
    body = list.length ? (
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {shown.map((s) => (
          <li key={s._id}>
            <UnstyledButton
              component={Link}
              to="/staff/history"
              state={{ petId: s.petId._id, panel: 'subscriptions' }}
              className={classes.tile}
              data-testid="expiring-subscription"
              aria-label={`${s.petId.name}, ${s.purpose}: open subscriptions`}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {s.petId.name} · {s.purpose}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {s.planName} · {nameAndPhone(s.owner.name, s.owner.phone, ' · ')}
                  </Text>
                </div>
                <RunsOut s={s} />
              </Group>
            </UnstyledButton>
          </li>
        ))}
        {list.length > FIRST ? (
          <li>
            <Button variant="subtle" size="compact-sm" onClick={() => setAll((v) => !v)}>
              {all ? 'Show fewer' : `Show all ${list.length}`}
            </Button>
          </li>
        ) : null}
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        No subscriptions run out in the next 7 days.
      </Text>
    );
  } else if (q.isError) {
    body = <InlineErrorState message="Could not load the expiring subscriptions" onRetry={() => q.refetch()} />;
  } else {
    body = <SkeletonRows label="Loading expiring subscriptions" rows={3} height={40} />;
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Expiring soon">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="red">
          <IconHourglassLow />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Group gap={8}>
            <Title order={2} fz="lg">
              Expiring soon
            </Title>
            {q.data ? (
              <Badge color={list.length ? 'red' : 'gray'} variant="light" data-testid="expiring-count">
                {list.length >= EXPIRING_SUBSCRIPTIONS_MAX ? `${list.length}+` : list.length}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            Active subscriptions with 7 or fewer days left, or validity ending within 7 days
          </Text>
        </div>
      </Group>
      {body}
    </Card>
  );
}

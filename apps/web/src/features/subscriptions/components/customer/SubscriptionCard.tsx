import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '@pawdesk/shared/dates';
import { Money } from '../../../../components/Money';
import type { CustomerSubscription } from '../../../../lib/endpoints/customer';
import {
  DAYS_LEFT_COLOR,
  daysLeftLevel,
  dayCount,
  isExpiringSoon,
  STATUS_COLOR,
  STATUS_LABEL,
  statusOf,
} from '../../../../lib/subscription-rules';

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One subscription of a pet (spec 001 §2 detail view): the plan, Active / Awaiting payment / Inactive, days left in
 * red at 7 or fewer and yellow at 30 or fewer, groomings left, the first and last payment dates and the validity.
 */
export function SubscriptionCard({ s }: { s: CustomerSubscription }) {
  const status = statusOf(s);
  const level = daysLeftLevel(s.daysLeft);
  const live = status !== 'inactive';
  const purpose = s.planId.subscriptionType.purpose;
  return (
    <Card withBorder radius="md" padding="md" data-testid="subscription-card" aria-label={`${purpose} subscription`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 160px' }}>
            <Text fw={600}>{s.planId.name}</Text>
            <Text size="xs" c="dimmed">
              {purpose} subscription plan
            </Text>
          </Stack>
          <Group gap={4} justify="flex-end" style={{ flexShrink: 0 }}>
            {isExpiringSoon(s) ? (
              <Badge color="red" variant="filled" size="sm">
                Expiring soon
              </Badge>
            ) : null}
            <Badge color={STATUS_COLOR[status]} variant="light" size="sm" data-testid="subscription-status">
              {STATUS_LABEL[status]}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <Field label="Days left" testId="days-left">
            <Text span fw={700} c={live ? DAYS_LEFT_COLOR[level] : 'dimmed'} data-level={live ? level : 'inactive'} inherit>
              {dayCount(s.daysLeft)}
            </Text>
          </Field>
          <Field label="Groomings left">{s.numberOfGroomings}</Field>
          <Field label="Valid until">{s.validUntil ? formatDate(s.validUntil) : 'No expiry'}</Field>
          <Field label="First payment">{s.firstPaymentDate ? formatDate(s.firstPaymentDate) : 'Not paid yet'}</Field>
          <Field label="Last payment">{s.lastPaymentDate ? formatDate(s.lastPaymentDate) : 'Not paid yet'}</Field>
          <Field label="Plan price">
            <Money value={s.planId.price} />
          </Field>
        </SimpleGrid>
        {s.amountDue > 0 ? (
          <Text size="sm" c="orange.9" role="note">
            <Money value={s.amountDue} /> is still to be paid on this subscription. Please pay it at the front desk.
          </Text>
        ) : null}
        {status === 'awaiting_payment' ? (
          <Text size="sm" c="dimmed">
            It becomes active as soon as its payment is received.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type OwnerPackage, PACKAGE_MESSAGES } from '@pawdesk/shared';
import { formatDate } from '@pawdesk/shared/dates';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { confirm } from '../../../../components/confirm';
import { Money } from '../../../../components/Money';
import { serverMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { dayCount } from '../../../../lib/subscription-rules';
import { useEndMyPackage } from '../../api/customer-packages';
import { isLive, PACKAGE_PET_STATUS, PACKAGE_STATUS } from './packages';

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One of the customer's boarding packages: its status, pets, the daily charge from the wallet, what was charged, the
 * estimated days the balance pays, the 'Low Wallet Balance' and 'Boarding Stopped' warnings, and End.
 */
export function PackageCard({ p, balance }: { p: OwnerPackage; balance: number }) {
  const end = useEndMyPackage();
  const status = PACKAGE_STATUS[p.status];
  const live = isLive(p);

  const onEnd = async () => {
    const ok = await confirm({
      title: `End ${p.name}?`,
      message:
        p.status === 'awaiting_checkin'
          ? 'The request is withdrawn. Nothing has been charged for it.'
          : 'Its daily charges stop from tomorrow. Days already charged are not refunded. Please collect your pets from the resort.',
      confirmLabel: 'End package',
      danger: true,
    });
    if (!ok) return;
    end.mutate(p._id, {
      onSuccess: (res) => notify.success(res.message || PACKAGE_MESSAGES.ended),
      onError: (err) => notify.error(serverMessage(err, 'Could not end the package. Please try again.'), err),
    });
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="package-card" aria-label={`${p.name}, ${status.label}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 160px' }}>
            <Text fw={600}>{p.name}</Text>
            <Text size="xs" c="dimmed">
              Boarding package · {dayCount(p.days)} · <Money value={p.price} /> per pet
            </Text>
          </Stack>
          <Badge color={status.color} variant="light" size="sm" data-testid="package-status" style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
        </Group>
        {p.status === 'stopped' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={PACKAGE_MESSAGES.stopped}>
            {p.endReason === 'low_balance'
              ? 'Your wallet did not hold the next day’s charge, so the package stopped. Top up and ask the resort to start a new one.'
              : 'This package was stopped by the resort.'}
          </Alert>
        ) : null}
        {live && p.lowBalance ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={PACKAGE_MESSAGES.lowBalance}>
            Your wallet holds <Money value={balance} />, less than two days of this package. Top up to keep your pets boarding.
          </Alert>
        ) : null}
        {p.status === 'awaiting_checkin' ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">Bring your pets to the resort. The daily charges start on the day they are checked in.</Text>
          </Group>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <Figure label="Daily charge" testId="package-daily">
            {p.dailyCharge > 0 ? <Money value={p.dailyCharge} /> : '—'}
          </Figure>
          <Figure label="Charged so far" testId="package-charged">
            <Money value={p.charged} />
          </Figure>
          <Figure label="Estimated days left" testId="package-days-left">
            {p.estimatedDaysLeft === null ? '—' : dayCount(p.estimatedDaysLeft)}
          </Figure>
        </SimpleGrid>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pets on this package">
          {p.pets.map((pet) => (
            <Group key={pet._id} component="li" justify="space-between" align="baseline" gap={4} data-testid="package-pet">
              <Text size="sm" fw={500}>
                {pet.name}
              </Text>
              <Text size="xs" c="dimmed">
                {PACKAGE_PET_STATUS[pet.status]}
                {pet.daysCharged ? ` · day ${pet.daysCharged} of ${p.days}` : ''}
                {pet.startDate ? ` · from ${formatDate(pet.startDate)}` : ''}
              </Text>
            </Group>
          ))}
        </Stack>
        {p.endedAt ? (
          <Text size="xs" c="dimmed">
            Ended {formatDate(p.endedAt)}
          </Text>
        ) : null}
        {live ? (
          <Group justify="flex-end">
            <Button variant="default" color="red" size="xs" onClick={onEnd} loading={end.isPending}>
              {p.status === 'awaiting_checkin' ? 'Withdraw request' : 'End package'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

import { Button, Group, Modal, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatDate, type PetDetails } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PetSubscriptionView } from '../../../../lib/endpoints/subscriptions';
import { dayCount } from '../../../../lib/subscription-rules';
import { usePetSubscriptions } from '../../api/get-pet-panels';
import { InfoGrid } from '../InfoGrid';
import classes from '../pets.module.css';
import { DaysLeft, DueText, groomingsText, planLabel, StatusBadge } from '../subscriptions/SubscriptionBits';
import { SubscriptionHistory } from '../subscriptions/SubscriptionHistory';
import { Panel, PanelList } from './Panel';

const validText = (s: PetSubscriptionView) => (s.validUntil ? formatDate(s.validUntil) : 'No expiry');

/** One subscription as a card: purpose and plan, status, days and groomings left, validity and what is owed. */
function SubscriptionCard({ s, onOpen }: { s: PetSubscriptionView; onOpen: () => void }) {
  return (
    <UnstyledButton
      className={classes.tile}
      onClick={onOpen}
      aria-label={`${planLabel(s)}: open details`}
      data-testid="subscription-card"
      data-purpose={s.planId.subscriptionType.purpose}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>{s.planId.subscriptionType.purpose}</Text>
          <Text size="sm" c="dimmed">
            {s.planId.name}
          </Text>
        </div>
        <StatusBadge s={s} />
      </Group>
      <SimpleGrid cols={2} spacing="xs" mt="sm">
        <div>
          <Text size="xs" c="dimmed">
            Days left
          </Text>
          <DaysLeft s={s} />
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Groomings left
          </Text>
          <Text size="sm" data-testid="groomings-left">
            {groomingsText(s)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Valid until
          </Text>
          <Text size="sm">{validText(s)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Amount due
          </Text>
          <DueText s={s} />
        </div>
      </SimpleGrid>
    </UnstyledButton>
  );
}

function SubscriptionDetails({ s, onRenew }: { s: PetSubscriptionView; onRenew: () => void }) {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <StatusBadge s={s} />
        <Button size="sm" leftSection={<IconRefresh size={16} />} onClick={onRenew}>
          Renew
        </Button>
      </Group>
      <InfoGrid
        items={[
          ['Plan', planLabel(s)],
          ['Days left', <DaysLeft key="d" s={s} />],
          ['Groomings left', groomingsText(s)],
          ['Valid until', validText(s)],
          ['Amount due', <DueText key="due" s={s} />],
          ['Plan price', formatINR(s.planId.price)],
          ['Duration', dayCount(s.planId.duration)],
          ...(s.planId.validityInDays
            ? [['Validity', `${dayCount(s.planId.validityInDays)} once paid`] as [string, string]]
            : []),
          ['First payment', formatDate(s.firstPaymentDate) || '—'],
          ['Last payment', formatDate(s.lastPaymentDate) || '—'],
        ]}
      />
      <div>
        <Title order={3} fz="sm" mb="xs">
          History
        </Title>
        <SubscriptionHistory events={s.history ?? []} />
      </div>
    </Stack>
  );
}

/**
 * Subscriptions (Pet Records, spec 000 §2): the pet's subscriptions with their status, days left (red at 7 or fewer,
 * yellow at 30 or fewer), groomings left, validity and what is owed; a card opens the details with the history of
 * purchases, renewals and expiry, and Renew (the staff purchase page for the pet).
 */
export function SubscriptionsPanel({ pet, onBack }: { pet: PetDetails; onBack: () => void }) {
  const navigate = useNavigate();
  const q = usePetSubscriptions(pet._id);
  const [openId, setOpenId] = useState<string | null>(null);
  const subscriptions = q.data ?? [];
  const open = subscriptions.find((s) => s._id === openId) ?? null;
  const buy = (planId?: string) => navigate('/staff/buysubscription', { state: { petId: pet._id, planId } });
  return (
    <Panel
      title="Subscriptions"
      petName={pet.name}
      onBack={onBack}
      actions={
        // Without any plan, the empty list itself offers Buy Subscription (one button, not two).
        q.data && subscriptions.length === 0 ? null : (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => buy()}>
            Buy subscription
          </Button>
        )
      }
    >
      <PanelList
        q={{ ...q, isError: q.isError && !q.data }}
        loading="Loading subscriptions..."
        errorTitle="Error Loading Subscriptions"
        failed="Failed to fetch subscriptions"
        unreachable="Failed to load subscription details"
        empty="No active subscriptions"
        emptyHint={`${pet.name} has no plan yet. A plan prepays days or grooming sessions.`}
        emptyAction={
          <Button leftSection={<IconPlus size={16} />} onClick={() => buy()}>
            Buy Subscription
          </Button>
        }
        isEmpty={subscriptions.length === 0}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {subscriptions.map((s) => (
            <SubscriptionCard key={s._id} s={s} onOpen={() => setOpenId(s._id)} />
          ))}
        </SimpleGrid>
      </PanelList>
      <Modal opened={open !== null} onClose={() => setOpenId(null)} title="Subscription details" centered size="lg">
        {open ? <SubscriptionDetails s={open} onRenew={() => buy(open.planId._id)} /> : null}
      </Modal>
    </Panel>
  );
}

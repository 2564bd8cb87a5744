import { Accordion, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/states';
import { useAuth } from '../../../../lib/auth';
import { customerSubscriptionsQuery, myPetsQuery, subscriptionCounts } from '../../../../lib/endpoints/customer';
import { countLabel, groupByPet, type PetGroup } from './my-subscriptions';
import { SubscriptionCard } from './SubscriptionCard';

function Stat({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} c={color} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function PetPanel({ g }: { g: PetGroup }) {
  return (
    <Stack gap="sm">
      {g.subscriptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No active subscriptions
        </Text>
      ) : (
        g.subscriptions.map((s) => <SubscriptionCard key={s._id} s={s} />)
      )}
      <Group>
        <Button component={Link} to="/customer/buysubscription" state={{ petId: g.petId }} variant="light" size="xs">
          {g.subscriptions.length ? `Buy or renew for ${g.name}` : `Buy a subscription for ${g.name}`}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * My Subscriptions' first part (spec 001 §2, §4): the counts of active subscriptions and those expiring soon, then
 * the customer's pets with their subscription counts; opening a pet shows its subscriptions in detail.
 */
export function PetSubscriptions() {
  const { user } = useAuth();
  const subs = useQuery(customerSubscriptionsQuery(user?.email));
  const pets = useQuery(myPetsQuery());
  const groups = subs.data ? groupByPet(pets.data ?? [], subs.data) : [];
  const [open, setOpen] = useState<string[] | null>(null);

  let body: React.ReactNode;
  if (subs.isPending || (pets.isPending && !subs.isError)) body = <LoadingState label="Loading your subscriptions..." />;
  else if (subs.isError && !subs.data)
    body = (
      <ErrorState title="Error Loading Subscriptions" message="Failed to fetch subscriptions" onRetry={() => subs.refetch()} />
    );
  else if (groups.length === 0)
    body = (
      <EmptyState
        icon={<IconPaw size={26} />}
        title="No registered pets found."
        hint="Register your pet to buy a subscription for it."
        action={
          <Button component={Link} to="/customer/petform">
            Register New Pet
          </Button>
        }
      />
    );
  else {
    const counts = subscriptionCounts(subs.data ?? []);
    // The first pet with a subscription starts open (the only pet, when there is one).
    const initial = groups.find((g) => g.subscriptions.length)?.petId ?? groups[0]!.petId;
    body = (
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="sm" maw={420}>
          <Stat label="Active subscriptions" value={counts.active} testId="active-count" />
          <Stat
            label="Expiring soon"
            value={counts.expiringSoon}
            color={counts.expiringSoon ? 'red.8' : undefined}
            testId="expiring-count"
          />
        </SimpleGrid>
        <Accordion multiple variant="separated" radius="md" value={open ?? [initial]} onChange={setOpen}>
          {groups.map((g) => (
            <Accordion.Item key={g.petId} value={g.petId} data-testid="pet-group">
              <Accordion.Control aria-label={`${g.name}: ${countLabel(g)}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs" pr="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {g.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {g.breed}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    {g.expiringSoon ? (
                      <Badge color="red" size="sm" variant="light">
                        {g.expiringSoon} expiring
                      </Badge>
                    ) : null}
                    <Badge color="gray" size="sm" variant="light" data-testid="pet-count">
                      {g.subscriptions.length}
                    </Badge>
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {g.subscriptions.length ? (
                  <Text size="xs" c="dimmed" mb="xs">
                    {countLabel(g)}
                  </Text>
                ) : null}
                <PetPanel g={g} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="subs-heading">
      <Title order={2} fz="lg" id="subs-heading">
        Subscriptions
      </Title>
      {body}
    </Stack>
  );
}

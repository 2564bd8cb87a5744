import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminVisitType, SubscriptionPlan } from '@pawdesk/shared';
import { IconArchive, IconArrowBackUp, IconEdit, IconHistory, IconPlus } from '@tabler/icons-react';
import { Money } from '../../../components/Money';
import { TableHead } from '../../../components/TableHead';
import { groomingCount } from '../../../lib/subscription-rules';

export interface PlanActions {
  onCreate: (type: AdminVisitType) => void;
  onEdit: (plan: SubscriptionPlan) => void;
  onHistory: (plan: SubscriptionPlan) => void;
  onRetire: (plan: SubscriptionPlan) => void;
  onRestore: (plan: SubscriptionPlan) => void;
  /** The plan being retired or restored. */
  busy: string | null;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function Status({ plan }: { plan: SubscriptionPlan }) {
  return plan.active ? (
    <Badge color="teal" variant="light" size="sm">
      Offered
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="sm">
      Retired
    </Badge>
  );
}

function Actions({ plan, a }: { plan: SubscriptionPlan; a: PlanActions }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit plan">
        <ActionIcon variant="subtle" aria-label={`Edit ${plan.name}`} onClick={() => a.onEdit(plan)}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={plan.active ? 'Retire: no longer offered' : 'Restore: offer it again'}>
        <ActionIcon
          variant="subtle"
          color={plan.active ? 'red' : 'teal'}
          aria-label={`${plan.active ? 'Retire' : 'Restore'} ${plan.name}`}
          loading={a.busy === plan._id}
          disabled={a.busy !== null}
          onClick={() => (plan.active ? a.onRetire(plan) : a.onRestore(plan))}
        >
          {plan.active ? <IconArchive size={18} /> : <IconArrowBackUp size={18} />}
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Change history">
        <ActionIcon variant="subtle" color="gray" aria-label={`History of ${plan.name}`} onClick={() => a.onHistory(plan)}>
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function PlanList({ plans, a, wide }: { plans: SubscriptionPlan[]; a: PlanActions; wide: boolean }) {
  if (plans.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No plans yet.
      </Text>
    );
  }
  if (!wide) {
    return (
      <Stack gap="xs">
        {plans.map((p) => (
          <Card key={p._id} withBorder radius="sm" padding="xs" data-testid="plan-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {p.name}
                  </Text>
                  <Status plan={p} />
                </Group>
                <Text size="sm">
                  <Money value={p.price} /> · {days(p.duration)} · {groomingCount(p.numberOfGroomings)}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.validityInDays ? `Valid for ${days(p.validityInDays)} once paid` : 'No expiry'}
                </Text>
              </div>
              <Actions plan={p} a={a} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    // A fixed layout, so the columns line up from one visit type's plans to the next.
    <Table verticalSpacing={4} highlightOnHover layout="fixed">
      <TableHead
        columns={[
          { label: 'Plan', w: '28%' },
          { label: 'Price', ta: 'right' },
          { label: 'Duration', ta: 'right' },
          { label: 'Groomings', ta: 'right' },
          { label: 'Validity', ta: 'right' },
          { label: 'Status', pl: 'lg' },
          { label: <VisuallyHidden>Actions</VisuallyHidden>, w: 110 },
        ]}
      />
      <Table.Tbody>
        {plans.map((p) => (
          <Table.Tr key={p._id} data-testid="plan-row">
            <Table.Td>
              <Text size="sm" fw={500}>
                {p.name}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              <Money value={p.price} />
            </Table.Td>
            <Table.Td ta="right">{days(p.duration)}</Table.Td>
            <Table.Td ta="right">{p.numberOfGroomings}</Table.Td>
            <Table.Td ta="right">{p.validityInDays ? days(p.validityInDays) : 'No expiry'}</Table.Td>
            <Table.Td pl="lg">
              <Status plan={p} />
            </Table.Td>
            <Table.Td>
              <Actions plan={p} a={a} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The subscription plans grouped by visit type (the types that have subscriptions, or plans). */
export function PlansSection({ types, plans, ...a }: { types: AdminVisitType[]; plans: SubscriptionPlan[] } & PlanActions) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const groups = types
    .map((t) => ({ type: t, plans: plans.filter((p) => p.subscriptionType._id === t._id) }))
    .filter((g) => g.type.hasSubscription || g.plans.length > 0);
  return (
    <Stack gap="md">
      {groups.map(({ type, plans: list }) => (
        <Card key={type._id} withBorder radius="md" padding="md" component="section" aria-label={`${type.purpose} plans`}>
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Title order={3} fz="md">
              {type.purpose}
            </Title>
            <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => a.onCreate(type)}>
              Add plan
            </Button>
          </Group>
          <PlanList plans={list} a={a} wide={wide} />
        </Card>
      ))}
    </Stack>
  );
}

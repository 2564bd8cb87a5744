import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import {
  type PetSubscription,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PAYMENT_METHODS,
  type SubscriptionPaymentMethod,
  type SubscriptionPlan,
  VISIT_MESSAGES,
} from '@pawdesk/shared';
import { formatDate } from '@pawdesk/shared/dates';
import { formatINR } from '@pawdesk/shared/money';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage, serverAnswered } from '../lib/api-client';
import { petDetailsQuery } from '../lib/endpoints/pets';
import { buySubscription, petSubscriptionsQuery, plansQuery } from '../lib/endpoints/subscriptions';
import { useKeyedSubmit } from '../lib/idempotency';
import { notify } from '../lib/notify';
import { queryRoots } from '../lib/query-keys';
import { type PaymentChoice, PaymentModal } from './PaymentModal';
import { usePaymentFollowUp } from './PaymentFollowUp';
import { ErrorState, LoadingState } from './states';
import { saleEffect } from './subscription-sale';
import { groomingCount } from '../lib/subscription-rules';

/** A purchase changes the pet's subscriptions, its visits, the owner's wallet and statement. */
const CHANGED = [queryRoots.subscriptions, queryRoots.visits, queryRoots.pets, queryRoots.wallet, queryRoots.payments];

/** What the live subscription holds now: '12 days left · valid until 3 Jan 2027'. */
function heldNow(s: PetSubscription): string {
  const parts = [`${s.daysLeft} ${s.daysLeft === 1 ? 'day' : 'days'} left now`];
  if (s.numberOfGroomings > 0) parts.push(`${groomingCount(s.numberOfGroomings)} left`);
  if (s.validUntil) parts.push(`valid until ${formatDate(s.validUntil)}`);
  return parts.join(' · ');
}

/** Plans grouped by the purpose they cover, for the select. */
function planOptions(plans: readonly SubscriptionPlan[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const p of plans) {
    if (!p.active) continue;
    const group = groups.get(p.subscriptionType.purpose) ?? [];
    group.push({ value: p._id, label: `${p.name} · ${p.duration} days · ${formatINR(p.price)}` });
    groups.set(p.subscriptionType.purpose, group);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * Buy Subscription (spec 001 §2): choose a plan, see the total and whether it renews the pet's live subscription of
 * its purpose ('Renews …: adds 30 days'), Proceed to Payment (disabled at ₹0) opens the payment options (cash,
 * payment link, card, or the owner's wallet; 'Pay later' for a link or card); the purchase is recorded with its visit
 * and payment, then `onDone` runs (the screens go to the dashboard). Used by New Visit's Buy Subscription purpose
 * and by /staff/buysubscription (Renew in Pet Records opens it with the plan chosen).
 */
export function BuySubscriptionForm({
  petId,
  visitTypeId,
  initialPlanId = null,
  onDone,
}: {
  petId: string | undefined;
  /** The Buy Subscription purpose's id. */
  visitTypeId: string | undefined;
  /** The plan chosen to start with (Renew). */
  initialPlanId?: string | null;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const plans = useQuery(plansQuery());
  const held = useQuery({ ...petSubscriptionsQuery(petId), retry: false });
  const pet = useQuery({ ...petDetailsQuery(petId), retry: false });
  const [planId, setPlanId] = useState<string | null>(initialPlanId);
  const [touched, setTouched] = useState(false);
  const [payOpen, setPayOpen] = useState(false);
  const followUp = usePaymentFollowUp();
  const options = useMemo(() => planOptions(plans.data ?? []), [plans.data]);
  const plan = plans.data?.find((p) => p._id === planId && p.active) ?? null;
  const total = plan?.price ?? 0;
  const effect = saleEffect(plan, held.data);

  const buy = useMutation({
    networkMode: 'always',
    // One Idempotency-Key per purchase: a purchase sent again after it got no answer is made once.
    mutationFn: useKeyedSubmit(buySubscription),
  });

  const submit = (choice: PaymentChoice<SubscriptionPaymentMethod>) => {
    if (!petId || !visitTypeId || !plan) {
      notify.error(VISIT_MESSAGES.missingInfo);
      return;
    }
    if (!choice.method) {
      notify.error(VISIT_MESSAGES.paymentMethod);
      return;
    }
    buy.mutate(
      {
        petId,
        visitType: visitTypeId,
        planId: plan._id,
        details: { selectedPayment: choice.method, price: total, ...(choice.payLater ? { payLater: true } : {}) },
        totalPrice: total,
      },
      {
        onSuccess: async (res) => {
          setPayOpen(false);
          const paid = res.renewed ? SUBSCRIPTION_MESSAGES.renewed : SUBSCRIPTION_MESSAGES.purchased;
          await followUp.after(res, { visitId: res.visit._id }, paid);
          onDone();
          // Refreshed once the payment is settled, so the screen stays put while the checkout is open.
          for (const queryKey of CHANGED) void qc.invalidateQueries({ queryKey });
        },
        onError: (err) => {
          setPayOpen(false);
          // Prices or the pet's subscriptions changed meanwhile (409: its live one is waiting for its payment).
          if (err instanceof ApiError && (err.status === 409 || Object.keys(err.body).some((k) => k.startsWith('expected')))) {
            void qc.invalidateQueries({ queryKey: queryRoots.subscriptions });
          }
          if (serverAnswered(err)) notify.error(err.message);
          else if (err instanceof ApiError) notify.error(SUBSCRIPTION_MESSAGES.purchaseFailed);
          else notify.error(`An error occurred: ${errorMessage(err, SUBSCRIPTION_MESSAGES.purchaseFailed)}`);
        },
      },
    );
  };

  if (plans.isPending) return <LoadingState label="Loading plans..." />;
  if (plans.isError && !plans.data) {
    return <ErrorState message="Could not load the subscription plans." onRetry={() => void plans.refetch()} />;
  }

  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        {options.length === 0 ? (
          <Alert color="yellow" title="No plans on offer">
            No subscription plans are on offer. An administrator can add them under Prices.
          </Alert>
        ) : null}
        <Select
          label="Subscription plan"
          placeholder="Select a plan"
          data={options}
          value={planId}
          onChange={setPlanId}
          onBlur={() => setTouched(true)}
          error={touched && !planId ? SUBSCRIPTION_MESSAGES.planRequired : undefined}
          searchable
          required
        />
        {plan ? (
          <Text size="sm" c="dimmed">
            {plan.subscriptionType.purpose} · {plan.duration} days
            {plan.numberOfGroomings > 0 ? ` · ${groomingCount(plan.numberOfGroomings)}` : ''}
            {plan.validityInDays ? ` · valid ${plan.validityInDays} days once paid` : ' · no expiry'}
          </Text>
        ) : null}
        {effect.kind === 'renew' ? (
          <Alert color="blue" variant="light" icon={<IconRefresh size={18} />} data-testid="renewal-note">
            <Text size="sm" fw={600}>
              {effect.note}
            </Text>
            <Text size="xs" c="dimmed">
              {heldNow(effect.held)}
            </Text>
          </Alert>
        ) : effect.kind === 'blocked' ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {effect.reason}. It can be renewed once that payment arrives.
          </Alert>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600} size="lg" data-testid="subscription-total">
            Total: {formatINR(total)}
          </Text>
          <Button disabled={total <= 0 || effect.kind === 'blocked'} loading={buy.isPending} onClick={() => setPayOpen(true)}>
            Proceed to Payment
          </Button>
        </Group>
      </Stack>
      <PaymentModal
        opened={payOpen}
        onClose={() => setPayOpen(false)}
        total={total}
        onSubmit={submit}
        submitting={buy.isPending}
        methods={SUBSCRIPTION_PAYMENT_METHODS}
        walletOwnerId={pet.data?.owner._id}
        payLater
      />
      {followUp.element}
    </Card>
  );
}

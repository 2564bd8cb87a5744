import { Alert, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import {
  SUBSCRIPTION_MESSAGES,
  type SubscriptionPlan,
  VISIT_MESSAGES,
  VISIT_PAYMENT_METHODS,
  type VisitPaymentMethod,
} from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, errorMessage, serverAnswered } from '../lib/api-client';
import { buySubscription, plansQuery } from '../lib/endpoints/subscriptions';
import { useKeyedSubmit } from '../lib/idempotency';
import { notify } from '../lib/notify';
import { queryRoots } from '../lib/query-keys';
import { type PaymentChoice, PaymentModal } from './PaymentModal';
import { usePaymentFollowUp } from './PaymentFollowUp';
import { ErrorState, LoadingState } from './states';

const CHANGED = [queryRoots.subscriptions, queryRoots.visits, queryRoots.pets];

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
 * Buy Subscription (spec 001 §2): choose a plan, see the total, Proceed to Payment (disabled at ₹0) opens the
 * payment options; the purchase is recorded with its visit and payment, then `onDone` runs (the screens go to
 * the dashboard). Used by New Visit's Buy Subscription purpose and by /staff/buysubscription.
 */
export function BuySubscriptionForm({
  petId,
  visitTypeId,
  onDone,
}: {
  petId: string | undefined;
  /** The Buy Subscription purpose's id. */
  visitTypeId: string | undefined;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const plans = useQuery(plansQuery());
  const [planId, setPlanId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [payOpen, setPayOpen] = useState(false);
  const followUp = usePaymentFollowUp();
  const options = useMemo(() => planOptions(plans.data ?? []), [plans.data]);
  const plan = plans.data?.find((p) => p._id === planId) ?? null;
  const total = plan?.price ?? 0;

  const buy = useMutation({
    networkMode: 'always',
    // One Idempotency-Key per purchase: a purchase sent again after it got no answer is made once.
    mutationFn: useKeyedSubmit(buySubscription),
  });

  const submit = (choice: PaymentChoice<VisitPaymentMethod>) => {
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
        details: { selectedPayment: choice.method, price: total },
        totalPrice: total,
      },
      {
        onSuccess: async (res) => {
          setPayOpen(false);
          await followUp.after(res, { visitId: res.visit._id }, SUBSCRIPTION_MESSAGES.purchased);
          onDone();
          // Refreshed once the payment is settled, so the screen stays put while the checkout is open.
          for (const queryKey of CHANGED) void qc.invalidateQueries({ queryKey });
        },
        onError: (err) => {
          setPayOpen(false);
          if (err instanceof ApiError && Object.keys(err.body).some((k) => k.startsWith('expected'))) {
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
            {plan.numberOfGroomings > 0 ? ` · ${plan.numberOfGroomings} grooming sessions` : ''}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600} size="lg" data-testid="subscription-total">
            Total: {formatINR(total)}
          </Text>
          <Button disabled={total <= 0} loading={buy.isPending} onClick={() => setPayOpen(true)}>
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
        methods={VISIT_PAYMENT_METHODS}
      />
      {followUp.element}
    </Card>
  );
}

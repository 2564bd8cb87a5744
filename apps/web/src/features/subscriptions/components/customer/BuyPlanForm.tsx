import { Alert, Button, Card, Divider, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { PetDetails } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { IconCreditCard, IconRefresh } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Money } from '../../../../components/Money';
import { useAuth } from '../../../../lib/auth';
import { useCustomerCheckout } from '../../../../lib/customer-checkout';
import type { CustomerSubscription } from '../../../../lib/endpoints/customer';
import { dayCount, statusOf } from '../../../../lib/subscription-rules';
import { createPlanOrder } from '../../api/customer-orders';
import { BUY_MESSAGES, type BuyablePlan, type BuyValues, planOptions, totalOf, validateBuy, validityOf } from './buy-plan';

interface Props {
  pets: readonly Pick<PetDetails, '_id' | 'name' | 'breed'>[];
  plans: readonly BuyablePlan[];
  /** The pets' subscriptions, when loaded: a plan of a purpose the pet holds renews it. */
  subscriptions?: readonly CustomerSubscription[];
  /** A pet to start with (from navigation state). */
  initialPetId?: string | null;
}

/** The subscription a purchase would renew: the pet's live one of the plan's purpose. */
function renewed(subs: readonly CustomerSubscription[] | undefined, petId: string | null, plan: BuyablePlan | undefined) {
  if (!subs || !petId || !plan) return undefined;
  return subs.find(
    (s) =>
      s.petId._id === petId && statusOf(s) !== 'inactive' && s.planId.subscriptionType.purpose === plan.subscriptionType.purpose,
  );
}

/**
 * /customer/buysubscription's form (spec 001 §2): pet, plan, the total price, and Pay through the card checkout. The
 * checks are the spec's ('Please select a pet', 'Please select a plan', 'Invalid plan selected'); the server sets the
 * amount from the plan and answers the same messages.
 */
export function BuyPlanForm({ pets, plans, subscriptions, initialPetId }: Props) {
  const { user } = useAuth();
  const checkout = useCustomerCheckout();
  const [values, setValues] = useState<BuyValues>({
    petId: initialPetId && pets.some((p) => p._id === initialPetId) ? initialPetId : pets.length === 1 ? pets[0]!._id : null,
    planId: null,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof BuyValues, string>>>({});
  const plan = plans.find((p) => p._id === values.planId);
  const pet = pets.find((p) => p._id === values.petId);
  const renewing = renewed(subscriptions, values.petId, plan);
  const total = totalOf(plan);

  const set = (field: keyof BuyValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value || null }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateBuy(values, plans);
    setErrors(found);
    if (found.petId || found.planId) {
      document.getElementById(found.petId ? 'buy-pet' : 'buy-plan')?.focus();
      return;
    }
    const body = { petId: values.petId!, planId: values.planId!, email: user?.email };
    const outcome = await checkout.pay({
      createOrder: (key) => createPlanOrder(body, key),
      orderFailed: BUY_MESSAGES.failed,
      description: plan ? `${plan.name} for ${pet?.name ?? 'your pet'}` : undefined,
      prefill: { name: user?.fullName, email: user?.email, contact: user?.phone ?? undefined },
      scope: `plan:${body.petId}:${body.planId}`,
    });
    if (outcome.status === 'failed') {
      const fields = (outcome.error as { errors?: Record<string, string> } | undefined)?.errors ?? {};
      if (fields.petId || fields.planId) setErrors({ petId: fields.petId, planId: fields.planId });
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" maw={640}>
      <form onSubmit={onSubmit} noValidate aria-label="Buy a subscription">
        <Stack gap="md">
          <NativeSelect
            id="buy-pet"
            label="Pet"
            required
            value={values.petId ?? ''}
            onChange={(e) => set('petId', e.currentTarget.value)}
            error={errors.petId}
            data={[
              { value: '', label: 'Select a pet' },
              ...pets.map((p) => ({ value: p._id, label: p.breed ? `${p.name} (${p.breed})` : p.name })),
            ]}
          />
          <NativeSelect
            id="buy-plan"
            label="Subscription plan"
            description="Days and grooming sessions for one pet; a plan of a purpose the pet already holds adds to it."
            required
            value={values.planId ?? ''}
            onChange={(e) => set('planId', e.currentTarget.value)}
            error={errors.planId}
            data={[{ value: '', label: 'Select a plan' }, ...planOptions(plans)]}
          />
          {plan ? (
            <Stack gap={6} aria-label="Plan summary" role="group">
              <Summary label="Purpose" value={plan.subscriptionType.purpose} />
              <Summary label="Days" value={dayCount(plan.duration)} />
              <Summary label="Groomings" value={String(plan.numberOfGroomings)} />
              <Summary label="Validity" value={validityOf(plan) ? `${dayCount(validityOf(plan)!)} from payment` : 'No expiry'} />
            </Stack>
          ) : null}
          {renewing && plan ? (
            <Alert color="blue" variant="light" icon={<IconRefresh size={18} />} title="This renews a subscription">
              {pet?.name ?? 'The pet'} already holds a {plan.subscriptionType.purpose} subscription ({dayCount(renewing.daysLeft)}{' '}
              left). Paying adds {dayCount(plan.duration)} and{' '}
              {plan.numberOfGroomings === 1 ? '1 grooming' : `${plan.numberOfGroomings} groomings`} to it.
            </Alert>
          ) : null}
          <Divider />
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600}>Total price</Text>
            <Text fw={700} fz="xl" data-testid="buy-total">
              <Money value={total} />
            </Text>
          </Group>
          <Button
            type="submit"
            size="md"
            leftSection={<IconCreditCard size={18} />}
            loading={checkout.busy}
            disabled={checkout.busy}
            fullWidth
          >
            {total > 0 ? `Pay ${formatINR(total)}` : 'Pay'}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            You pay securely by card, UPI, netbanking or wallet through the payment provider. The subscription is yours as soon as
            the payment is confirmed.
          </Text>
        </Stack>
      </form>
      {checkout.element}
    </Card>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

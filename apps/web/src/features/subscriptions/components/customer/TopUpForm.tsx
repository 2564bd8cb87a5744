import { Button, Chip, Group, NumberInput, Stack } from '@mantine/core';
import { formatINR } from '@pawdesk/shared/money';
import { PAYMENT_MESSAGES } from '@pawdesk/shared/payments/schemas';
import { IconWallet } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { MONEY_INPUT } from '../../../../components/NumberField';
import { serverAnswered } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth';
import { useCustomerCheckout } from '../../../../lib/customer-checkout';
import { createTopUpOrder } from '../../api/customer-orders';
import { validateTopUp } from './wallet';

const QUICK = [1000, 5000, 10000];

/**
 * Top up the wallet online: the amount (more than ₹0, at most the admin's limit), then the card checkout; the
 * server credits what the provider captured for its order, never an amount the page sends afterwards.
 */
export function TopUpForm({ maxTopUp }: { maxTopUp: number }) {
  const { user } = useAuth();
  const checkout = useCustomerCheckout();
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateTopUp(amount, maxTopUp);
    setError(problem);
    if (problem) {
      document.getElementById('topup-amount')?.focus();
      return;
    }
    const rupees = Number(amount);
    const outcome = await checkout.pay({
      createOrder: (key) => createTopUpOrder(rupees, key),
      orderFailed: PAYMENT_MESSAGES.orderFailed,
      description: 'Wallet top-up',
      prefill: { name: user?.fullName, email: user?.email, contact: user?.phone ?? undefined },
      scope: `topup:${rupees}`,
    });
    if (outcome.status === 'failed' && serverAnswered(outcome.error) && outcome.error.status === 400)
      setError(outcome.error.errors.amount ?? outcome.error.message);
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Top up the wallet">
        <Stack gap="xs">
          <NumberInput
            id="topup-amount"
            label="Top-up amount"
            description={`Up to ${formatINR(maxTopUp)} at a time`}
            placeholder="Amount in ₹"
            {...MONEY_INPUT}
            min={1}
            max={maxTopUp}
            clampBehavior="none"
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(null);
            }}
            error={error}
            inputMode="decimal"
          />
          <Group justify="space-between" gap="xs">
            <Group gap={6} role="group" aria-label="Quick amounts">
              {QUICK.filter((q) => q <= maxTopUp).map((q) => (
                <Chip
                  key={q}
                  size="xs"
                  checked={Number(amount) === q}
                  onChange={() => {
                    setAmount(q);
                    setError(null);
                  }}
                >
                  {formatINR(q).replace('.00', '')}
                </Chip>
              ))}
            </Group>
            <Button type="submit" leftSection={<IconWallet size={18} />} loading={checkout.busy} disabled={checkout.busy}>
              Top up
            </Button>
          </Group>
        </Stack>
      </form>
      {checkout.element}
    </>
  );
}

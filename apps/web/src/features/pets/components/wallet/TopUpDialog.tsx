import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { WALLET_MESSAGES } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePaymentFollowUp } from '../../../../components/PaymentFollowUp';
import { MethodGrid } from '../../../../components/PaymentMethods';
import { serverMessage } from '../../../../lib/api-client';
import { invalidateWalletData, type TopUpMethod, topUpWallet } from '../../../../lib/endpoints/wallet';
import { useKeyedSubmit } from '../../../../lib/idempotency';
import { notify } from '../../../../lib/notify';
import { useOrderCheckout } from '../../../../components/use-order-checkout';
import { topUpProblem } from './wallet-rules';

const METHODS: readonly TopUpMethod[] = ['cash', 'payment_link', 'card'];
const HINT: Record<TopUpMethod, string> = {
  cash: 'The money is credited to the wallet now.',
  payment_link: 'A payment link is sent to the owner; the wallet is credited when it is paid.',
  card: 'The card checkout opens next; the wallet is credited with what the card pays.',
};

function TopUpForm({ ownerId, maxTopUp, onDone }: { ownerId: string; maxTopUp: number; onDone: () => void }) {
  const qc = useQueryClient();
  const [amount, setAmount] = useState<number | string>('');
  const [method, setMethod] = useState<TopUpMethod | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [tried, setTried] = useState(false);
  const followUp = usePaymentFollowUp();
  const checkout = useOrderCheckout();
  const problem = topUpProblem(amount, maxTopUp);
  const value = typeof amount === 'number' ? amount : Number(amount) || 0;
  // One Idempotency-Key per top-up: a top-up sent again after it got no answer is credited once.
  const topUp = useMutation({
    networkMode: 'always',
    mutationFn: useKeyedSubmit(topUpWallet, (b) => `${b.selectedPayment}:${b.amount}`),
  });
  const ready = problem === null && method !== null && (method !== 'cash' || confirmed) && !topUp.isPending;

  const submit = () => {
    setTried(true);
    if (!ready || !method) return;
    topUp.mutate(
      { ownerId, amount: value, selectedPayment: method },
      {
        onSuccess: async (res) => {
          void invalidateWalletData(qc);
          if (method === 'card' && res.order) {
            const outcome = await checkout.pay(res.order, 'Wallet top-up');
            if (outcome !== 'paid') notify.info(`The card top-up of ${formatINR(value)} was not paid; nothing was credited.`);
            void invalidateWalletData(qc);
          } else {
            // A payment link is shown with Copy (and whether it was emailed); cash only says so.
            const p = res.payment;
            const payment = p
              ? {
                  ...p,
                  method: p.method ?? method,
                  orderId: null,
                  linkEmailed: res.message !== WALLET_MESSAGES.linkNoEmail,
                }
              : null;
            await followUp.after({ message: res.message, payment }, {}, res.message);
          }
          onDone();
        },
        onError: (err) => notify.error(serverMessage(err, 'Could not top up the wallet')),
      },
    );
  };

  return (
    <Stack gap="md">
      <NumberInput
        label="Amount"
        description={`At most ${formatINR(maxTopUp)} at a time`}
        leftSection="₹"
        min={0}
        max={maxTopUp}
        decimalScale={2}
        allowNegative={false}
        thousandSeparator=","
        thousandsGroupStyle="lakh"
        value={amount}
        onChange={setAmount}
        error={tried || amount !== '' ? problem : undefined}
        required
        data-autofocus
      />
      <div>
        <Text size="sm" fw={500} mb={6}>
          Payment method
        </Text>
        <MethodGrid
          methods={METHODS}
          method={method}
          onChoose={(m) => {
            setMethod(m);
            setConfirmed(false);
          }}
          balance={null}
          walletIssue={null}
        />
        {tried && !method ? (
          <Text size="xs" c="red.8" mt={4} role="alert">
            Please select payment method
          </Text>
        ) : null}
      </div>
      {method ? (
        <Text size="sm" c="dimmed">
          {HINT[method]}
        </Text>
      ) : null}
      {method === 'cash' ? (
        <Checkbox
          checked={confirmed}
          onChange={(e) => setConfirmed(e.currentTarget.checked)}
          label={`I confirm that the payment of ₹ ${formatINR(value).slice(1)} has been completed`}
          error={tried && !confirmed ? 'Please check the box' : undefined}
        />
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={topUp.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={topUp.isPending} disabled={tried && !ready}>
          {problem === null ? `Top up ${formatINR(value)}` : 'Top up'}
        </Button>
      </Group>
      {followUp.element}
      {checkout.element}
    </Stack>
  );
}

/** 'Top up' (Pet Records' Wallet panel): cash, payment link or card at the desk, at most the top-up limit. */
export function TopUpDialog({
  ownerId,
  ownerName,
  maxTopUp,
  opened,
  onClose,
}: {
  ownerId: string;
  ownerName: string;
  maxTopUp: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [round, setRound] = useState(0);
  // Every opening starts afresh.
  useEffect(() => {
    if (opened) setRound((r) => r + 1);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={`Top up ${ownerName}'s wallet`} centered size="lg">
      <TopUpForm key={round} ownerId={ownerId} maxTopUp={maxTopUp} onDone={onClose} />
    </Modal>
  );
}

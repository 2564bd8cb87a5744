import { Alert, Badge, Button, Chip, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { formatINR } from '@pawdesk/shared/money';
import { IconAlertTriangle, IconCreditCard, IconLock } from '@tabler/icons-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import {
  type CheckoutOutcome,
  type CheckoutResult,
  type OfflineCheckoutRequest,
  type PayByCardInput,
  payByCard,
  payOffline,
} from '../lib/checkout';

type Settle = (r: CheckoutResult | 'failed' | 'dismissed') => void;

const METHODS = ['Card', 'UPI', 'Netbanking', 'Wallet', 'Pay Later'];

/**
 * The offline provider's checkout dialog (no Razorpay keys configured): looks like a checkout, shows the
 * amount, and Pay / Fail ask the server's offline provider for the result Razorpay's checkout would give.
 */
export function OfflineCheckoutModal({ req, onSettle }: { req: OfflineCheckoutRequest | null; onSettle: Settle }) {
  const [busy, setBusy] = useState<'success' | 'failure' | null>(null);
  const [method, setMethod] = useState(METHODS[0]!);
  const [failure, setFailure] = useState<string | null>(null);
  const failedOnce = useRef(false);

  const finish = (r: CheckoutResult | 'failed' | 'dismissed') => {
    setBusy(null);
    setFailure(null);
    failedOnce.current = false;
    onSettle(r);
  };

  const attempt = async (outcome: 'success' | 'failure') => {
    if (!req) return;
    setBusy(outcome);
    setFailure(null);
    try {
      const res = await payOffline(req.order.order.id, outcome);
      if (res.status === 'captured' && res.razorpay_signature) {
        finish({
          razorpay_order_id: res.razorpay_order_id,
          razorpay_payment_id: res.razorpay_payment_id,
          razorpay_signature: res.razorpay_signature,
        });
        return;
      }
      // As Razorpay's checkout does, a failed attempt keeps the dialog open for another try.
      failedOnce.current = true;
      setFailure(res.error?.description ?? 'Payment failed');
    } catch (err) {
      failedOnce.current = true;
      setFailure(errorMessage(err, 'Payment failed'));
    }
    setBusy(null);
  };

  const amount = req ? formatINR(req.order.amountRupees) : '';
  return (
    <Modal
      opened={req !== null}
      onClose={() => (busy ? undefined : finish(failedOnce.current ? 'failed' : 'dismissed'))}
      title="Card checkout"
      centered
      closeOnClickOutside={false}
    >
      {req ? (
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconLock size={18} aria-hidden />
            <Text fw={700} style={{ flex: 1 }}>
              {req.businessName}
            </Text>
            <Badge color="gray" variant="light" size="sm">
              Offline
            </Badge>
          </Group>
          <div>
            <Text size="sm" c="dimmed">
              {req.description}
            </Text>
            <Title order={2} mt={4} data-testid="checkout-amount">
              {amount}
            </Title>
          </div>
          <Chip.Group value={method} onChange={(v) => setMethod(v as string)}>
            <Group gap={6} role="radiogroup" aria-label="Payment method">
              {METHODS.map((m) => (
                <Chip key={m} value={m} size="sm" radius="sm">
                  {m}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text size="xs" c="dimmed">
            Test mode: no money moves. Pay records a captured payment as Razorpay would; Fail records a failed attempt.
          </Text>
          {failure ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Payment failed">
              {failure.toLowerCase() === 'payment failed' ? '' : `${failure}. `}You can try again or close the checkout.
            </Alert>
          ) : null}
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" onClick={() => attempt('failure')} loading={busy === 'failure'} disabled={busy !== null}>
              Fail
            </Button>
            <Button
              style={{ flex: 1 }}
              leftSection={<IconCreditCard size={18} />}
              onClick={() => attempt('success')}
              loading={busy === 'success'}
              disabled={busy !== null}
            >
              Pay {amount}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * Card checkout for a screen: `payByCard({ visitId | boardingId | prescriptionId | subscriptionId, amount })`
 * resolves to 'paid' | 'failed' | 'dismissed' (see lib/checkout.ts). Render `element` once in the screen: it
 * is the offline provider's checkout dialog (nothing shows when Razorpay is configured).
 */
export function useCardCheckout(): { payByCard: (input: PayByCardInput) => Promise<CheckoutOutcome>; element: ReactNode } {
  const [req, setReq] = useState<OfflineCheckoutRequest | null>(null);
  const settle = useRef<Settle | null>(null);

  const pay = useCallback(
    (input: PayByCardInput) =>
      payByCard(
        input,
        (r) =>
          new Promise((resolve) => {
            settle.current = resolve;
            setReq(r);
          }),
      ),
    [],
  );

  const onSettle: Settle = (r) => {
    setReq(null);
    settle.current?.(r);
    settle.current = null;
  };

  return { payByCard: pay, element: <OfflineCheckoutModal req={req} onSettle={onSettle} /> };
}

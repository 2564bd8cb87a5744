import { Button, Checkbox, Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatINR, PAYMENT_TYPES, type PaymentMethod, type PaymentType, type VisitPaymentMethod } from '@pawdesk/shared';
import { IconCash, IconCheck, IconCreditCard, IconLink } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

export const PAYMENT_METHOD_LABEL: Record<VisitPaymentMethod, string> = {
  cash: 'Cash Payment',
  payment_link: 'Payment Link',
  card: 'Card',
};
const METHOD_ICON: Record<VisitPaymentMethod, ReactNode> = {
  cash: <IconCash size={22} aria-hidden style={{ flexShrink: 0 }} />,
  payment_link: <IconLink size={22} aria-hidden style={{ flexShrink: 0 }} />,
  card: <IconCreditCard size={22} aria-hidden style={{ flexShrink: 0 }} />,
};
/** Cash and payment link (prescriptions); visits, boarding and subscriptions add Card. */
const DEFAULT_METHODS: readonly PaymentMethod[] = ['cash', 'payment_link'];
export const PAYMENT_TYPE_LABEL: Record<PaymentType, string> = {
  partial_payment: 'Partial Payment',
  advance_payment: 'Advance Payment',
  payment_after_service: 'Payment After Service',
};
const PAYMENT_TYPE_HINT: Record<PaymentType, string> = {
  partial_payment: 'Collect part of the amount now; the rest is due later.',
  advance_payment: 'Collect the full amount now.',
  payment_after_service: 'Nothing is collected now; the full amount is due after the service.',
};

/**
 * What the user chose. `amountNow` is what was collected (0 for payment after service). For `card`, nothing is
 * collected yet: save the record, then open the card checkout for `amountNow` (`useCardCheckout` in
 * components/CardCheckout.tsx).
 */
export interface PaymentChoice<M extends VisitPaymentMethod = PaymentMethod> {
  paymentType: PaymentType | null;
  method: M | null;
  amountNow: number;
}

/** `₹ 1,234.00` as the confirmation sentence shows amounts. */
const rupees = (v: number) => `₹ ${formatINR(v).slice(1)}`;

function MethodButton({
  selected,
  icon,
  label,
  onClick,
}: {
  selected: boolean;
  icon: ReactNode;
  label: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={selected}
      p="md"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `2px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        {icon}
        <Text fw={600} style={{ flex: 1 }}>
          {label}
        </Text>
        {selected ? <IconCheck size={18} color="var(--mantine-primary-color-filled)" aria-hidden /> : null}
      </Group>
    </UnstyledButton>
  );
}

/**
 * The one payment modal (spec 001 §2 "Payment modals"): an optional payment
 * type step, then 'Payment Options' with Cash Payment, Payment Link (and Card
 * where `methods` offers it) and the confirmation checkbox. Submit is enabled
 * only when a method is chosen and, for cash and link, the box is ticked (a
 * card payment is confirmed by its checkout instead); the choice is handed to
 * `onSubmit`, which records it.
 */
export function PaymentModal<M extends VisitPaymentMethod = PaymentMethod>({
  opened,
  onClose,
  total,
  onSubmit,
  submitting = false,
  withPaymentType = false,
  paymentTypes = PAYMENT_TYPES,
  methods = DEFAULT_METHODS as readonly M[],
}: {
  opened: boolean;
  onClose: () => void;
  /** Amount due in rupees. */
  total: number;
  onSubmit: (choice: PaymentChoice<M>) => void;
  submitting?: boolean;
  /** Ask for the payment type first (hostel, day care). */
  withPaymentType?: boolean;
  paymentTypes?: readonly PaymentType[];
  /** The methods offered, in order: default cash and payment link; visits pass VISIT_PAYMENT_METHODS (adds Card). */
  methods?: readonly M[];
}) {
  const [step, setStep] = useState<'type' | 'method'>(withPaymentType ? 'type' : 'method');
  const [paymentType, setPaymentType] = useState<PaymentType | null>(null);
  const [partial, setPartial] = useState<number | string>('');
  const [method, setMethod] = useState<M | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  // Every opening starts afresh.
  useEffect(() => {
    if (opened) {
      setStep(withPaymentType ? 'type' : 'method');
      setPaymentType(null);
      setPartial('');
      setMethod(null);
      setConfirmed(false);
    }
  }, [opened, withPaymentType]);

  const partialAmount = typeof partial === 'number' ? partial : Number.NaN;
  const partialError =
    paymentType === 'partial_payment' && partial !== ''
      ? !(partialAmount > 0)
        ? 'Enter the amount collected now'
        : partialAmount > total
          ? `A partial payment cannot exceed the total of ${rupees(total)}`
          : null
      : null;
  const typeReady =
    paymentType !== null &&
    (paymentType !== 'partial_payment' || (partial !== '' && partialAmount > 0 && partialAmount <= total));
  const amountNow =
    paymentType === 'partial_payment'
      ? Number.isFinite(partialAmount)
        ? partialAmount
        : 0
      : paymentType === 'payment_after_service'
        ? 0
        : total;
  const byCard = method === 'card';
  const canSubmit = method !== null && (confirmed || byCard) && !submitting;

  const close = () => {
    if (!submitting) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={step === 'type' ? 'Payment Type' : 'Payment Options'}
      size={methods.length > 2 ? 'lg' : 'md'}
      centered
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      withCloseButton={!submitting}
    >
      {step === 'type' ? (
        <Stack gap="md">
          <Text size="sm">
            Total due: <b>{rupees(total)}</b>
          </Text>
          <Radio.Group
            label="How is this being paid?"
            value={paymentType ?? ''}
            onChange={(v) => setPaymentType(v as PaymentType)}
            required
          >
            <Stack gap="sm" mt="xs">
              {paymentTypes.map((t) => (
                <Radio key={t} value={t} label={PAYMENT_TYPE_LABEL[t]} description={PAYMENT_TYPE_HINT[t]} />
              ))}
            </Stack>
          </Radio.Group>
          {paymentType === 'partial_payment' ? (
            <NumberInput
              label="Amount collected now"
              leftSection="₹"
              min={0}
              max={total}
              decimalScale={2}
              allowNegative={false}
              value={partial}
              onChange={setPartial}
              error={partialError}
              description={typeReady ? `Remaining after this payment: ${rupees(Math.max(0, total - partialAmount))}` : undefined}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {paymentType === 'payment_after_service' ? (
              <Button
                disabled={!typeReady || submitting}
                loading={submitting}
                onClick={() => onSubmit({ paymentType, method: null, amountNow: 0 })}
              >
                Submit
              </Button>
            ) : (
              <Button disabled={!typeReady} onClick={() => setStep('method')}>
                Next
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Choose how the payment was collected.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: methods.length }} spacing="sm" role="group" aria-label="Payment method">
            {methods.map((m) => (
              <MethodButton
                key={m}
                selected={method === m}
                icon={METHOD_ICON[m]}
                label={PAYMENT_METHOD_LABEL[m]}
                onClick={() => setMethod(m)}
              />
            ))}
          </SimpleGrid>
          {byCard ? (
            <Text size="sm">
              The card checkout for <b>{rupees(amountNow)}</b> opens after you submit.
            </Text>
          ) : (
            <Checkbox
              checked={confirmed}
              onChange={(e) => setConfirmed(e.currentTarget.checked)}
              label={`I confirm that the payment of ${rupees(amountNow)} has been completed`}
            />
          )}
          <Group justify="space-between" gap="sm" mt="xs">
            {withPaymentType ? (
              <Button variant="subtle" onClick={() => setStep('type')} disabled={submitting}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={submitting}>
                Cancel
              </Button>
              <Button disabled={!canSubmit} loading={submitting} onClick={() => onSubmit({ paymentType, method, amountNow })}>
                Submit
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

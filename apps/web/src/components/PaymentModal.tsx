import { Alert, Button, Checkbox, Group, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { formatINR, PAYMENT_TYPES, type PaymentMethod, type PaymentType } from '@pawdesk/shared';
import { useEffect, useRef, useState } from 'react';
import { useWalletBalance } from '../lib/endpoints/wallet';
import { MethodGrid } from './PaymentMethods';
import {
  balanceAfter,
  canPayLater,
  canSubmit as submittable,
  type DeskPaymentMethod,
  PAYMENT_METHOD_LABEL,
  walletProblem,
} from './payment-choice';

export { PAYMENT_METHOD_LABEL };
/** Cash and payment link (prescriptions); visits, boarding and subscriptions add Card (and Wallet where allowed). */
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

/** The pay-later box's words (issue 16). */
export const PAY_LATER_LABEL = 'Pay later — let the pet use it before the money arrives';

/**
 * What the user chose. `amountNow` is what was collected (0 for payment after service). For `card`, nothing is
 * collected yet: save the record, then open the card checkout for `amountNow` (`useCardCheckout` in
 * components/CardCheckout.tsx). `wallet`: `amountNow` is taken from the owner's wallet by the save. `payLater`:
 * staff chose to let the pet use what is sold before a link or card payment arrives (only where `payLater` is
 * offered).
 */
export interface PaymentChoice<M extends DeskPaymentMethod = PaymentMethod> {
  paymentType: PaymentType | null;
  method: M | null;
  amountNow: number;
  payLater?: boolean;
}

/** `₹ 1,234.00` as the confirmation sentence shows amounts. */
const rupees = (v: number) => `₹ ${formatINR(v).slice(1)}`;

/**
 * What choosing Payment Link means (issue 18): nothing is collected now, the link is sent to the owner and the
 * amount stays owed until the link is paid. The spec's 'has been completed' confirmation is for cash only.
 */
export const linkNote = (amount: number) =>
  `A payment link for ${rupees(amount)} will be sent to the owner. Nothing is collected now: the amount stays owed until the owner pays the link.`;

/**
 * The one payment modal (spec 001 §2 "Payment modals"): an optional payment
 * type step, then 'Payment Options' with Cash Payment, Payment Link (and Card
 * and Wallet where `methods` offers them) and the confirmation checkbox.
 * Submit is enabled only when a method is chosen and, for cash and link, the
 * box is ticked (for a link it confirms that the link is to be sent: the amount stays owed until paid) (a card payment is confirmed by its checkout instead; the
 * wallet, which shows the owner's balance, only when it holds the amount);
 * the choice is handed to `onSubmit`, which records it.
 */
export function PaymentModal<M extends DeskPaymentMethod = PaymentMethod>({
  opened,
  onClose,
  total,
  onSubmit,
  submitting = false,
  withPaymentType = false,
  paymentTypes = PAYMENT_TYPES,
  methods = DEFAULT_METHODS as readonly M[],
  walletOwnerId,
  payLater: offerPayLater = false,
  payLaterText,
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
  /** With 'wallet' among `methods`: whose wallet pays (its balance is shown, and taken at most). */
  walletOwnerId?: string | null;
  /** Offer 'Pay later' for a payment link or card (a subscription sold before its money arrives). */
  payLater?: boolean;
  /** Another wording of 'Pay later', and the methods it applies to (check-out: a payment link only). */
  payLaterText?: { label: string; description: string; methods: readonly DeskPaymentMethod[] };
}) {
  const [step, setStep] = useState<'type' | 'method'>(withPaymentType ? 'type' : 'method');
  const [paymentType, setPaymentType] = useState<PaymentType | null>(null);
  const [partial, setPartial] = useState<number | string>('');
  const [method, setMethod] = useState<M | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [later, setLater] = useState(false);
  // Next and Back replace the step's content, the focused button with it: the focus then moves into the new step
  // (issue 22: it fell to the page behind the dialog, and Tab went on there).
  const stepBody = useRef<HTMLDivElement>(null);
  const stepMoved = useRef(false);
  const goTo = (s: 'type' | 'method') => {
    stepMoved.current = true;
    setStep(s);
  };
  useEffect(() => {
    if (!stepMoved.current) return;
    stepMoved.current = false;
    const root = stepBody.current;
    const target =
      step === 'method'
        ? root?.querySelector<HTMLElement>('[aria-label="Payment method"] button:not(:disabled)')
        : (root?.querySelector<HTMLElement>('input[type="radio"]:checked') ??
          root?.querySelector<HTMLElement>('input[type="radio"]'));
    target?.focus();
  }, [step]);
  const offersWallet = (methods as readonly DeskPaymentMethod[]).includes('wallet');
  const wallet = useWalletBalance(opened && offersWallet ? walletOwnerId : null);

  // Every opening starts afresh.
  useEffect(() => {
    if (opened) {
      setStep(withPaymentType ? 'type' : 'method');
      setPaymentType(null);
      setPartial('');
      setMethod(null);
      setConfirmed(false);
      setLater(false);
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
  const byWallet = method === 'wallet';
  const byLink = method === 'payment_link';
  const walletIssue = offersWallet ? walletProblem(wallet, amountNow) : null;
  const payLaterShown = offerPayLater && canPayLater(method, payLaterText?.methods);
  const canSubmit = submittable({ method, confirmed, submitting, amountNow, wallet });
  const choose = (m: M) => {
    setMethod(m);
    setConfirmed(false);
  };

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
        <Stack gap="md" ref={stepBody}>
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
              <Button disabled={!typeReady} onClick={() => goTo('method')}>
                Next
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" ref={stepBody}>
          <Text size="sm" c="dimmed">
            Choose how the payment was collected.
          </Text>
          <MethodGrid
            methods={methods}
            method={method}
            onChoose={choose}
            balance={wallet.balance}
            walletIssue={offersWallet ? walletIssue : null}
          />
          {byCard ? (
            <Text size="sm">
              The card checkout for <b>{rupees(amountNow)}</b> opens after you submit.
            </Text>
          ) : method === 'stay_bill' ? (
            <Text size="sm" data-testid="stay-bill-note">
              Nothing is collected now: <b>{rupees(amountNow)}</b> is added to the stay&apos;s bill and paid at check-out.
            </Text>
          ) : byWallet ? (
            <Text size="sm" data-testid="wallet-take">
              <b>{rupees(amountNow)}</b> is taken from the wallet on Submit; {rupees(balanceAfter(wallet, amountNow))} stays in
              it.
            </Text>
          ) : byLink ? (
            <>
              <Alert color="blue" variant="light" title="The link will be sent" data-testid="link-note">
                {linkNote(amountNow)}
              </Alert>
              <Checkbox
                checked={confirmed}
                onChange={(e) => setConfirmed(e.currentTarget.checked)}
                label={`I confirm that a payment link for ${rupees(amountNow)} is to be sent to the owner`}
              />
            </>
          ) : (
            <Checkbox
              checked={confirmed}
              onChange={(e) => setConfirmed(e.currentTarget.checked)}
              label={`I confirm that the payment of ${rupees(amountNow)} has been completed`}
            />
          )}
          {payLaterShown ? (
            <Checkbox
              checked={later}
              onChange={(e) => setLater(e.currentTarget.checked)}
              label={payLaterText?.label ?? PAY_LATER_LABEL}
              description={payLaterText?.description ?? 'Without it, what is sold is usable once the money arrives.'}
            />
          ) : null}
          <Group justify="space-between" gap="sm" mt="xs">
            {withPaymentType ? (
              <Button variant="subtle" onClick={() => goTo('type')} disabled={submitting}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={submitting}>
                Cancel
              </Button>
              <Button
                disabled={!canSubmit}
                loading={submitting}
                onClick={() => onSubmit({ paymentType, method, amountNow, payLater: payLaterShown && later })}
              >
                Submit
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

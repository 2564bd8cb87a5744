import type { ReservationDepositMethod, ReservationMoneyResponse } from '@pawdesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PaymentModal } from '../../../components/PaymentModal';
import { useOrderCheckout } from '../../../components/use-order-checkout';
import { notify } from '../../../lib/notify';
import { queryRoots } from '../../../lib/query-keys';

/** A deposit is part of the price (Partial Payment) or all of it (Advance Payment); the rest is due at check-out. */
const DEPOSIT_TYPES = ['partial_payment', 'advance_payment'] as const;
/** How a deposit is taken at the desk: cash now, a payment link, or a card checkout. */
export const DEPOSIT_METHODS: readonly ReservationDepositMethod[] = ['cash', 'payment_link', 'card'];

export interface DepositChoice {
  amount: number;
  selectedPayment: ReservationDepositMethod;
}

/**
 * The shared payment modal asking for a deposit of at most `total`: the payment type (part or all), then cash,
 * payment link or card with the confirmation. `onChoose` records it.
 */
export function DepositModal({
  opened,
  onClose,
  total,
  submitting,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  total: number;
  submitting: boolean;
  onChoose: (d: DepositChoice) => void;
}) {
  return (
    <PaymentModal<ReservationDepositMethod>
      opened={opened}
      onClose={onClose}
      total={total}
      withPaymentType
      paymentTypes={DEPOSIT_TYPES}
      methods={DEPOSIT_METHODS}
      submitting={submitting}
      onSubmit={(c) => {
        if (c.method && c.amountNow > 0) onChoose({ amount: c.amountNow, selectedPayment: c.method });
      }}
    />
  );
}

/**
 * What follows a deposit the server recorded: cash says it was taken; a payment link that it was sent (held when
 * paid); a card opens the checkout of the order the server made. Render `element` once.
 */
export function useDepositFollowUp(): { follow: (res: ReservationMoneyResponse) => Promise<void>; element: ReactNode } {
  const checkout = useOrderCheckout();
  const qc = useQueryClient();
  const follow = async (res: ReservationMoneyResponse) => {
    if (res.order) {
      const outcome = await checkout.pay(res.order, 'Reservation deposit');
      if (outcome !== 'paid') notify.info('The deposit was not paid by card: the reservation is kept, take it later.');
      void qc.invalidateQueries({ queryKey: queryRoots.boarding });
      void qc.invalidateQueries({ queryKey: queryRoots.payments });
      return;
    }
    if (res.payment?.status === 'pending') notify.info(res.message);
    else notify.success(res.message);
  };
  return { follow, element: checkout.element };
}

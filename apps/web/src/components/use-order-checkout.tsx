import { PAYMENT_MESSAGES as M, type PaymentDoneResponse, type PaymentsConfig } from '@pawdesk/shared/payments/schemas';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { OfflineCheckoutModal } from './CardCheckout';
import { api } from '../lib/api-client';
import {
  type CheckoutOutcome,
  type CheckoutResult,
  loadRazorpayScript,
  type OfflineCheckoutRequest,
  openRazorpay,
  paymentsConfig,
} from '../lib/checkout';
import type { CheckoutOrder } from '../lib/endpoints/wallet';
import { SubmissionKey, submitOnce } from '../lib/idempotency';
import { notify } from '../lib/notify';

type Settle = (r: CheckoutResult | 'failed' | 'dismissed') => void;

/**
 * The card checkout of an order the server already created (a wallet top-up by card at the desk: `POST /wallet/topup`
 * answers the order; a reservation's deposit by card: `POST /reservations` and `POST /reservations/:id/deposit`). Opens Razorpay's checkout, or the offline provider's dialog, for the order's amount, then sends
 * the signed result to POST /payments/verify-payment (again with its key when it got no answer). Resolves 'paid',
 * 'failed' (a message was shown) or 'dismissed'. Render `element` once.
 */
export function useOrderCheckout(): {
  pay: (order: CheckoutOrder, description: string) => Promise<CheckoutOutcome>;
  element: ReactNode;
} {
  const [req, setReq] = useState<OfflineCheckoutRequest | null>(null);
  const settle = useRef<Settle | null>(null);

  const pay = useCallback(async (order: CheckoutOrder, description: string): Promise<CheckoutOutcome> => {
    let config: PaymentsConfig;
    try {
      config = await paymentsConfig();
      if (order.provider === 'razorpay' && !(await loadRazorpayScript())) {
        notify.error(M.sdkFailed);
        return 'failed';
      }
    } catch {
      notify.error(M.initFailed);
      return 'failed';
    }
    const checkoutOrder = {
      success: true as const,
      message: '',
      order: { id: order.id, amount: order.amount, currency: 'INR' as const, receipt: null },
      amountRupees: order.amount / 100,
      paymentId: '',
      provider: order.provider,
      keyId: order.keyId,
    };
    let result: CheckoutResult | 'failed' | 'dismissed';
    try {
      result =
        order.provider === 'razorpay' && window.Razorpay
          ? await openRazorpay(
              window.Razorpay,
              { ...config, keyId: order.keyId || config.keyId },
              checkoutOrder,
              { amount: checkoutOrder.amountRupees },
              description,
            )
          : await new Promise((resolve) => {
              settle.current = resolve;
              setReq({ order: checkoutOrder, businessName: config.businessName, description });
            });
    } catch {
      notify.error(M.initFailed);
      return 'failed';
    }
    if (result === 'failed' || result === 'dismissed') return result;
    try {
      await submitOnce(
        new SubmissionKey(),
        (idempotencyKey) =>
          api<PaymentDoneResponse>('/payments/verify-payment', { method: 'POST', body: result, idempotencyKey }),
        { retries: 2 },
      );
      notify.success(M.done);
      return 'paid';
    } catch {
      notify.error(M.failed);
      return 'failed';
    }
  }, []);

  const onSettle: Settle = (r) => {
    setReq(null);
    settle.current?.(r);
    settle.current = null;
  };

  return { pay, element: <OfflineCheckoutModal req={req} onSettle={onSettle} /> };
}

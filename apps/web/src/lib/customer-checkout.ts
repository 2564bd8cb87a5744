/**
 * Customers paying online (spec 001 §4 "Online payment", issue 16): a subscription plan from /customer/buysubscription
 * and a wallet top-up from /customer/subscription.
 *
 *   const checkout = useCustomerCheckout();          // in the component; render {checkout.element} once
 *   await checkout.pay({ createOrder: (key) => api(..., { idempotencyKey: key }), orderFailed: '...' });
 *
 * The flow: create the order (the server sets the amount from the plan or the top-up, and names its provider), load
 * Razorpay's script when that is the provider (nothing to load for the offline provider), open the checkout
 * (Razorpay's, or the offline provider's dialog from components/CardCheckout.tsx), then
 * - paid: POST /payments/verify-payment with the checkout's signed result, then the browser goes to the order's
 *   `success_url`: a server address that checks the order with the provider, makes the purchase once and redirects
 *   to /customer/subscription?paid=1 (so the verification failing or the page closing loses nothing);
 * - dismissed (or failed, then closed): the browser goes to the order's `cancel_url`; nothing was charged.
 * A script that cannot load shows 'Razorpay SDK failed to load. Please check your internet connection.' (the order
 * stays unpaid and takes nothing). The pieces of the staff checkout (lib/checkout.ts) are reused: the script,
 * Razorpay's options and the offline dialog.
 */
import {
  type CreateOrderResponse,
  PAYMENT_MESSAGES as M,
  type PaymentDoneResponse,
  type PaymentsConfig,
} from '@pawdesk/shared/payments/schemas';
import { DEFAULT_BUSINESS } from '@pawdesk/shared/catalog';
import { CUSTOMER_PURCHASE_MESSAGES } from '@pawdesk/shared/subscriptions/views';
import { createElement, type ReactNode, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { OfflineCheckoutModal } from '../components/CardCheckout';
import { ApiError, api, serverMessage } from './api-client';
import { useBusiness } from './business';
import {
  type CheckoutResult,
  loadRazorpayScript,
  type OfflineCheckoutRequest,
  type OfflineOpener,
  openRazorpay,
} from './checkout';
import { SubmissionKey, submitOnce } from './idempotency';
import { notify } from './notify';

/** The customer's message when the provider's script cannot load (spec 001 §8; the staff one differs). */
export const CUSTOMER_SDK_FAILED = CUSTOMER_PURCHASE_MESSAGES.sdkFailed;

/**
 * A customer checkout order, as `POST /customer/payment/create-order` and `POST /customer/wallet/create-order`
 * answer it: the order's fields at the top level (the existing client reads `id`, `amount`, `success_url`, `cancel_url`).
 */
export interface CustomerOrder {
  id: string;
  /** Paise, as the checkout takes it. */
  amount: number;
  amountRupees: number;
  currency: 'INR';
  keyId: string;
  provider: 'razorpay' | 'offline';
  success_url: string;
  cancel_url: string;
  description?: string;
}

export interface CustomerPayInput {
  /** Creates the order on the server with this submission's Idempotency-Key. */
  createOrder: (idempotencyKey: string) => Promise<CustomerOrder>;
  /** The message when the order cannot be created and the server gave no reason ('Failed to purchase subscription'). */
  orderFailed: string;
  /** Shown in the checkout under the brand when the order does not say. */
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  /** What is bought ('plan:<petId>:<planId>', 'topup:<amount>'): an order for something else is a new submission. */
  scope?: string;
}

/**
 * How a payment ended on this page: 'left' (the browser is going to the success or cancel address), or 'failed'
 * (nothing was created or the checkout could not open; a message was shown, the form stays as it was).
 */
export type CustomerPayOutcome = { status: 'left'; to: string } | { status: 'failed'; error?: unknown };

/** How many times a call that got no answer (a dropped connection) is sent again with its Idempotency-Key. */
const NO_ANSWER_RETRIES = 2;

/** Only an address on this site is followed (a path, never another origin). */
export function sameSiteAddress(url: unknown, fallback: string): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : fallback;
}

/** The customer order in the shape the staff checkout's pieces (Razorpay's options, the offline dialog) read. */
export function asCheckoutOrder(o: CustomerOrder): CreateOrderResponse {
  return {
    success: true,
    message: '',
    order: { id: o.id, amount: o.amount, currency: 'INR', receipt: null },
    amountRupees: o.amountRupees,
    paymentId: '',
    provider: o.provider,
    keyId: o.keyId,
  };
}

export interface CustomerCheckoutDeps {
  openOffline: OfflineOpener;
  /** Goes to an address: the success address is the server's (a full page load); the cancel one may be the app's. */
  go: (url: string, kind: 'success' | 'cancel') => void;
  submission?: SubmissionKey;
  /** The brand the checkout shows (the business's name from its settings). */
  businessName?: string;
}

/** The whole customer payment (see the file's comment). */
export async function payOnline(input: CustomerPayInput, deps: CustomerCheckoutDeps): Promise<CustomerPayOutcome> {
  let order: CustomerOrder;
  try {
    order = await submitOnce(deps.submission ?? new SubmissionKey(), input.createOrder, {
      retries: NO_ANSWER_RETRIES,
      scope: input.scope,
    });
  } catch (error) {
    notify.error(serverMessage(error, input.orderFailed), error);
    return { status: 'failed', error };
  }
  // The order names the provider the server runs (customers do not read the staff's payment config). An order that
  // is never paid takes nothing.
  if (order.provider === 'razorpay' && !(await loadRazorpayScript())) {
    notify.error(CUSTOMER_SDK_FAILED);
    return { status: 'failed' };
  }
  const config: PaymentsConfig = {
    success: true,
    provider: order.provider,
    keyId: order.keyId,
    businessName: deps.businessName ?? DEFAULT_BUSINESS.name,
  };
  const description = order.description ?? input.description ?? 'Payment';
  const cancel = sameSiteAddress(order.cancel_url, '/customer/subscription?cancelled=1');
  const success = sameSiteAddress(order.success_url, '/customer/subscription?pending=1');
  const checkoutOrder = asCheckoutOrder(order);
  let result: CheckoutResult | 'failed' | 'dismissed';
  try {
    result =
      order.provider === 'razorpay' && window.Razorpay
        ? await openRazorpay(
            window.Razorpay,
            config,
            checkoutOrder,
            { amount: order.amountRupees, prefill: input.prefill },
            description,
          )
        : await deps.openOffline({ order: checkoutOrder, businessName: config.businessName, description });
  } catch (error) {
    notify.error(M.initFailed);
    return { status: 'failed', error };
  }
  if (result === 'failed' || result === 'dismissed') {
    deps.go(cancel, 'cancel');
    return { status: 'left', to: cancel };
  }
  try {
    // The money is taken: a verification that got no answer is sent again (the same key). Whatever it answers, the
    // success address checks the order with the provider itself and makes the purchase once.
    await submitOnce(
      new SubmissionKey(),
      (idempotencyKey) => api<PaymentDoneResponse>('/payments/verify-payment', { method: 'POST', body: result, idempotencyKey }),
      { retries: NO_ANSWER_RETRIES },
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  deps.go(success, 'success');
  return { status: 'left', to: success };
}

/**
 * Online payment for a customer screen: `pay(input)` runs the flow; `busy` is true from the click until the browser
 * leaves (or the payment failed); render `element` once (the offline provider's checkout dialog).
 */
export function useCustomerCheckout(): {
  pay: (input: CustomerPayInput) => Promise<CustomerPayOutcome>;
  busy: boolean;
  element: ReactNode;
} {
  const navigate = useNavigate();
  const business = useBusiness();
  const [req, setReq] = useState<OfflineCheckoutRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((r: CheckoutResult | 'failed' | 'dismissed') => void) | null>(null);
  const submission = useRef<SubmissionKey | null>(null);
  submission.current ??= new SubmissionKey();

  const pay = useCallback(
    async (input: CustomerPayInput) => {
      setBusy(true);
      const outcome = await payOnline(input, {
        submission: submission.current ?? undefined,
        businessName: business.name,
        openOffline: (r) =>
          new Promise((resolve) => {
            settle.current = resolve;
            setReq(r);
          }),
        go: (url, kind) => {
          // The cancel address is one of the app's pages; the success address is the server's.
          if (kind === 'cancel' && !url.startsWith('/api/')) navigate(url);
          else window.location.assign(url);
        },
      });
      // Going to the server's success address keeps the page busy until the browser leaves.
      setBusy(outcome.status === 'left' && outcome.to.startsWith('/api/'));
      return outcome;
    },
    [navigate, business.name],
  );

  const onSettle = (r: CheckoutResult | 'failed' | 'dismissed') => {
    setReq(null);
    settle.current?.(r);
    settle.current = null;
  };

  return { pay, busy, element: createElement(OfflineCheckoutModal, { req, onSettle }) };
}

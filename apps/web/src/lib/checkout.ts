/**
 * Card payments from staff screens (spec 001 §4 "Online payment", §10 messages).
 *
 * Use it through the hook in components/CardCheckout.tsx:
 *
 *   const checkout = useCardCheckout();            // in the component; render {checkout.element} once
 *   const outcome = await checkout.payByCard({ visitId, amount });   // or { boardingId, amount }
 *   // outcome: 'paid' (verified and recorded; '✅ Payment Done Successfully!', or `successMessage`, shown),
 *   //          'failed' (a message was shown), or 'dismissed' (closed without paying; nothing shown)
 *
 * Call it AFTER the record being paid is saved (the visit save records a pending card payment): the server
 * creates the order for the ledger's amount, never the browser's (`amount` is what the screen showed; a
 * different server amount is refused with a message, so a stale screen cannot charge the wrong sum).
 *
 * With Razorpay configured the Razorpay checkout script is loaded on first use and opened; without it the
 * server runs the offline provider and the hook's own dialog plays the checkout. Either way the checkout's
 * signed result is sent to POST /payments/verify-payment.
 */
import {
  type CreateOrderResponse,
  type OfflinePayResponse,
  PAYMENT_MESSAGES as M,
  type PaymentDoneResponse,
  type PaymentSubjectInput,
  type PaymentsConfig,
} from '@pawdesk/shared/payments/schemas';
import { ApiError, api } from './api-client';
import { SubmissionKey, submitOnce } from './idempotency';
import { notify } from './notify';

export type CheckoutOutcome = 'paid' | 'failed' | 'dismissed';

export interface PayByCardInput extends PaymentSubjectInput {
  /** Rupees, as the screen showed them. */
  amount: number;
  /** Shown in the checkout under the brand. */
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  /**
   * The one success message once paid (e.g. 'Payment Done Successfully and visit saved'), instead of
   * '✅ Payment Done Successfully!': a card payment shows one success message, not two (issue 18).
   */
  successMessage?: string;
}

/** The checkout's result, as Razorpay hands it to the page. */
export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** What the offline dialog is asked to show; it resolves with the signed result, or 'failed'/'dismissed'. */
export interface OfflineCheckoutRequest {
  order: CreateOrderResponse;
  businessName: string;
  description: string;
}
export type OfflineOpener = (req: OfflineCheckoutRequest) => Promise<CheckoutResult | 'failed' | 'dismissed'>;

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

let configPromise: Promise<PaymentsConfig> | null = null;
/** Which provider the server runs, its public key and the brand; asked once per page load. */
export function paymentsConfig(): Promise<PaymentsConfig> {
  configPromise ??= api<PaymentsConfig>('/payments/config').catch((err) => {
    configPromise = null;
    throw err;
  });
  return configPromise;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (resp: { error?: { description?: string } }) => void): void;
}
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;
declare global {
  interface Window {
    Razorpay?: RazorpayCtor;
  }
}

let scriptPromise: Promise<boolean> | null = null;
/** Loads Razorpay's checkout script once; false when it cannot be loaded (offline, blocked). */
export function loadRazorpayScript(src = RAZORPAY_SCRIPT): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  scriptPromise ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => {
      script.remove();
      scriptPromise = null;
      resolve(false);
    };
    document.body.appendChild(script);
  });
  return scriptPromise;
}

/** Opens Razorpay's checkout for the order; settles on the signed result or the checkout being closed. */
export function openRazorpay(
  Razorpay: RazorpayCtor,
  config: PaymentsConfig,
  order: CreateOrderResponse,
  input: PayByCardInput,
  description: string,
): Promise<CheckoutResult | 'failed' | 'dismissed'> {
  return new Promise((resolve) => {
    let failed = false;
    const rzp = new Razorpay({
      key: config.keyId,
      amount: order.order.amount,
      currency: 'INR',
      name: config.businessName,
      description,
      order_id: order.order.id,
      prefill: input.prefill ?? {},
      notes: Object.fromEntries(Object.entries(subjectOf(input)).filter(([, v]) => v)),
      method: { netbanking: true, card: true, wallet: true, upi: true, paylater: true },
      handler: (result: CheckoutResult) => resolve(result),
      modal: { ondismiss: () => resolve(failed ? 'failed' : 'dismissed') },
    });
    // Razorpay keeps its checkout open after a failed attempt, for another try.
    rzp.on('payment.failed', () => {
      failed = true;
      notify.error(M.failed);
    });
    rzp.open();
  });
}

const subjectOf = (i: PaymentSubjectInput): PaymentSubjectInput => ({
  visitId: i.visitId,
  boardingId: i.boardingId,
  prescriptionId: i.prescriptionId,
  subscriptionId: i.subscriptionId,
});

/** What the checkout says is being paid, when the screen does not say. */
const describe = (i: PaymentSubjectInput) =>
  i.boardingId
    ? 'Boarding payment'
    : i.visitId
      ? 'Visit payment'
      : i.prescriptionId
        ? 'Prescription payment'
        : i.subscriptionId
          ? 'Subscription payment'
          : 'Payment';

/** How many times a card call that got no answer (a dropped connection) is sent again with its Idempotency-Key. */
const NO_ANSWER_RETRIES = 2;

/**
 * The card payment flow; `openOffline` plays the checkout when the server runs the offline provider. The order and
 * the verification are each one submission with an Idempotency-Key, sent again with it when they got no answer.
 */
export async function payByCard(input: PayByCardInput, openOffline: OfflineOpener): Promise<CheckoutOutcome> {
  let config: PaymentsConfig;
  let order: CreateOrderResponse;
  try {
    config = await paymentsConfig();
    if (config.provider === 'razorpay' && !(await loadRazorpayScript())) {
      notify.error(M.sdkFailed);
      return 'failed';
    }
  } catch {
    notify.error(M.initFailed);
    return 'failed';
  }
  try {
    const body = { amount: input.amount, receipt: `order${Date.now()}`, notes: subjectOf(input) };
    order = await submitOnce(
      new SubmissionKey(),
      (idempotencyKey) => api<CreateOrderResponse>('/payments/create-order', { method: 'POST', body, idempotencyKey }),
      { retries: NO_ANSWER_RETRIES },
    );
  } catch (err) {
    // The server's reason when it gave one (nothing due, another amount is due…).
    notify.error(
      err instanceof ApiError && err.status >= 400 && err.status < 500 ? `${M.orderFailed}: ${err.message}` : M.orderFailed,
    );
    return 'failed';
  }
  const description = input.description ?? describe(input);
  let result: CheckoutResult | 'failed' | 'dismissed';
  try {
    result =
      config.provider === 'razorpay' && window.Razorpay
        ? await openRazorpay(window.Razorpay, config, order, input, description)
        : await openOffline({ order, businessName: config.businessName, description });
  } catch {
    notify.error(M.initFailed);
    return 'failed';
  }
  if (result === 'failed' || result === 'dismissed') return result;
  try {
    // The money is taken: a verification that got no answer is sent again (the same key), never dropped.
    const body = { ...result, ...subjectOf(input) };
    await submitOnce(
      new SubmissionKey(),
      (idempotencyKey) => api<PaymentDoneResponse>('/payments/verify-payment', { method: 'POST', body, idempotencyKey }),
      { retries: NO_ANSWER_RETRIES },
    );
    notify.success(input.successMessage ?? M.done);
    return 'paid';
  } catch {
    notify.error(M.failed);
    return 'failed';
  }
}

/** The offline provider's checkout: Pay (success) or Fail (failure), answered as Razorpay's checkout would. */
export function payOffline(orderId: string, outcome: 'success' | 'failure'): Promise<OfflinePayResponse> {
  return api<OfflinePayResponse>(`/payments/offline/checkout/${orderId}/pay`, { method: 'POST', body: { outcome } });
}

/**
 * A card and payment-link provider, as the ledger needs it. Two implementations: Razorpay through its official
 * SDK (when RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set), and an offline provider
 * with the same behaviour that runs on a laptop with no network (a local checkout dialog and payment-link page).
 *
 * Amounts are integer paise; currency is always INR. Provider calls never run inside a database transaction:
 * the ledger first records a pending payment, commits, then asks the provider.
 */
export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
}

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderPayment {
  id: string;
  orderId: string | null;
  amountPaise: number;
  status: ProviderPaymentStatus;
  /** card, upi, netbanking… as the provider reports it. */
  method: string | null;
  notes: Record<string, string>;
}

export interface ProviderLink {
  id: string;
  shortUrl: string;
  amountPaise: number;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
}

/** A refund of a captured payment, as the provider holds it (`rfnd_…`): pending until processed (or failed). */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: 'razorpay' | 'offline';
  /** The public key the browser's checkout opens with. */
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  fetchOrder(orderId: string): Promise<ProviderOrder>;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Every payment attempt on an order, as the provider holds them (Razorpay `GET /orders/:id/payments`). */
  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]>;
  createPaymentLink(input: {
    amountPaise: number;
    description: string;
    referenceId: string;
    customer: { name: string; email?: string | null; contact?: string | null };
    notes: Record<string, string>;
  }): Promise<ProviderLink>;
  /**
   * Cancels a payment link that is still `created`, so nobody can pay it any more (a pending payment voided or
   * replaced). A paid, cancelled or expired link is refused (a ProviderError with status 400), as Razorpay refuses it.
   */
  cancelPaymentLink(linkId: string): Promise<ProviderLink>;
  /**
   * Refunds part or all of a captured payment (`notes` travel with the refund and come back in its webhooks; the
   * ledger's refund id is `notes.refundId`). The refund is usually pending: the provider's `refund.processed` (or
   * `refund.failed`) webhook decides it. A refund beyond what is left of the payment, or of a payment not captured,
   * is refused (a ProviderError with status 400), as Razorpay refuses it.
   */
  refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<ProviderRefund>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, as checkout returns it. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw webhook body with the webhook secret (`x-razorpay-signature`). */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}

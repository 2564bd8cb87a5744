/**
 * Checkout orders (issue 16 "Customers paying online"): an order a customer (or the desk, for a wallet top-up by
 * card) pays through the provider before anything is sold. The server sets the amount; what it buys is created
 * exactly once when the payment is verified (checkout callback, success address, webhook or staff check).
 */
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './schemas.ts';

export const CHECKOUT_PURPOSES = ['subscription', 'wallet_topup', 'deposit', 'appointment'] as const;
export type CheckoutPurposeName = (typeof CHECKOUT_PURPOSES)[number];

/** Where the browser lands after paying (a server page that checks the order with the provider, then redirects). */
export const CHECKOUT_SUCCESS_PATH = '/api/v1/customer/payment/success';
export const checkoutSuccessUrl = (providerOrderId: string) =>
  `${CHECKOUT_SUCCESS_PATH}?order_id=${encodeURIComponent(providerOrderId)}`;

/** The customer page the success address redirects to (with `?paid=1`, `?pending=1` or `?failed=1`). */
export const CHECKOUT_DEFAULT_PAGE = '/customer/subscription';

/**
 * A checkout order as the customer's create-order calls answer it (the order fields at the top level, as the
 * existing client reads them): `id` is the provider's order id the checkout opens, `amount` is paise (as the checkout
 * takes it), `amountRupees` the same in rupees.
 */
export const checkoutOrderResponse = z.object({
  success: z.literal(true),
  /** The provider's order id (`order_…`): the checkout's `order_id`. */
  id: z.string(),
  /** Paise. */
  amount: z.number().int(),
  amountRupees: z.number(),
  currency: z.literal('INR'),
  keyId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  success_url: z.string(),
  cancel_url: z.string(),
  description: z.string(),
  /** Pawdesk's id of the checkout order. */
  checkoutOrderId: z.string(),
});
export type CheckoutOrderResponse = z.infer<typeof checkoutOrderResponse>;

/** GET /customer/payment/success?order_id= (the browser, no token): any order id; unknown ones redirect with ?failed=1. */
export const checkoutSuccessQuery = z.object({
  order_id: z.string().max(200).optional(),
});

import { api } from '../../../lib/api-client';
import type { CustomerOrder } from '../../../lib/customer-checkout';

/**
 * POST /customer/payment/create-order (idempotent): a checkout order for a plan for one of the caller's pets; the
 * server sets the amount from the plan. `email` is the caller's own (the existing client sends it; the server reads
 * the owner from the token).
 */
export function createPlanOrder(body: { petId: string; planId: string; email?: string }, idempotencyKey: string) {
  return api<CustomerOrder & { success: true }>('/customer/payment/create-order', { method: 'POST', body, idempotencyKey });
}

/** POST /customer/wallet/create-order (idempotent): a checkout order to top the wallet up by `amount` rupees. */
export function createTopUpOrder(amount: number, idempotencyKey: string) {
  return api<CustomerOrder & { success: true }>('/customer/wallet/create-order', {
    method: 'POST',
    body: { amount },
    idempotencyKey,
  });
}

import { api } from '../../../lib/api-client';
import type { CancelQuote } from './types';

/** GET /customerappointment/cancelquote/:id: the refund a cancel now would give (asked when Cancel is pressed). */
export function fetchCancelQuote(id: string) {
  return api<CancelQuote>(`/customerappointment/cancelquote/${id}`);
}

/**
 * The customer dashboard's own answers (issue 19): This Month's figures and a visit's documents as the customer
 * reads them. Always the caller's own records; nothing in a request widens them.
 */
import { z } from 'zod';
import { documentSummarySchema } from '../documents/schemas.ts';

/** GET /customer/summary: the current month of the business time zone. */
export const customerSummarySchema = z.object({
  /** The month, `yyyy-MM` (business time zone). */
  month: z.string(),
  /** First and last day of the month, `yyyy-MM-dd`. */
  from: z.string(),
  to: z.string(),
  /** Visits of the caller's pets recorded this month (voided visits not counted). */
  visits: z.number().int(),
  /** Rupees the caller paid this month (completed payments, any account) less what was refunded to them this month. */
  spent: z.number(),
  /** How many of the caller's pets the figures cover. */
  pets: z.number().int(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerSummaryResponse = z.object({ success: z.literal(true), summary: customerSummarySchema });
export type CustomerSummaryResponse = z.infer<typeof customerSummaryResponse>;

/** GET /customer/visits/{id}/documents: the documents and receipts of one of the caller's visits. */
export const customerVisitDocumentsResponse = z.object({
  success: z.literal(true),
  documents: z.array(documentSummarySchema),
});
export type CustomerVisitDocumentsResponse = z.infer<typeof customerVisitDocumentsResponse>;

export const CUSTOMER_AREA_MSG = {
  visitNotYours: 'This visit is not one of your pets’ visits',
} as const;

import { z } from 'zod';
import { requiredEmail, requiredString, text } from '../common.ts';

export const contactBody = z.object({
  name: requiredString('Name is required', 120),
  email: requiredEmail(),
  phone: text()
    .trim()
    .regex(/^(\d{10})?$/, 'Enter a valid 10-digit phone number')
    .optional(),
  comment: requiredString('Comment is required', 4000, undefined, { multiline: true }),
});
export type ContactBody = z.infer<typeof contactBody>;

export const serviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  duration: z.number(),
  price: z.number(),
  description: z.string(),
  /** The visit type booking this service books (issue 19): its id and purpose; null when it names none. */
  visitTypeId: z.string().nullable(),
  visitType: z.string().nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicesResponse = z.object({ success: z.literal(true), data: z.array(serviceSchema) });

export const businessSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  gstin: z.string(),
  openingHours: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

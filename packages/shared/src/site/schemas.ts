import { z } from 'zod';

export const contactBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254)
    .pipe(z.email('Email format is invalid')),
  phone: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'Enter a valid 10-digit phone number')
    .optional(),
  comment: z.string({ error: 'Comment is required' }).trim().min(1, 'Comment is required').max(4000),
});
export type ContactBody = z.infer<typeof contactBody>;

export const serviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  duration: z.number(),
  price: z.number(),
  description: z.string(),
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

import { z } from 'zod';
import { CUSTOMER_TYPES, PAYMENT_METHODS, PAYMENT_TYPES } from '../catalog.ts';
import { cursorQuery, MAX_COUNT, MAX_TOTAL_RUPEES, optionalText, rupees, unpagedLimitQuery } from '../common.ts';
import { isIsoDate } from '../dates.ts';
import { ID_RE } from '../ids.ts';
import {
  followUpIssues,
  PRESCRIPTION_SECTIONS,
  type PrescriptionSection,
  quantityMessage,
  RX_MESSAGES,
  type RxRow,
  selectItemMessage,
} from './rules.ts';

/** Most rows one section may hold. */
export const MAX_ROWS_PER_SECTION = 50;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

const rowInput = z.object({ id: z.unknown().optional(), quantity: z.unknown().optional() });
const rowsInput = z
  .array(rowInput, { error: 'Each section must be a list of rows' })
  .max(MAX_ROWS_PER_SECTION, `At most ${MAX_ROWS_PER_SECTION} rows per section`)
  .nullish()
  .transform((v) => v ?? []);

/** An integer quantity 1..MAX_COUNT given as a number or a digit string; anything else is invalid. */
export function parseQuantity(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_COUNT ? n : null;
}

/**
 * POST /prescription/addprescription. Messages and their order follow spec 000 §5:
 * pet, customer type, at least one row, per row the item then the quantity, then the follow-up.
 * The server then checks the pet and items exist, the total (its own prices) and the stock.
 */
export const addPrescriptionBody = z
  .object({
    petId: z.string({ error: RX_MESSAGES.petRequired }).regex(ID_RE, RX_MESSAGES.petRequired),
    customerType: z.enum(CUSTOMER_TYPES, { error: RX_MESSAGES.customerTypeRequired }),
    items: rowsInput,
    tablets: rowsInput,
    mg: rowsInput,
    ml: rowsInput,
    nextFollowUp: optionalText(10, RX_MESSAGES.followUpDateInvalid),
    followUpTime: optionalText(5, RX_MESSAGES.followUpTimeInvalid),
    followUpPurpose: optionalText(500, 'Follow-up purpose is too long (at most 500 characters)'),
    diagnosis: optionalText(4000, 'Diagnosis is too long (at most 4000 characters)', { multiline: true }),
    /** A total, so it may exceed the limit of a single amount (MAX_TOTAL_RUPEES). */
    totalPrice: rupees({
      label: 'Total price',
      max: MAX_TOTAL_RUPEES,
      error: (iss) => (iss.input === undefined ? RX_MESSAGES.totalRequired : 'Total price must be a number'),
    }),
    /** How the amount was collected (the payment modal's choice); left out: recorded as `not_recorded`. */
    selectedPayment: z.enum(PAYMENT_METHODS, { error: RX_MESSAGES.paymentMethod }).nullish(),
    selectedPaymentType: z.enum(PAYMENT_TYPES, { error: 'Please select a valid payment type' }).nullish(),
  })
  .superRefine((b, ctx) => {
    const sections = PRESCRIPTION_SECTIONS.map((s) => [s, b[s]] as const);
    if (sections.every(([, rows]) => rows.length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: RX_MESSAGES.atLeastOneRow });
      return;
    }
    for (const [section, rows] of sections) {
      rows.forEach((r, i) => {
        if (typeof r.id !== 'string' || !ID_RE.test(r.id)) {
          ctx.addIssue({ code: 'custom', path: [section, i, 'id'], message: selectItemMessage(section, i + 1) });
        }
        if (parseQuantity(r.quantity) === null) {
          // Only a number or a digit string can be "too many" (Number() of a deeply nested array would recurse).
          const n = typeof r.quantity === 'number' || typeof r.quantity === 'string' ? Number(r.quantity) : Number.NaN;
          const tooMany = Number.isInteger(n) && n > MAX_COUNT;
          const limit = tooMany ? ` (at most ${MAX_COUNT.toLocaleString('en-IN')})` : '';
          const message = `${quantityMessage(section, i + 1)}${limit}`;
          ctx.addIssue({ code: 'custom', path: [section, i, 'quantity'], message });
        }
      });
    }
    for (const issue of followUpIssues(b)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
    if (b.nextFollowUp && !isIsoDate(b.nextFollowUp)) {
      ctx.addIssue({ code: 'custom', path: ['nextFollowUp'], message: RX_MESSAGES.followUpDateInvalid });
    }
    if (b.followUpTime && !TIME_RE.test(b.followUpTime)) {
      ctx.addIssue({ code: 'custom', path: ['followUpTime'], message: RX_MESSAGES.followUpTimeInvalid });
    }
  });
export type AddPrescriptionInput = z.input<typeof addPrescriptionBody>;
export type AddPrescriptionParsed = z.output<typeof addPrescriptionBody>;

/**
 * Pawdesk's own prescription form: as the API, and a method must be chosen when there is something to pay (the
 * payment modal). The API (`addPrescriptionBody`) accepts a prescription without `selectedPayment`, as the existing
 * web client sends it (its method buttons are broken, spec 000 §2 / 001 §8): the payment is recorded with method
 * `not_recorded` and shown as 'Method not recorded'.
 */
export const addPrescriptionFormBody = addPrescriptionBody.superRefine((b, ctx) => {
  if (b.totalPrice > 0 && !b.selectedPayment) {
    ctx.addIssue({ code: 'custom', path: ['selectedPayment'], message: RX_MESSAGES.paymentMethod });
  }
});

/** The rows of a parsed body in form order (items, tablets, mg, ml), typed. */
export function prescriptionRows(b: Pick<AddPrescriptionParsed, PrescriptionSection>): RxRow[] {
  const rows: RxRow[] = [];
  for (const section of PRESCRIPTION_SECTIONS) {
    b[section].forEach((r, index) => {
      rows.push({ section, index, id: String(r.id), quantity: parseQuantity(r.quantity) ?? 0 });
    });
  }
  return rows;
}

export const prescriptionLineSchema = z.object({
  id: z.object({ _id: z.string(), itemName: z.string(), stockUnit: z.string() }),
  quantity: z.number(),
  unitPrice: z.number(),
  price: z.number(),
});
export type PrescriptionLine = z.infer<typeof prescriptionLineSchema>;

export const prescriptionPaymentSchema = z.object({
  _id: z.string(),
  /** cash | payment_link | card | not_recorded (saved without a method, as the existing web client does). */
  method: z.string(),
  /** How screens show the method: 'Cash', 'Payment Link', 'Card', 'Method not recorded' (LEDGER_METHOD_LABEL). */
  methodLabel: z.string(),
  paymentType: z.string().nullable(),
  amount: z.number(),
  status: z.string(),
  /** The receipt number of a completed payment (`2026-27/000042`). */
  receiptNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** A payment link: its URL while it waits to be paid (emailed to the owner). */
  linkUrl: z.string().nullable().optional(),
});

/** A prescription as GET /prescription/getprescription/{petId} returns it. */
export const prescriptionSchema = z.object({
  _id: z.string(),
  petId: z.string(),
  createdAt: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
  diagnosis: z.string().nullable(),
  nextFollowUp: z.string().nullable(),
  followUpTime: z.string().nullable(),
  followUpPurpose: z.string().nullable(),
  totalPrice: z.number(),
  /** Same as totalPrice (the spec reads both). */
  price: z.number(),
  items: z.array(prescriptionLineSchema),
  tablets: z.array(prescriptionLineSchema),
  mg: z.array(prescriptionLineSchema),
  ml: z.array(prescriptionLineSchema),
  payment: prescriptionPaymentSchema.nullable(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

/** `limit` 1..100 pages; without it (the existing client) up to 500 prescriptions with `nextCursor`. */
export const prescriptionListQuery = z.object({ limit: unpagedLimitQuery(), cursor: cursorQuery(300) });

export const prescriptionListResponse = z.object({
  success: z.literal(true),
  data: z.array(prescriptionSchema),
  message: z.string(),
  nextCursor: z.string().nullable(),
});
export type PrescriptionListResponse = z.infer<typeof prescriptionListResponse>;

export const addPrescriptionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  prescription: prescriptionSchema,
});
export type AddPrescriptionResponse = z.infer<typeof addPrescriptionResponse>;

/**
 * Contracts of the owner's statement and of applying money an owner holds (unapplied, wallet, deposit) to a sale
 * (issue 15 "Owner accounts"). Amounts in rupees; the server computes every total from the ledger.
 */
import { z } from 'zod';
import { idSchema, rupees, whenObject } from '../common.ts';
import { formatINR } from '../money.ts';
import { ALLOCATION_DIRECTIONS, LEDGER_ACCOUNTS, LEDGER_KINDS, LEDGER_METHODS, LEDGER_STATUSES } from './rules.ts';
import { ledgerPaymentSchema } from './schemas.ts';

/** The owner's accounts money can be applied from. */
export const ALLOCATION_SOURCES = ['unapplied', 'wallet', 'deposit'] as const;
export type AllocationSource = (typeof ALLOCATION_SOURCES)[number];

export const STATEMENT_MESSAGES = {
  ownerOrPet: 'Name the owner (ownerId) or a pet (petId)',
  applied: 'Applied to the sale',
  saleMissing: 'Name the sale to apply to: visitId, boardingId, prescriptionId or subscriptionId',
  amountZero: 'Amount must be more than ₹0.00',
  source: "From must be 'unapplied', 'wallet' or 'deposit'",
  /** An account holding nothing: 'Nothing to apply: the owner's unapplied balance is ₹0.00'. */
  empty: (from: AllocationSource) => `Nothing to apply: the owner's ${from} balance is ₹0.00`,
  moreThanHeld: (from: AllocationSource, heldRupees: number) =>
    `The amount is more than the owner's ${from} balance (${formatINR(heldRupees)})`,
  nothingDue: 'Nothing is due on this sale',
  moreThanDue: (dueRupees: number) => `The amount is more than what is due on this sale (${formatINR(dueRupees)})`,
  otherOwner: 'This sale belongs to another owner',
  load: 'Failed to load the statement',
  applyFailed: 'Could not apply the money to the sale',
} as const;

// ---------------------------------------------------------------- GET /payments/statement

export const statementQuery = z.object({ ownerId: idSchema.optional(), petId: idSchema.optional() }).superRefine((q, ctx) => {
  if (!q.ownerId && !q.petId) ctx.addIssue({ code: 'custom', message: STATEMENT_MESSAGES.ownerOrPet, path: ['ownerId'] });
}, whenObject);
export type StatementQuery = z.input<typeof statementQuery>;

const subjectIds = {
  visitId: z.string().nullable(),
  boardingId: z.string().nullable(),
  prescriptionId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
};

export const statementEntrySchema = z.object({
  _id: z.string(),
  /** When the money moved (a completed payment or refund), or the entry was written / decided (ISO time). */
  date: z.string(),
  kind: z.enum(LEDGER_KINDS),
  account: z.enum(LEDGER_ACCOUNTS),
  direction: z.enum(ALLOCATION_DIRECTIONS).nullable(),
  method: z.enum(LEDGER_METHODS).nullable(),
  status: z.enum(LEDGER_STATUSES),
  amount: z.number(),
  /**
   * What the entry does to what the owner owes: + a charge or a refund, − a credit or a payment (money held on any
   * account lowers it too); 0 for pending, void and failed entries and for allocations between the owner's accounts.
   */
  effect: z.number(),
  /** The running balance after this entry: what the owner owes (negative: what is held for them). */
  balance: z.number(),
  description: z.string(),
  petName: z.string().nullable(),
  ...subjectIds,
  receiptNo: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementTotalsSchema = z.object({
  /** Completed charges, credits, payments (every account) and refunds. */
  charged: z.number(),
  credited: z.number(),
  paid: z.number(),
  refunded: z.number(),
  /** Σ over the owner's sales of what is still due. */
  due: z.number(),
  /** Held on the owner's accounts. */
  unapplied: z.number(),
  wallet: z.number(),
  deposit: z.number(),
  /** Paid on sales beyond their charges and not yet moved to unapplied (the ledger sweeps it: normally 0). */
  overpaid: z.number(),
  /** due − unapplied − wallet − deposit − overpaid = charged − credited − paid + refunded = the last running balance. */
  balance: z.number(),
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

export const openSaleSchema = z.object({
  ...subjectIds,
  purpose: z.string(),
  petName: z.string().nullable(),
  /** When the sale was first charged (ISO time). */
  date: z.string(),
  charged: z.number(),
  due: z.number(),
});
export type OpenSale = z.infer<typeof openSaleSchema>;

export const statementResponse = z.object({
  success: z.literal(true),
  owner: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  entries: z.array(statementEntrySchema),
  totals: statementTotalsSchema,
  openSales: z.array(openSaleSchema),
});
export type StatementResponse = z.infer<typeof statementResponse>;

// ---------------------------------------------------------------- POST /payments/allocate

export const allocateBody = z
  .object({
    ownerId: idSchema,
    from: z.enum(ALLOCATION_SOURCES, { error: STATEMENT_MESSAGES.source }),
    visitId: idSchema.optional(),
    boardingId: idSchema.optional(),
    prescriptionId: idSchema.optional(),
    subscriptionId: idSchema.optional(),
    amount: rupees({ label: 'Amount' }).refine((v) => v > 0, STATEMENT_MESSAGES.amountZero),
  })
  .superRefine((b, ctx) => {
    if (!b.visitId && !b.boardingId && !b.prescriptionId && !b.subscriptionId)
      ctx.addIssue({ code: 'custom', message: STATEMENT_MESSAGES.saleMissing, path: ['visitId'] });
  }, whenObject);
export type AllocateBody = z.input<typeof allocateBody>;

export const allocateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  out: ledgerPaymentSchema,
  in: ledgerPaymentSchema,
});
export type AllocateResponse = z.infer<typeof allocateResponse>;

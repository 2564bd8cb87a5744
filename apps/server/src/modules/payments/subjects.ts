import { type LedgerPayment, ledgerBalance, type PaymentSubjectInput, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { accountEntries, type LedgerRow, type SubjectKey } from './payments.repo.ts';
import { ProviderError } from './providers/errors.ts';

const LABEL: Record<SubjectKey, string> = {
  visitId: 'Visit',
  boardingId: 'Boarding',
  prescriptionId: 'Prescription',
  subscriptionId: 'Subscription',
  appointmentId: 'Appointment',
  packageId: 'Boarding package',
};

/** What a card payment is for. A boarding comes first: its account covers its visit's charges too. */
const ORDER: readonly (keyof PaymentSubjectInput)[] = ['boardingId', 'visitId', 'prescriptionId', 'subscriptionId'];

export interface Subject {
  key: SubjectKey;
  id: string;
}

export function pickSubject(s: PaymentSubjectInput, message: string): Subject {
  for (const key of ORDER) if (s[key]) return { key, id: s[key]! };
  throw badRequest(message);
}

/**
 * The account being paid: every ledger entry of the subject and of the visits and boardings they name, with
 * its balance. A subject with no entries is unknown to the ledger (404): everything that can be paid for has a charge.
 */
export async function loadAccount(db: DbOrTx, s: Subject) {
  const entries = await accountEntries(db, { [s.key]: s.id });
  if (entries.length === 0) throw notFound(LABEL[s.key]);
  const balance = ledgerBalance(entries);
  const first = entries[0]!;
  /** The subject ids a new payment of this account carries. */
  const ids = {
    [s.key]: s.id,
    ...(first.visitId ? { visitId: first.visitId } : {}),
    ...(first.boardingId ? { boardingId: first.boardingId } : {}),
  } as Partial<Record<SubjectKey, string>>;
  return { entries, balance, petId: first.petId, ownerId: first.ownerId, ids };
}
export type Account = Awaited<ReturnType<typeof loadAccount>>;

/** True when the entry is part of the account (shares its visit or boarding, or is the subject itself). */
export function inAccount(a: Account, e: Pick<LedgerRow, 'id'>): boolean {
  return a.entries.some((x) => x.id === e.id);
}

export function toLedgerPayment(r: LedgerRow): LedgerPayment {
  return {
    _id: r.id,
    amount: toRupees(r.amountPaise),
    status: r.status,
    method: r.method ?? null,
    receiptNo: r.receiptNo,
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
    provider: r.provider,
    providerPaymentId: r.providerPaymentId,
    linkUrl: r.linkUrl,
  };
}

/** A provider's refusal as a client error; no answer at all (or a server error) as a 502 the user may retry. */
export function providerFailure(err: unknown, what: string, unavailable: string): Error {
  if (!(err instanceof ProviderError)) return err as Error;
  if (err.status === 400 || err.status === 404) return notFound(what);
  if (err.status === 409) return conflict(err.message);
  return new AppError(502, unavailable);
}

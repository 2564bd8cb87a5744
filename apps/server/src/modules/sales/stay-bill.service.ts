import { ledgerBalance, toRupees } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  accountOf,
  allocate,
  entriesBySubject,
  type LedgerRow,
  onSaleMoney,
  provideStayBillDue,
} from '../payments/payments.service.ts';
import { stayBillVisits, stayBillVisitsOf } from '../visits/visit-records.service.ts';

/**
 * Services during a stay (issue 18, docs/decisions.md "Services during a stay: one bill, settled at check-out"). A
 * grooming, veterinary, shop or other visit sold with `selectedPayment: 'stay_bill'` names the stay
 * (`visits.stay_boarding_id`) and keeps its own sale account in the ledger: its charge stays owed there. Check-out
 * takes the whole bill (the stay's own due and each service's) as ONE payment on the stay's account (one receipt),
 * and the listener below moves the part beyond the stay's own charges to each service's account as allocations
 * (Dr the stay's receivable / Cr the service's receivable), oldest service first. So every sale's balance stays its
 * own, a card or a payment link paid later (the 'pay later' check-out) lands the same way, and nothing is ever
 * taken twice: only a credit on the stay's account moves, so announcing the stay twice moves nothing the second time.
 */

export interface StayService {
  visitId: string;
  purpose: string;
  createdAt: Date;
  chargedPaise: number;
  paidPaise: number;
  pendingPaise: number;
  duePaise: number;
  entries: LedgerRow[];
}

/** The services on a stay's bill with what each owes, oldest first. */
export async function stayServices(db: DbOrTx, boardingId: string): Promise<StayService[]> {
  const visits = await stayBillVisits(db, boardingId);
  if (visits.length === 0) return [];
  const entries = await entriesBySubject(
    db,
    'visitId',
    visits.map((v) => v.id),
  );
  return visits.map((v) => {
    const rows = entries.get(v.id) ?? [];
    const b = ledgerBalance(rows);
    return {
      visitId: v.id,
      purpose: v.purpose,
      createdAt: v.createdAt,
      chargedPaise: b.chargedPaise - b.creditedPaise,
      paidPaise: b.paidPaise,
      pendingPaise: b.pendingPaise,
      duePaise: b.duePaise,
      entries: rows,
    };
  });
}

/** What the services on the bill owe together. */
export const servicesDuePaise = (services: readonly StayService[]) => services.reduce((n, s) => n + s.duePaise, 0);

/** servicesDuePaise of several stays' bills at once (two queries), by boarding id; stays without services absent. */
export async function servicesDueOfStays(db: DbOrTx, boardingIds: readonly string[]): Promise<Map<string, number>> {
  const dues = new Map<string, number>();
  if (boardingIds.length === 0) return dues;
  const services = await stayBillVisitsOf(db, boardingIds);
  if (services.length === 0) return dues;
  const entries = await entriesBySubject(
    db,
    'visitId',
    services.map((v) => v.id),
  );
  for (const v of services) {
    const due = ledgerBalance(entries.get(v.id) ?? []).duePaise;
    dues.set(v.stayBoardingId!, (dues.get(v.stayBoardingId!) ?? 0) + due);
  }
  return dues;
}

/** A service as the deboard quote answers it (rupees). */
export const serviceToApi = (s: StayService) => ({
  visitId: s.visitId,
  purpose: s.purpose,
  createdAt: s.createdAt.toISOString(),
  charged: toRupees(s.chargedPaise),
  paid: toRupees(s.paidPaise),
  due: toRupees(s.duePaise),
});

/**
 * Moves a credit on the stay's account (money taken at check-out for the whole bill) to the services on its bill
 * that still owe, oldest first, each up to what it owes. Inside the money transaction that holds the owner's ledger
 * lock (every ledger write does). Idempotent: with no credit on the stay nothing moves.
 */
export async function applyStayCredit(
  tx: DbOrTx,
  s: { boardingId: string; ownerId: string; by: string | null; now: Date },
): Promise<void> {
  const stay = await accountOf(tx, { boardingId: s.boardingId });
  let credit = stay.balance.creditPaise;
  if (credit <= 0) return;
  const first = stay.entries.find((e) => e.boardingId === s.boardingId);
  const stayFor = { boardingId: s.boardingId, ...(first?.visitId ? { visitId: first.visitId } : {}) };
  for (const service of await stayServices(tx, s.boardingId)) {
    if (credit <= 0) break;
    const amountPaise = Math.min(credit, service.duePaise);
    if (amountPaise <= 0) continue;
    await allocate(tx, {
      ownerId: s.ownerId,
      from: { account: 'sale', for: stayFor, petId: first?.petId ?? null },
      to: { account: 'sale', for: { visitId: service.visitId }, petId: first?.petId ?? null },
      amountPaise,
      by: s.by,
      note: `Check-out: ${service.purpose} on the stay's bill`,
      now: s.now,
    });
    credit -= amountPaise;
  }
}

// Money on a stay's account (cash at check-out, a card or link completing later) pays its bill's services too.
onSaleMoney(async (tx, e) => {
  const boardingId = e.subject.boardingId;
  if (!boardingId) return;
  await applyStayCredit(tx, { boardingId, ownerId: e.ownerId, by: null, now: e.now });
});

// A card order for a stay asks for the whole bill (payments/card.service.ts).
provideStayBillDue(async (db, boardingId) => servicesDuePaise(await stayServices(db, boardingId)));

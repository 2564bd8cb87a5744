/**
 * The wallet (issue 16; original-data-model §3 rules 1–2): one per owner, held as the owner's `wallet` account in
 * the payment ledger, never as a stored balance. Its balance and its movements are derived from the account's rows.
 */
import type { AllocationDirection, LedgerKind, LedgerStatus } from '../payments/rules.ts';

export interface WalletEntryLike {
  kind: LedgerKind;
  status: LedgerStatus;
  amountPaise: number;
  direction?: AllocationDirection | null;
}

/**
 * The money the wallet holds, in paise: completed top-ups (wallet payments) − refunds of wallet money (pending ones
 * too: that money is leaving) − allocations out (wallet payments for sales, package days) + allocations in.
 * Pending top-ups (a link not paid yet) and failed or void rows hold nothing.
 */
export function walletBalance(entries: readonly WalletEntryLike[]): number {
  let balance = 0;
  for (const e of entries) {
    if (e.kind === 'payment' && e.status === 'completed') balance += e.amountPaise;
    else if (e.kind === 'refund' && (e.status === 'completed' || e.status === 'pending')) balance -= e.amountPaise;
    else if (e.kind === 'allocation' && e.status === 'completed')
      balance += e.direction === 'out' ? -e.amountPaise : e.amountPaise;
  }
  return balance;
}

/** The default and the ceiling of the admin's largest top-up, in rupees. */
export const DEFAULT_MAX_TOP_UP = 100000;
export const MAX_TOP_UP_CEILING = 1000000;

export const WALLET_MOVEMENT_KINDS = ['top_up', 'package_day', 'payment', 'refund', 'top_up_pending'] as const;
export type WalletMovementKind = (typeof WALLET_MOVEMENT_KINDS)[number];

/**
 * One wallet row as the server reads it, with what the movement derivation needs to know of the other side of an
 * allocation (the sale it paid, or the account it came from). `at`: when the money moved (ISO).
 */
export interface WalletLine extends WalletEntryLike {
  id: string;
  at: string;
  method: string | null;
  receiptNo: string | null;
  /** Allocations out to a sale: the package the money paid a day of, else the visit purpose it paid. */
  packageId?: string | null;
  purpose?: string | null;
  /**
   * Package days: how many pets the row paid a day of; `day` (the business date charged) only when a day's money
   * may come in several rows, which are then one movement.
   */
  day?: string | null;
  pets?: number | null;
  /** Allocations in: where the money came from ('the unapplied balance', 'Grooming visit' …). */
  source?: string | null;
}

export interface WalletMovementView {
  _id: string;
  at: string;
  kind: WalletMovementKind;
  description: string;
  /** Paise, signed: + in, − out. */
  amountPaise: number;
  balanceAfterPaise: number;
  receiptNo: string | null;
  method: string | null;
}

export const WALLET_TEXT = {
  topUp: 'Wallet top-up',
  topUpPending: 'Wallet top-up (awaiting payment)',
  refund: 'Refund of wallet balance',
  packageDay: (pets: number) => `Daily Boarding Charge (${pets} ${pets === 1 ? 'pet' : 'pets'})`,
  payment: (purpose: string) => `Payment for ${purpose} visit`,
  moneyIn: (source: string) => `Moved to the wallet from ${source}`,
} as const;

/**
 * The wallet's movements, newest first, each with the balance after it. `lines` are the account's rows in the order
 * the money moved (oldest first). A package's allocations of one day are one movement ('Daily Boarding Charge
 * (N pets)'); failed and void rows are left out (they moved nothing); a pending top-up shows without changing the
 * balance; a pending refund lowers it (the money is leaving). The newest balanceAfter is `walletBalance(lines)`.
 */
export function walletMovements(lines: readonly WalletLine[]): WalletMovementView[] {
  const out: WalletMovementView[] = [];
  /** The last package-day movement: its key and the most pets any of its rows was charged for. */
  const last: { day: { key: string; movement: WalletMovementView; pets: number } | null } = { day: null };
  let balance = 0;
  for (const e of lines) {
    if (e.status === 'failed' || e.status === 'void') continue;
    const base = { _id: e.id, at: e.at, receiptNo: e.receiptNo, method: e.method };
    if (e.kind === 'payment') {
      const done = e.status === 'completed';
      if (done) balance += e.amountPaise;
      out.push({
        ...base,
        kind: done ? 'top_up' : 'top_up_pending',
        description: done ? WALLET_TEXT.topUp : WALLET_TEXT.topUpPending,
        amountPaise: e.amountPaise,
        balanceAfterPaise: balance,
      });
    } else if (e.kind === 'refund') {
      balance -= e.amountPaise;
      out.push({
        ...base,
        kind: 'refund',
        description: WALLET_TEXT.refund,
        amountPaise: -e.amountPaise,
        balanceAfterPaise: balance,
      });
    } else if (e.kind === 'allocation' && e.direction === 'out') {
      balance -= e.amountPaise;
      if (e.packageId) {
        // Rows of one package for one business day (`day` given) are one movement, when consecutive.
        const key = e.day ? `${e.packageId}:${e.day}` : null;
        const day = last.day;
        if (key && day?.key === key && out.at(-1) === day.movement) {
          day.pets = Math.max(day.pets, e.pets ?? 1);
          day.movement.amountPaise -= e.amountPaise;
          day.movement.balanceAfterPaise = balance;
          day.movement.description = WALLET_TEXT.packageDay(day.pets);
          continue;
        }
        const movement: WalletMovementView = {
          ...base,
          method: null,
          kind: 'package_day',
          description: WALLET_TEXT.packageDay(e.pets ?? 1),
          amountPaise: -e.amountPaise,
          balanceAfterPaise: balance,
        };
        last.day = key ? { key, movement, pets: e.pets ?? 1 } : null;
        out.push(movement);
      } else {
        out.push({
          ...base,
          method: null,
          kind: 'payment',
          description: WALLET_TEXT.payment(e.purpose ?? 'a'),
          amountPaise: -e.amountPaise,
          balanceAfterPaise: balance,
        });
      }
    } else if (e.kind === 'allocation') {
      balance += e.amountPaise;
      out.push({
        ...base,
        method: null,
        kind: 'top_up',
        description: WALLET_TEXT.moneyIn(e.source ?? 'another account'),
        amountPaise: e.amountPaise,
        balanceAfterPaise: balance,
      });
    }
  }
  return out.reverse();
}

import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { payments } from '../../../db/schema/index.ts';
import type { ReadProblem } from '../read/export-reader.service.ts';
import { derivedId } from './ids.ts';
import type { Incoming } from './types.ts';
import { insertUnnest } from './unnest.ts';

type LedgerInsert = typeof payments.$inferInsert;

/** Counts of one collection in the report. */
export interface CollectionCounts {
  read: number;
  imported: number;
  updated: number;
  merged: number;
  unchanged: number;
  skipped: number;
  /** Skipped documents by reason. */
  skippedWhy: Record<string, number>;
}

/**
 * Money of one collection, in paise: what the original's documents say (`before`, after rounding to whole paise)
 * and what the ledger rows written for them amount to (`after`). Charged is what was owed, paid what was taken
 * (payments less refunds, into any account: a sale, the wallet, a deposit, the unapplied balance). They agree to the paisa when nothing was lost.
 */
export interface CollectionMoney {
  before: { charged: number; paid: number };
  after: { charged: number; paid: number };
}

export const emptyCounts = (): CollectionCounts => ({
  read: 0,
  imported: 0,
  updated: 0,
  merged: 0,
  unchanged: 0,
  skipped: 0,
  skippedWhy: {},
});
const emptyMoney = (): CollectionMoney => ({ before: { charged: 0, paid: 0 }, after: { charged: 0, paid: 0 } });

/** A ledger row of the import: completed and marked imported unless said otherwise; `id` derived by the caller. */
export type ImportedLedgerRow = Omit<LedgerInsert, 'completedVia' | 'receiptNo'> & { id: string; createdAt: Date };

/**
 * Ledger rows of one batch, written together when the batch ends. Every row is marked imported
 * (`completed_via = 'import'`) and takes no receipt number (imported payments keep the original's references in
 * their note and provider columns); the money it adds is tallied for the report.
 */
export class LedgerBatch {
  private rows: LedgerInsert[] = [];
  constructor(private readonly tally: (collection: string) => CollectionMoney) {}
  collection = '';

  add(row: ImportedLedgerRow): void {
    if (!Number.isInteger(row.amountPaise) || row.amountPaise <= 0) return;
    this.rows.push({
      account: 'sale',
      ...row,
      status: row.status ?? 'completed',
      completedVia: 'import',
      completedAt: row.createdAt,
    });
    const money = this.tally(this.collection);
    if (row.status && row.status !== 'completed') return;
    if (row.kind === 'charge') money.after.charged += row.amountPaise;
    else if (row.kind === 'credit') money.after.charged -= row.amountPaise;
    // Money taken into any account counts (a sale's payment, a wallet recharge, an appointment's deposit, money that
    // paid nothing and waits on the unapplied balance); allocations only move it between an owner's accounts.
    else if (row.kind === 'payment') money.after.paid += row.amountPaise;
    else if (row.kind === 'refund') money.after.paid -= row.amountPaise;
  }

  /**
   * A sale's charge and what was paid towards it, as the original says now. The first time: a charge and a payment.
   * When the document changed since an earlier run: only the differences, as new rows (a further charge or a credit
   * of the first charge; a further payment or a refund of the first payment), since imported rows are never edited.
   * Returns the money to remember for the next run.
   */
  settle(
    doc: Incoming,
    collection: string,
    now: { charge: number; paid: number },
    base: Omit<ImportedLedgerRow, 'id' | 'kind' | 'amountPaise'>,
    payment: Pick<ImportedLedgerRow, 'method' | 'note' | 'providerPaymentId' | 'providerOrderId' | 'paidAt'> = {},
  ): { charge: number; paid: number } {
    const before = doc.previous?.money ?? { charge: 0, paid: 0 };
    const was = { charge: before.charge ?? 0, paid: before.paid ?? 0 };
    const first = !doc.previous;
    const chargeId = derivedId(collection, doc.id, 'charge');
    const paymentId = derivedId(collection, doc.id, 'payment');
    const dCharge = now.charge - was.charge;
    const dPaid = now.paid - was.paid;
    const tag = first ? [] : [doc.hash];
    if (dCharge > 0) {
      const id = was.charge === 0 ? chargeId : derivedId(collection, doc.id, 'charge', ...tag);
      this.add({ ...base, id, kind: 'charge', chargeFor: base.chargeFor ?? 'sale', amountPaise: dCharge });
    } else if (dCharge < 0) {
      this.add({
        ...base,
        id: derivedId(collection, doc.id, 'credit', ...tag),
        kind: 'credit',
        creditOf: chargeId,
        amountPaise: -dCharge,
        note: 'Corrected by a later export of the original',
      });
    }
    if (dPaid > 0) {
      const id = was.paid === 0 ? paymentId : derivedId(collection, doc.id, 'payment', ...tag);
      this.add({
        ...base,
        ...payment,
        id,
        kind: 'payment',
        method: payment.method ?? 'not_recorded',
        amountPaise: dPaid,
        providerPaymentId: was.paid === 0 ? payment.providerPaymentId : undefined,
      });
    } else if (dPaid < 0) {
      this.add({
        ...base,
        id: derivedId(collection, doc.id, 'refund', ...tag),
        kind: 'refund',
        method: payment.method ?? 'not_recorded',
        refundOf: paymentId,
        amountPaise: -dPaid,
        note: 'Corrected by a later export of the original',
      });
    }
    return { charge: now.charge, paid: now.paid };
  }

  /**
   * Writes the batch's rows. `strict`: a plain insert, which fails on a row id that exists (the caller posts only
   * rows that cannot exist yet — its ids derived from documents imported for the first time or from a changed
   * document's new hash — so a collision is a bug to hear about, not money to drop silently); by default a row whose
   * id exists is left as it is.
   */
  async flush(tx: Tx, opts: { strict?: boolean } = {}): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    // One unnest statement per shape of row (1,000,000 visits make about two million rows: a `values` list of 40
    // columns a row spent most of the import building and parsing placeholders). Credits and refunds name rows of
    // earlier runs only, so the order of the statements does not matter.
    await insertUnnest(tx, payments, rows, { onConflict: opts.strict ? 'error' : 'nothing' });
  }

  discard(): void {
    this.rows = [];
  }
}

/**
 * Everything one import run shares across its collections: the database, the problems listed so far, counts and
 * money per collection, the ledger rows of the batch in progress, and lookups loaded once (ids that exist, a pet's
 * owner…), which importers keep current as they add records.
 */
export class ImportContext {
  readonly problems: ReadProblem[] = [];
  readonly counts = new Map<string, CollectionCounts>();
  readonly money = new Map<string, CollectionMoney>();
  readonly ledger: LedgerBatch;
  /** The collection being imported. */
  collection = '';
  /** A document of another collection that was merged into a record: `owners:<original id>` → the record's id. */
  readonly aliases = new Map<string, string>();
  private readonly caches = new Map<string, unknown>();

  /** Where lookups read: the database, or in a dry run the transaction that will be rolled back. */
  exec: DbOrTx;

  constructor(
    readonly db: Db,
    readonly opts: { runId: string; dryRun: boolean; now: Date; startedBy?: string | null },
  ) {
    this.ledger = new LedgerBatch((c) => this.moneyOf(c));
    this.exec = db;
  }

  countsOf(collection: string): CollectionCounts {
    const c = this.counts.get(collection) ?? emptyCounts();
    this.counts.set(collection, c);
    return c;
  }

  moneyOf(collection: string): CollectionMoney {
    const m = this.money.get(collection) ?? emptyMoney();
    this.money.set(collection, m);
    return m;
  }

  /** Adds what the original's documents of the current collection say was charged and paid (paise). */
  source(money: { charged?: number; paid?: number }): void {
    const m = this.moneyOf(this.collection);
    m.before.charged += money.charged ?? 0;
    m.before.paid += money.paid ?? 0;
  }

  /** Lists a problem with a document (or with the collection), with its original id and where it is in the file. */
  problem(doc: Pick<Incoming, 'id' | 'line' | 'offset'> | undefined, message: string): void {
    this.problems.push({
      collection: this.collection,
      file: '',
      ...(doc?.line !== undefined ? { line: doc.line } : {}),
      ...(doc?.offset !== undefined ? { offset: doc.offset } : {}),
      ...(doc ? { originalId: doc.id } : {}),
      message,
    });
  }

  /** The record a document of `collection` became (its own id unless it was merged into another). */
  resolve(collection: string, originalId: string): string {
    return this.aliases.get(`${collection}:${originalId}`) ?? originalId;
  }

  /** A lookup loaded once per run (and kept current by the importers that add to it). */
  async cached<T>(name: string, load: (db: DbOrTx) => Promise<T>): Promise<T> {
    if (!this.caches.has(name)) this.caches.set(name, await load(this.exec));
    return this.caches.get(name) as T;
  }

  /** The lookup if it was loaded (an importer adding records keeps it current). */
  peek<T>(name: string): T | undefined {
    return this.caches.get(name) as T | undefined;
  }
}

/**
 * The crash test's checks, in SQL over the whole database (the demo data and the load's), run once the server has
 * stopped:
 * - lost: every acknowledged write is there, with the amounts and receipt numbers its answer gave;
 * - half-written: nothing is there in part (a visit without its ledger rows, a sale line without its stock movement,
 *   an allocation without its other half, a package day without its charge…);
 * - reconciliation: the ledger equals every priced record to the paisa (visits, prescriptions, extra days, package
 *   days, GST documents, the Visit History's money, wallets), as a sum of absolute differences in paise;
 * - series: receipts, refund receipts, tax invoices, bills of supply and credit notes are gap-free and their
 *   counters stand at their last number.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import type { Load, Op, World } from './load.ts';

export interface Finding {
  check: string;
  count: number;
  sample: unknown[];
}

export interface Verdict {
  acknowledged: number;
  lost: Finding[];
  halfWritten: Finding[];
  /** Σ |difference| in paise, by check. */
  reconciliation: { check: string; paise: number; rows: number; sample: unknown[] }[];
  series: { series: string; count: number; last: number; counter: number | null; gaps: number }[];
  /** Rows written by requests that were never acknowledged (their answer was lost in the kill), by table. */
  unacknowledged: Record<string, number>;
  /** Keys claimed by a committed write whose answer was never stored. */
  keysWithoutAnswer: number;
  lostCount: number;
  halfWrittenCount: number;
  reconciliationPaise: number;
  gapCount: number;
}

type Row = Record<string, any>;

async function rows(d: Database, q: string): Promise<Row[]> {
  return ((await d.db.execute(sql.raw(q))) as unknown as { rows: Row[] }).rows;
}

const num = (v: unknown) => Number(v ?? 0);
const paise = (rupees: number) => Math.round(rupees * 100);

/** Invariants whose violating rows are listed: each row is something half-written. */
const HALF_WRITTEN: Record<string, string> = {
  'visit without its charge': `
    select v.id from visits v where v.price_paise > 0
      and not exists (select 1 from payments p where p.visit_id = v.id and p.kind = 'charge')`,
  'visit without its Visit History row': `
    select v.id from visits v where not exists (select 1 from visit_search s where s.visit_id = v.id)`,
  'completed payment or refund without a receipt number': `
    select id, kind, method from payments
    where kind in ('payment', 'refund') and status = 'completed' and receipt_no is null`,
  'allocation without its other half': `
    select i.id from payments i left join payments o on o.id = i.allocation_of
    where i.kind = 'allocation' and i.direction = 'in'
      and (o.id is null or o.direction <> 'out' or o.amount_paise <> i.amount_paise or o.owner_id <> i.owner_id)
    union all
    select o.id from payments o
    where o.kind = 'allocation' and o.direction = 'out'
      and (select count(*) from payments i where i.allocation_of = o.id) <> 1`,
  'sale line without its stock movement': `
    select l.visit_id, l.item_id, l.q, coalesce(m.taken, 0) as taken
    from (select visit_id, item_id, sum(quantity) as q from visit_items where item_id is not null group by 1, 2) l
    left join (select ref_id, item_id, -sum(delta) as taken from stock_movements group by 1, 2) m
      on m.ref_id = l.visit_id and m.item_id = l.item_id
    where coalesce(m.taken, 0) <> l.q`,
  'prescription line without its stock movement': `
    select l.prescription_id, l.item_id, l.q, coalesce(m.taken, 0) as taken
    from (select prescription_id, item_id, sum(quantity) as q from prescription_lines group by 1, 2) l
    left join (select ref_id, item_id, -sum(delta) as taken from stock_movements where reason = 'prescribed' group by 1, 2) m
      on m.ref_id = l.prescription_id and m.item_id = l.item_id
    where coalesce(m.taken, 0) <> l.q`,
  'stock movement without its sale': `
    select m.id, m.reason from stock_movements m
    where (m.reason = 'sold' and not exists (select 1 from visit_items l where l.visit_id = m.ref_id and l.item_id = m.item_id))
       or (m.reason = 'prescribed' and not exists (
             select 1 from prescription_lines l where l.prescription_id = m.ref_id and l.item_id = m.item_id))`,
  'stock different from the sum of its movements': `
    select i.id, i.stock, coalesce(sum(m.delta), 0) as moved
    from inventory_items i left join stock_movements m on m.item_id = i.id
    group by i.id, i.stock having i.stock <> coalesce(sum(m.delta), 0)`,
  'charge without its GST document': `
    select p.id from payments p
    where p.kind = 'charge' and p.status = 'completed' and p.amount_paise > 0 and p.created_at >= (
        select coalesce(min(issued_at), 'infinity') from tax_documents)
      and not exists (select 1 from tax_documents d where d.ledger_entry_id = p.id and d.original_document_id is null)`,
  'credit without its credit note': `
    select p.id from payments p
    where p.kind = 'credit' and exists (select 1 from tax_documents d where d.ledger_entry_id = p.credit_of)
      and not exists (select 1 from tax_documents d where d.ledger_entry_id = p.id and d.kind = 'credit_note')`,
  'GST document without its lines (or lines not adding up)': `
    select d.id from tax_documents d left join tax_document_lines l on l.document_id = d.id
    group by d.id, d.total_paise having count(l.id) = 0 or sum(l.total_paise) <> d.total_paise`,
  'boarding closed without an exit time (or open with one)': `
    select id from boardings where (is_boarded = false) <> (exit_time is not null)`,
  'stay without its visit': `
    select b.id from boardings b
    where b.visit_id is null and not exists (select 1 from package_pets pp where pp.boarding_id = b.id)`,
  'package day without its ledger charge': `
    select c.id from package_charges c left join payments p on p.id = c.charge_id
    where p.id is null or p.kind <> 'charge' or p.charge_for <> 'package_day' or p.amount_paise <> c.amount_paise
       or p.package_id is distinct from c.package_subscription_id`,
  'package pet whose days charged differ from its package days': `
    select pp.id, pp.days_charged, (select count(*) from package_charges c where c.package_pet_id = pp.id) as n
    from package_pets pp where pp.days_charged <> (select count(*) from package_charges c where c.package_pet_id = pp.id)`,
  'package days not paid from the wallet': `
    select s.id, ch.n as charged, coalesce(al.n, 0) as paid
    from package_subscriptions s
    join (select package_id, sum(amount_paise) as n from payments where kind = 'charge' and charge_for = 'package_day'
          group by 1) ch on ch.package_id = s.id
    left join (select package_id, sum(amount_paise) as n from payments
               where kind = 'allocation' and direction = 'in' and account = 'sale' group by 1) al on al.package_id = s.id
    where ch.n <> coalesce(al.n, 0)`,
  'subscription without its purchase': `
    select s.id from subscriptions s
    where not exists (select 1 from subscription_events e where e.subscription_id = s.id and e.kind in ('purchase', 'renewal'))`,
  'subscription purchase without its sale': `
    select e.id from subscription_events e
    where e.kind in ('purchase', 'renewal') and e.visit_id is not null and e.price_paise > 0
      and not exists (select 1 from payments p where p.visit_id = e.visit_id and p.kind = 'charge')`,
  'negative wallet': `
    select owner_id, sum(case when kind = 'payment' and status = 'completed' then amount_paise
                              when kind = 'refund' and status in ('pending', 'completed') then -amount_paise
                              when kind = 'allocation' and direction = 'in' then amount_paise
                              when kind = 'allocation' and direction = 'out' then -amount_paise else 0 end) as balance
    from payments where account = 'wallet' group by 1 having sum(case when kind = 'payment' and status = 'completed'
      then amount_paise when kind = 'refund' and status in ('pending', 'completed') then -amount_paise
      when kind = 'allocation' and direction = 'in' then amount_paise
      when kind = 'allocation' and direction = 'out' then -amount_paise else 0 end) < 0`,
};

/** Checks of rows the load wrote only (the demo data inserts its subscriptions without a purchase). */
const NEW_ONLY: Record<string, string> = { 'subscription without its purchase': 'subscriptions' };

/** Reconciliations: each row is a record and the ledger's figure for it; the difference is summed in paise. */
const RECONCILE: Record<string, string> = {
  "visits' prices = their sale charges": `
    select v.id, v.price_paise as record, coalesce(sum(p.amount_paise), 0) as ledger
    from visits v left join payments p on p.visit_id = v.id and p.kind = 'charge' and p.charge_for = 'sale'
    group by v.id, v.price_paise`,
  "prescriptions' totals = their charges": `
    select r.id, r.total_paise as record, coalesce(sum(p.amount_paise), 0) as ledger
    from prescriptions r left join payments p on p.prescription_id = r.id and p.kind = 'charge'
    group by r.id, r.total_paise`,
  "prescriptions' totals = their lines": `
    select r.id, r.total_paise as record, coalesce(sum(l.line_total_paise), 0) as ledger
    from prescriptions r left join prescription_lines l on l.prescription_id = r.id group by r.id, r.total_paise`,
  "stays' extra days = their extra-day charges": `
    select b.id, b.extra_charged_paise as record, coalesce(sum(p.amount_paise), 0) as ledger
    from boardings b left join payments p on p.boarding_id = b.id and p.kind = 'charge' and p.charge_for = 'extra_days'
    group by b.id, b.extra_charged_paise`,
  "package days = the packages' charges": `
    select s.id, coalesce((select sum(amount_paise) from package_charges c where c.package_subscription_id = s.id), 0) as record,
           coalesce((select sum(amount_paise) from payments p where p.package_id = s.id and p.kind = 'charge'), 0) as ledger
    from package_subscriptions s`,
  'GST documents = the charges and credits they document': `
    select p.id, p.amount_paise as record, sum(d.total_paise) as ledger
    from payments p join tax_documents d on d.ledger_entry_id = p.id group by p.id, p.amount_paise`,
  "Visit History's charged and paid = the ledger": `
    with stays as (
      select distinct visit_id, boarding_id from payments
      where account = 'sale' and visit_id is not null and boarding_id is not null),
    mine as (
      select v.id as visit_id, p.kind, p.direction, p.amount_paise from visits v
      join payments p on p.account = 'sale' and p.status = 'completed'
        and (p.visit_id = v.id or p.boarding_id in (select s.boarding_id from stays s where s.visit_id = v.id))),
    truth as (
      select visit_id,
        sum(case kind when 'charge' then amount_paise when 'credit' then -amount_paise else 0 end) as charged,
        sum(case when kind = 'payment' then amount_paise when kind = 'refund' then -amount_paise
                 when kind = 'allocation' and direction = 'in' then amount_paise
                 when kind = 'allocation' and direction = 'out' then -amount_paise else 0 end) as paid
      from mine group by 1)
    select s.visit_id as id, s.charged_paise + s.paid_paise as record,
           coalesce(t.charged, 0) + coalesce(t.paid, 0) as ledger
    from visit_search s left join truth t on t.visit_id = s.visit_id
    where abs(s.charged_paise - coalesce(t.charged, 0)) + abs(s.paid_paise - coalesce(t.paid, 0)) > 0`,
};

/** Series whose numbers must run 1, 2, 3… without a gap, with their counters (receipt_counters) at the last. */
export async function seriesOf(d: Database): Promise<Verdict['series']> {
  const numbers = await rows(
    d,
    `select regexp_replace(receipt_no, '/[0-9]+$', '') as series, (regexp_match(receipt_no, '([0-9]+)$'))[1]::int as seq
       from payments where receipt_no is not null
     union all
     select series || '/' || financial_year, seq from tax_documents`,
  );
  const counters = new Map(
    (await rows(d, 'select financial_year, last_seq from receipt_counters')).map((r) => [r.financial_year, num(r.last_seq)]),
  );
  const by = new Map<string, number[]>();
  for (const r of numbers) by.set(r.series, [...(by.get(r.series) ?? []), num(r.seq)]);
  const out: Verdict['series'] = [];
  for (const [series, seqs] of [...by].sort()) {
    const distinct = new Set(seqs);
    const last = Math.max(...seqs);
    out.push({
      series,
      count: seqs.length,
      last,
      counter: counters.get(series) ?? null,
      gaps: last - distinct.size + (seqs.length - distinct.size),
    });
  }
  return out;
}

/** Every `_id` in an answer. */
function idsIn(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) idsIn(n, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if ((k === '_id' || k === 'boardingId') && typeof v === 'string') into.add(v);
      else idsIn(v, into);
    }
  }
  return into;
}

/** What an acknowledged write's answer says is there: [what, query returning one row when it is]. */
function expectations(op: Op): [string, string][] {
  const a = op.answer;
  const q = (s: string) => s.replace(/'/g, "''");
  const payment = (p: any, account = 'sale'): [string, string] => [
    `${op.kind} #${op.n}: payment ${p._id} of ₹${p.amount}${p.receiptNo ? ` receipt ${p.receiptNo}` : ''}`,
    `select 1 from payments where id = '${q(p._id)}' and amount_paise = ${paise(p.amount)} and account = '${account}'
       ${p.receiptNo ? `and receipt_no = '${q(p.receiptNo)}'` : ''}`,
  ];
  const visit = (v: any): [string, string] => [
    `${op.kind} #${op.n}: visit ${v._id} of ₹${v.price}`,
    `select 1 from visits where id = '${q(v._id)}' and price_paise = ${paise(v.price)}`,
  ];
  const moved = (refId: string, reason: string): [string, string][] =>
    Object.entries(op.stock ?? {}).map(([item, n]) => [
      `${op.kind} #${op.n}: stock movement of ${n} of ${item}`,
      `select 1 from stock_movements where ref_id = '${q(refId)}' and item_id = '${q(item)}' and reason = '${reason}'
         having sum(delta) = ${-n}`,
    ]);
  switch (op.kind) {
    case 'grooming':
    case 'board':
      return [visit(a.visit), payment(a.payment)];
    case 'grooming_wallet':
      return [
        visit(a.visit),
        [
          `${op.kind} #${op.n}: wallet allocation ${a.payment?._id}`,
          `select 1 from payments where id = '${q(a.payment?._id ?? '')}'`,
        ],
      ];
    case 'shop':
      return [visit(a.visit), payment(a.payment), ...moved(a.visit._id, 'sold')];
    case 'subscription':
      return [
        visit(a.visit),
        payment(a.payment),
        [`subscription #${op.n}: ${a.subscription._id}`, `select 1 from subscriptions where id = '${q(a.subscription._id)}'`],
      ];
    case 'prescription':
      return [
        [
          `prescription #${op.n}: ${a.prescription._id} of ₹${a.prescription.totalPrice}`,
          `select 1 from prescriptions where id = '${q(a.prescription._id)}' and total_paise = ${paise(a.prescription.totalPrice)}`,
        ],
        payment(a.prescription.payment),
        ...moved(a.prescription._id, 'prescribed'),
      ];
    case 'cancel':
      return [
        ...(a.refunds ?? []).map((r: any): [string, string] => [
          `cancel #${op.n}: refund ${r._id} of ₹${r.amount} ${r.receiptNo ?? ''}`,
          `select 1 from payments where id = '${q(r._id)}' and kind = 'refund' and amount_paise = ${paise(r.amount)}
             ${r.receiptNo ? `and receipt_no = '${q(r.receiptNo)}'` : ''}`,
        ]),
        ...(a.credits ?? (a.credit ? [a.credit] : [])).map((c: any): [string, string] => [
          `cancel #${op.n}: credit ${c._id} of ₹${c.amount}`,
          `select 1 from payments where id = '${q(c._id)}' and kind = 'credit' and amount_paise = ${paise(c.amount)}`,
        ]),
      ];
    case 'deboard':
      return [
        [
          `deboard #${op.n}: boarding ${op.target} closed`,
          `select 1 from boardings where id = '${q(op.target!)}' and is_boarded = false and exit_time is not null`,
        ],
        ...(a.payment ? [payment(a.payment)] : []),
      ];
    case 'topup':
      return [payment(a.payment, 'wallet')];
    case 'package':
      return [
        [`package #${op.n}: ${a.package._id}`, `select 1 from package_subscriptions where id = '${q(a.package._id)}'`],
        ...(a.package.pets ?? []).map((p: any): [string, string] => [
          `package #${op.n}: pet ${p.petId} boarded on it`,
          `select 1 from package_pets where id = '${q(p._id)}' and boarding_id = '${q(p.boardingId)}'`,
        ]),
      ];
  }
}

export interface VerifyInput {
  load: Load;
  /** Ids that existed before the load (by table), so what the load wrote can be told apart. */
  before: Record<string, Set<string>>;
  /** Wallet balances as the API answered them at the end, by owner id (rupees). */
  walletsByApi: Map<string, number>;
  /** The business day the clock ended on (the daily package charge must have reached it). */
  today: string;
  /** The fixtures (owners and dogs, stock items), acknowledged through the API before the load. */
  world: World;
}

/** The tables whose new rows are matched with the acknowledged answers' ids. */
export const TRACKED = ['visits', 'prescriptions', 'boardings', 'subscriptions', 'package_subscriptions'];

export async function snapshotIds(d: Database): Promise<Record<string, Set<string>>> {
  const out: Record<string, Set<string>> = {};
  for (const t of [...TRACKED, 'payments']) out[t] = new Set((await rows(d, `select id from ${t}`)).map((r) => r.id));
  return out;
}

export async function verify(d: Database, input: VerifyInput): Promise<Verdict> {
  const acked = input.load.ops.filter((o) => o.state === 'acked');
  // Lost: each acknowledged write's rows, the fixtures' first.
  const lost: Finding[] = [];
  const w = input.world;
  const fixtures: [string, string][] = [
    ...w.owners.flatMap((o): [string, string][] => [
      [`fixture: owner ${o.id}`, `select 1 from owners where id = '${o.id}'`],
      [`fixture: dog ${o.petId}`, `select 1 from pets where id = '${o.petId}' and owner_id = '${o.id}'`],
    ]),
    [`fixture: item ${w.tablet.id}`, `select 1 from inventory_items where id = '${w.tablet.id}'`],
    [`fixture: item ${w.collar.id}`, `select 1 from inventory_items where id = '${w.collar.id}'`],
  ];
  for (const [what, q] of fixtures) if ((await rows(d, q)).length === 0) lost.push({ check: what, count: 1, sample: [] });
  for (const op of acked) {
    for (const [what, q] of expectations(op)) {
      if ((await rows(d, q)).length === 0) lost.push({ check: what, count: 1, sample: [op.key] });
    }
  }
  const halfWritten: Finding[] = [];
  for (const [check, q] of Object.entries(HALF_WRITTEN)) {
    const only = NEW_ONLY[check];
    const r = (await rows(d, q)).filter((x) => !only || !input.before[only]!.has(x.id));
    if (r.length) halfWritten.push({ check, count: r.length, sample: r.slice(0, 5) });
  }
  // The daily package charge reached the last day for every pet still boarded on an active package.
  const behind = await rows(
    d,
    `select pp.id, pp.days_charged, pp.start_date from package_pets pp
       join package_subscriptions s on s.id = pp.package_subscription_id
     where s.status = 'active' and pp.status = 'boarded'
       and pp.days_charged < least(s.days, ('${input.today}'::date - pp.start_date) + 1)`,
  );
  if (behind.length)
    halfWritten.push({ check: 'package day not charged by the daily job', count: behind.length, sample: behind.slice(0, 5) });

  const reconciliation: Verdict['reconciliation'] = [];
  for (const [check, q] of Object.entries(RECONCILE)) {
    const r = (await rows(d, q)).filter((x) => num(x.record) !== num(x.ledger));
    reconciliation.push({
      check,
      rows: r.length,
      paise: r.reduce((s, x) => s + Math.abs(num(x.record) - num(x.ledger)), 0),
      sample: r.slice(0, 5),
    });
  }
  // Wallets: the API's balance (what the desk sees) = the sum of the wallet's ledger rows.
  const walletRows = new Map(
    (
      await rows(
        d,
        `select owner_id, sum(case when kind = 'payment' and status = 'completed' then amount_paise
                                    when kind = 'refund' and status in ('pending', 'completed') then -amount_paise
                                    when kind = 'allocation' and direction = 'in' then amount_paise
                                    when kind = 'allocation' and direction = 'out' then -amount_paise else 0 end) as n
           from payments where account = 'wallet' group by 1`,
      )
    ).map((r) => [r.owner_id as string, num(r.n)]),
  );
  const walletDiffs = [...input.walletsByApi].filter(([o, b]) => paise(b) !== (walletRows.get(o) ?? 0));
  reconciliation.push({
    check: 'wallet balances = the sum of their rows',
    rows: walletDiffs.length,
    paise: walletDiffs.reduce((s, [o, b]) => s + Math.abs(paise(b) - (walletRows.get(o) ?? 0)), 0),
    sample: walletDiffs.slice(0, 5),
  });
  // Writes done whose answer was lost in a kill: the ledger rows their 409 names are there.
  const lostAnswers = input.load.ops.filter((o) => o.state === 'answer_lost');
  for (const op of lostAnswers) {
    for (const p of op.answer?.payments ?? []) {
      if ((await rows(d, `select 1 from payments where id = '${String(p._id).replace(/'/g, "''")}'`)).length === 0) {
        lost.push({ check: `${op.kind} #${op.n} (answer lost): ledger row ${p._id}`, count: 1, sample: [op.key] });
      }
    }
  }
  // What the answers name (and, for a ledger row, the records it is for).
  const answered = new Set<string>();
  for (const op of [...acked, ...lostAnswers]) idsIn(op.answer, answered);
  const named = [...answered].map((id) => `'${id.replace(/'/g, "''")}'`).join(',');
  if (named) {
    for (const r of await rows(
      d,
      `select visit_id, prescription_id, boarding_id, subscription_id, package_id from payments where id in (${named})`,
    )) {
      for (const v of Object.values(r)) if (typeof v === 'string') answered.add(v);
    }
  }

  // A package's stays are answered by their boarding; the visit each stay records goes with it.
  const stays = [...answered].map((id) => `'${id.replace(/'/g, "''")}'`).join(',');
  if (stays) {
    for (const r of await rows(d, `select visit_id from boardings where visit_id is not null and id in (${stays})`)) {
      answered.add(r.visit_id);
    }
  }
  const unacknowledged: Record<string, number> = {};
  for (const t of TRACKED) {
    const now = (await rows(d, `select id from ${t}`)).map((r) => r.id as string);
    const extra = now.filter((id) => !input.before[t]!.has(id) && !answered.has(id));
    if (extra.length) unacknowledged[t] = extra.length;
  }
  const keysWithoutAnswer = num((await rows(d, `select count(*) as n from idempotency_keys where status_code is null`))[0]?.n);
  const series = await seriesOf(d);
  return {
    acknowledged: acked.length,
    lost,
    halfWritten,
    reconciliation,
    series,
    unacknowledged,
    keysWithoutAnswer,
    lostCount: lost.length,
    halfWrittenCount: halfWritten.reduce((s, f) => s + f.count, 0),
    reconciliationPaise: reconciliation.reduce((s, r) => s + r.paise, 0),
    gapCount: series.reduce((s, x) => s + x.gaps + (x.counter !== null && x.counter !== x.last ? 1 : 0), 0),
  };
}

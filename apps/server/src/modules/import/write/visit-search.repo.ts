import { DEFAULT_TZ, dateInTz, WALK_IN_OWNER_ID } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { visitSearch } from '../../../db/schema/index.ts';
import { insertUnnest } from './unnest.ts';

/** A visit imported for the first time, with the money its ledger rows (just posted) amount to. */
export interface NewSearchRow {
  visitId: string;
  createdAt: Date;
  purpose: string;
  visitTypeId: string;
  /** Null for a walk-in sale, whose owner columns hold the buyer. */
  petId: string | null;
  petName: string | null;
  ownerId: string;
  ownerName: string;
  ownerPhone: string | null;
  chargedPaise: number;
  paidPaise: number;
}

/**
 * The search rows of visits imported for the first time, from what the importer just posted (their only ledger
 * rows: charges and payments, no credits, refunds or allocations yet), in one multi-row insert — the same values as
 * `indexImportedVisits` computes from the ledger (the visits test compares the two), without reading the ledger
 * back for each visit.
 */
export async function insertSearchRows(tx: Tx, rows: readonly NewSearchRow[], tz: string = DEFAULT_TZ): Promise<void> {
  await insertUnnest(
    tx,
    visitSearch,
    rows.map((r) => {
      const due = Math.max(0, r.chargedPaise - r.paidPaise);
      return {
        visitId: r.visitId,
        createdAt: r.createdAt,
        businessDate: dateInTz(r.createdAt, tz),
        purpose: r.purpose,
        visitTypeId: r.visitTypeId,
        petId: r.petId,
        petName: r.petName,
        ownerId: r.ownerId,
        ownerName: r.ownerName,
        ownerPhone: r.ownerPhone ?? '',
        chargedPaise: r.chargedPaise,
        paidPaise: r.paidPaise,
        duePaise: due,
        refundedPaise: 0,
        paymentState: due > 0 ? ('due' as const) : ('paid' as const),
        // The visit's own time, not the clock: a rerun after a crash writes what a clean run writes.
        updatedAt: r.createdAt,
      };
    }),
    { onConflict: 'error' },
  );
}

/**
 * Visit History's search rows (`visit_search`, history module) of imported visits that changed since an earlier
 * run (their ledger holds earlier rows, corrections, maybe Pawdesk's own rows since), written in the batch's
 * transaction after their new ledger rows, by one statement per batch. Pawdesk's own sales write the row in code
 * (history.service.ts `indexVisit`); this is the same computation in SQL, as migration 0015's backfill does it (and
 * the history module's reconciliation test checks): the pet's and owner's name and phone (a walk-in sale's buyer
 * under the Walk-in customer), the visit's business day, and the sale account's money from the ledger — charged =
 * charges − credits, paid = payments − refunds ± allocations, due, refunded, and the state (voided, refunded, due,
 * paid). The business day is read in Asia/Kolkata, the default business time zone.
 */
export async function indexImportedVisits(tx: Tx, visitIds: readonly string[], tz: string = DEFAULT_TZ): Promise<void> {
  if (visitIds.length === 0) return;
  await tx.execute(sql`
    insert into visit_search (visit_id, created_at, business_date, purpose, visit_type_id, pet_id, pet_name, owner_id,
      owner_name, owner_phone, charged_paise, paid_paise, due_paise, refunded_paise, payment_state, updated_at)
    select v.id, v.created_at, (v.created_at at time zone ${tz})::date, v.purpose, v.visit_type_id, p.id, p.name,
      coalesce(o.id, ${WALK_IN_OWNER_ID}), coalesce(o.name, v.buyer_name, ''), coalesce(o.phone, v.buyer_phone, ''),
      m.charged, m.paid, greatest(m.charged - m.paid, 0), m.refunded,
      case when v.voided_at is not null then 'voided' when m.refunded > 0 then 'refunded'
           when m.charged - m.paid > 0 then 'due' else 'paid' end,
      -- The visit's own time, not the clock's: a rerun after a crash writes the same row as a clean run.
      v.created_at
    from visits v
    left join pets p on p.id = v.pet_id
    left join owners o on o.id = p.owner_id
    cross join lateral (
      select
        coalesce(sum(case e.kind when 'charge' then e.amount_paise when 'credit' then -e.amount_paise else 0 end), 0)::bigint as charged,
        coalesce(sum(case e.kind when 'payment' then e.amount_paise when 'refund' then -e.amount_paise
          when 'allocation' then case when e.direction = 'out' then -e.amount_paise else e.amount_paise end else 0 end), 0)::bigint as paid,
        coalesce(sum(case when e.kind = 'refund' then e.amount_paise else 0 end), 0)::bigint as refunded
      from (
        -- The visit's rows, and those of the stay it started that name only the stay: two index scans (an OR of the
        -- two would read the whole ledger for each visit).
        select kind, amount_paise, direction, account, status from payments where visit_id = v.id
        union all
        select b.kind, b.amount_paise, b.direction, b.account, b.status from payments b
         where b.boarding_id = any(array(select s.boarding_id from payments s
                                          where s.visit_id = v.id and s.boarding_id is not null))
           and b.visit_id is distinct from v.id
      ) e
      where e.account = 'sale' and e.status = 'completed'
    ) m
    where v.id = any(${sql.param([...visitIds])}::varchar[])
      and (v.pet_id is null or o.id is not null)
    on conflict (visit_id) do update set
      created_at = excluded.created_at, business_date = excluded.business_date, purpose = excluded.purpose,
      visit_type_id = excluded.visit_type_id, pet_id = excluded.pet_id, pet_name = excluded.pet_name,
      owner_id = excluded.owner_id, owner_name = excluded.owner_name, owner_phone = excluded.owner_phone,
      charged_paise = excluded.charged_paise, paid_paise = excluded.paid_paise, due_paise = excluded.due_paise,
      refunded_paise = excluded.refunded_paise, payment_state = excluded.payment_state, updated_at = excluded.updated_at
  `);
}

/** A value of the original's free-form data as JSON for a jsonb column: ids as hex, dates as ISO text, no NUL. */
export function jsonSafe(v: unknown): unknown {
  if (v === null || v === undefined) return v ?? null;
  if (typeof v === 'string') return v.includes('\u0000') ? v.replaceAll('\u0000', '') : v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (Array.isArray(v)) return v.map(jsonSafe);
  if (typeof v === 'object') {
    const bson = (v as { _bsontype?: string })._bsontype;
    if (bson === 'ObjectId') return (v as { toHexString(): string }).toHexString();
    if (bson) return jsonSafe((v as { toJSON?: () => unknown }).toJSON?.() ?? String(v));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (x !== undefined) out[k.includes('\u0000') ? k.replaceAll('\u0000', '') : k] = jsonSafe(x);
    }
    return out;
  }
  return null;
}

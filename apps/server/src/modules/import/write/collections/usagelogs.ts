import { DEFAULT_TZ, VISIT_TYPE_CODE, WALK_IN_OWNER_ID } from '@pawdesk/shared';
import { customerClass, paymentState } from '@pawdesk/shared/import/normalise';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client.ts';
import { stockMovements, visitItems, visits } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { upsertMany } from '../bulk.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderItem, PLACEHOLDER } from '../placeholders.repo.ts';
import { rebalanceImportedStock } from '../stock.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { amount, rupees, sourceMoney } from './amounts.ts';

const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The movement a usage log's use of stock became (a stock history row of the same use joins it). */
export const usageMovementId = (logId: string) => derivedId('usagelogs', logId, 'stock');

/** Pets by name (trimmed, any case), to name a candidate when a log's pet is only a name. */
const petsByName = (ctx: ImportContext) =>
  ctx.cached('petsByName', async () => {
    const byName = new Map<string, string[]>();
    for (const [id, p] of await lookups.petOwner(ctx)) {
      const k = nameKey(p.name);
      byName.set(k, [...(byName.get(k) ?? []), id]);
    }
    return byName;
  });

/** The pet of each visit named (a usage log's bookingId may be a visit's id). */
async function petsOfVisits(tx: Tx, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: visits.id, petId: visits.petId }).from(visits).where(inArray(visits.id, ids));
  return new Map(rows.map((r) => [r.id, r.petId]));
}

/**
 * usagelogs → a Shop sale each (visits + visit_items + the ledger + Visit History's row) and a 'sold' stock movement.
 *
 * A usage log is medicine used on a pet and charged (reference §3 rule 14: sell price × quantity by case type,
 * Paid or Pending), which is what Pawdesk's Shop stock sale is: a Shop visit with a stock line at the item's price,
 * its charge and what was paid, and a 'sold' movement naming the visit. The log names the pet only by name and the
 * booking as free text, so:
 * - when the booking reference is the id of an imported visit, the sale is that visit's pet's (its owner's account);
 * - otherwise it is a walk-in Shop sale to the Walk-in customer, under the pet's name as the log gives it, and listed
 *   (with the one pet of that name on file, when there is exactly one, for staff to check). A name alone is not
 *   enough to put a charge (a Pending one is owed) on a customer's account.
 * Money: the total is charged; a Paid log adds a 'not recorded' payment (the original recorded no method), a
 * Pending one leaves it owed. Who used it (a name), the booking reference, cost and profit stay in the visit's
 * details. Stock: the original took it when it wrote the log; the item's opening balance is recomputed at the end.
 */
export const usageLogsImporter: CollectionImporter = {
  collection: 'usagelogs',
  async importBatch(tx, docs, ctx) {
    const items = await lookups.inventory(ctx);
    const types = await lookups.visitTypes(ctx);
    const petOwner = await lookups.petOwner(ctx);
    const byName = await petsByName(ctx);
    const shop = [...types.values()].find((t) => t.code === VISIT_TYPE_CODE.Shop);
    if (!shop) throw new Error('The Shop visit type is missing: Pawdesk installs it on every database');
    const bookings = docs
      .map((d) => (typeof d.doc.bookingId === 'string' ? d.doc.bookingId.trim().toLowerCase() : ''))
      .filter((b) => /^[0-9a-f]{24}$/.test(b));
    const visitPet = await petsOfVisits(tx, [...new Set(bookings)]);
    const visitRows: (typeof visits.$inferInsert)[] = [];
    const lines: (typeof visitItems.$inferInsert)[] = [];
    const moves: (typeof stockMovements.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const created = f.created();
      const itemRef = f.ref('inventoryId');
      let itemId = itemRef;
      if (!itemId || !items.has(itemId)) {
        ctx.problem(doc, `inventoryId: item ${itemRef ?? 'missing'} does not exist (deleted); the use is kept on 'Deleted item'`);
        itemId = await placeholderItem(tx, ctx);
      }
      const item = items.get(itemId);
      const medicine = f.text('medicineName') || item?.itemName || 'Deleted item';
      const qtyRaw = f.number('quantityUsed');
      let quantity = qtyRaw ?? 0;
      if (typeof f.get('quantityUsed') === 'string' && qtyRaw !== null) {
        ctx.problem(doc, `quantityUsed: "${String(f.get('quantityUsed'))}" was text; read as ${qtyRaw}`);
      }
      if (!(quantity > 0)) {
        ctx.problem(doc, `quantityUsed: ${qtyRaw ?? 'missing'}; recorded as 1`);
        quantity = 1;
      }
      // Stock is counted in whole units.
      const stockQty = Math.max(1, Math.round(quantity));
      if (stockQty !== quantity)
        ctx.problem(doc, `quantityUsed: ${quantity} is not a whole number; the stock movement takes ${stockQty}`);

      const cls = customerClass(f.get('caseType'));
      const customerType = cls.ok ? cls.value.customerType : 'pvtltd';
      if (!cls.ok) ctx.problem(doc, `caseType: ${cls.reason}; recorded as Customer`);
      const state = paymentState('usagelog', f.get('paymentStatus'));
      if (!state.ok) ctx.problem(doc, `paymentStatus: ${state.reason}; taken as Pending`);
      const paid = state.ok && state.value === 'paid';
      let total = amount(ctx, doc, f, 'totalAmount');
      const sell = amount(ctx, doc, f, 'sellPrice');
      if (total === null || total < 0) {
        ctx.problem(doc, `totalAmount: ${total === null ? 'missing' : rupees(total)}; the sell price ${rupees(sell)} is charged`);
        total = Math.max(0, sell ?? 0);
      } else if (sell !== null && sell !== total) {
        ctx.problem(doc, `sellPrice ${rupees(sell)} and totalAmount ${rupees(total)} differ; the total is charged`);
      }
      const unit = Math.round(total / quantity);
      if (unit * quantity !== total) {
        ctx.problem(
          doc,
          `totalAmount: ${rupees(total)} for ${quantity} is not a whole price per unit; the line shows ${rupees(unit)} each, the charge is ${rupees(total)}`,
        );
      }

      // Whose sale: the pet of the visit the booking reference names, else a walk-in sale under the pet's name.
      const petName = f.text('petName');
      const booking = f.text('bookingId');
      const fromVisit = visitPet.get(booking.toLowerCase());
      let petId: string | null = fromVisit && petOwner.has(fromVisit) ? fromVisit : null;
      if (petId && petName && nameKey(petOwner.get(petId)!.name) !== nameKey(petName)) {
        ctx.problem(
          doc,
          `the booking ${booking} is a visit of ${petOwner.get(petId)!.name}, the log names ${petName}; the sale is that visit's pet's`,
        );
      }
      if (petId === PLACEHOLDER.pet) petId = null;
      const buyer = petId ? null : petName || 'Unnamed pet';
      if (!petId) {
        const same = byName.get(nameKey(petName)) ?? [];
        ctx.problem(
          doc,
          `the log names the pet "${petName}" and the booking "${booking}", which identify no pet record${same.length === 1 ? ` (pet ${same[0]} has that name)` : same.length > 1 ? ` (${same.length} pets have that name)` : ''}; kept as a walk-in Shop sale under that name`,
        );
      }
      const ownerId = petId ? petOwner.get(petId)!.ownerId : WALK_IN_OWNER_ID;
      const usedBy = f.text('usedBy');
      const note = f.optText('notes');
      visitRows.push({
        id: doc.id,
        petId,
        buyerName: buyer,
        buyerPhone: null,
        visitTypeId: shop.id,
        purpose: shop.purpose,
        pricePaise: total,
        discountPaise: 0,
        customerType,
        note: `${medicine} used${petName ? ` on ${petName}` : ''}${booking ? ` (booking ${booking})` : ''}${usedBy ? ` by ${usedBy}` : ''}${note ? `: ${note}` : ''}`,
        details: {
          totalCalculatedPrice: total / 100,
          customerType,
          ...(buyer ? { walkIn: { name: buyer, phone: null } } : {}),
          usageLog: {
            medicineName: medicine,
            quantityUsed: quantity,
            petName,
            bookingId: booking,
            usedBy,
            caseType: f.text('caseType'),
            costPrice: f.number('costPrice'),
            sellPrice: f.number('sellPrice'),
            profit: f.number('profit'),
            paymentStatus: state.ok ? state.value : f.text('paymentStatus'),
            ...(note ? { notes: note } : {}),
          },
        },
        createdAt: created,
      });
      lines.push({
        id: derivedId('usagelogs', doc.id, 'line'),
        visitId: doc.id,
        kind: 'shop',
        itemId,
        name: medicine,
        quantity,
        unit: item?.stockUnit ?? null,
        pricePaise: unit,
        category: null,
      });
      moves.push({
        id: usageMovementId(doc.id),
        itemId,
        delta: -stockQty,
        stockAfter: 0, // the running balance is written at the end of the collection
        reason: 'sold',
        refId: doc.id,
        note: `Used${petName ? ` on ${petName}` : ''}${usedBy ? ` by ${usedBy}` : ''} (the original's usage log)`,
        createdAt: created,
      });

      sourceMoney(ctx, doc, { charge: total, paid: paid ? total : 0 });
      const money = ctx.ledger.settle(
        doc,
        'usagelogs',
        { charge: total, paid: paid ? total : 0 },
        { status: 'completed', ownerId, petId, visitId: doc.id, createdAt: created, paidAt: created },
        { method: 'not_recorded', note: 'Marked Paid in the original’s usage log (no method recorded)', paidAt: created },
      );
      outcomes.push({ kind: 'imported', table: 'visits', id: doc.id, money });
    }
    await upsertMany(tx, visits, visitRows, visits.id, ['id']);
    await upsertMany(tx, visitItems, lines, visitItems.id, ['id']);
    await upsertMany(tx, stockMovements, moves, stockMovements.id, ['id', 'stockAfter']);
    return outcomes;
  },

  async finish(tx, ctx) {
    await indexUsageSales(tx);
    await rebalanceImportedStock(tx, ctx);
  },
};

/**
 * Visit History's search rows of the usage-log sales (history module's `visit_search`, as `indexVisit` writes them):
 * the pet and owner, or the walk-in buyer under the Walk-in customer, and the money from the ledger rows written for
 * them, in one statement. Stamped with the sale's own time, not the clock, so a rerun writes the same rows.
 */
async function indexUsageSales(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into visit_search (visit_id, created_at, business_date, purpose, visit_type_id, pet_id, pet_name,
                              owner_id, owner_name, owner_phone, charged_paise, paid_paise, due_paise,
                              refunded_paise, payment_state, updated_at)
    select v.id, v.created_at, (v.created_at at time zone ${DEFAULT_TZ})::date, v.purpose, v.visit_type_id,
           v.pet_id, p.name, coalesce(o.id, ${WALK_IN_OWNER_ID}), coalesce(o.name, v.buyer_name),
           coalesce(o.phone, v.buyer_phone, ''), m.charged, m.paid, greatest(m.charged - m.paid, 0), m.refunded,
           case when v.voided_at is not null then 'voided' when m.refunded > 0 then 'refunded'
                when m.charged - m.paid > 0 then 'due' else 'paid' end,
           v.created_at
      from visits v
      join import_records r on r.collection = 'usagelogs' and r.target_table = 'visits' and r.target_id = v.id
      left join pets p on p.id = v.pet_id
      left join owners o on o.id = p.owner_id
      cross join lateral (
        select coalesce(sum(case when l.kind = 'charge' then l.amount_paise when l.kind = 'credit' then -l.amount_paise end), 0)::bigint as charged,
               coalesce(sum(case when l.kind = 'payment' then l.amount_paise when l.kind = 'refund' then -l.amount_paise
                                 when l.kind = 'allocation' and l.direction = 'in' then l.amount_paise
                                 when l.kind = 'allocation' and l.direction = 'out' then -l.amount_paise end), 0)::bigint as paid,
               coalesce(sum(case when l.kind = 'refund' then l.amount_paise end), 0)::bigint as refunded
          from payments l where l.visit_id = v.id and l.account = 'sale' and l.status = 'completed'
      ) m
    on conflict (visit_id) do update set
      purpose = excluded.purpose, pet_id = excluded.pet_id, pet_name = excluded.pet_name,
      owner_id = excluded.owner_id, owner_name = excluded.owner_name, owner_phone = excluded.owner_phone,
      charged_paise = excluded.charged_paise, paid_paise = excluded.paid_paise, due_paise = excluded.due_paise,
      refunded_paise = excluded.refunded_paise, payment_state = excluded.payment_state, updated_at = excluded.updated_at
    where (visit_search.charged_paise, visit_search.paid_paise, visit_search.due_paise, visit_search.refunded_paise,
           visit_search.payment_state, visit_search.owner_name)
          is distinct from (excluded.charged_paise, excluded.paid_paise, excluded.due_paise, excluded.refunded_paise,
           excluded.payment_state, excluded.owner_name)
  `);
}

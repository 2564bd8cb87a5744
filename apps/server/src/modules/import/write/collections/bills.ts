import { WALK_IN_OWNER_ID } from '@pawdesk/shared';
import { paymentMethod, paymentState } from '@pawdesk/shared/import/normalise';
import type { visitItems, visits } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import { postLines, totals } from '../postings.ts';
import { claimProviderId, takenProviderIds } from '../provider-ids.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { writeVisitBatch } from '../visit-rows.repo.ts';
import { jsonSafe, type NewSearchRow } from '../visit-search.repo.ts';

const rupees = (p: number) => `₹${(p / 100).toFixed(2)}`;

/** Bill numbers met in this run (the original's are timestamp-based and may repeat). */
const billNumbers = (ctx: ImportContext) => ctx.cached('bills.numbers', async () => new Map<string, string>());

/**
 * bills → walk-in Shop sales (issue 18's walk-in sale): a visit of the Shop type with no pet, sold to the Walk-in
 * customer owner (`WALK_IN_OWNER_ID`) and naming the buyer (`buyer_name`, `buyer_phone`), its services as Shop lines,
 * its total as the charge, and — when paid — one payment at the bill's time. Card, UPI and Online were taken
 * through Razorpay: method card, the Razorpay payment id in `provider_payment_id`; the bill number is in the
 * payment's note (imported payments take no receipt number). The original's total is what was billed and taken;
 * lines that do not add up to it are listed. The bill itself is kept as the visit's details.
 */
export const billsImporter: CollectionImporter = {
  collection: 'bills',
  async importBatch(tx, docs, ctx) {
    const types = await lookups.visitTypes(ctx);
    const users = await lookups.users(ctx);
    const shop = [...types.values()].find((t) => t.code === 'shop');
    if (!shop) throw new Error('No Shop visit type (code shop) is installed: walk-in bills cannot be imported');
    const numbers = await billNumbers(ctx);
    const fields = docs.map((d) => new Fields(ctx, d));
    const taken = await takenProviderIds(
      tx,
      ctx,
      fields.map((f) => f.text('razorpayPaymentId')),
    );
    const rows: (typeof visits.$inferInsert)[] = [];
    const lines: (typeof visitItems.$inferInsert)[] = [];
    const search: NewSearchRow[] = [];
    const outcomes: Outcome[] = [];
    for (const [n, doc] of docs.entries()) {
      const f = fields[n]!;
      const billNo = f.text('billNo');
      if (!billNo) ctx.problem(doc, 'billNo: missing');
      else if (numbers.has(billNo) && numbers.get(billNo) !== doc.id) {
        ctx.problem(doc, `billNo: ${billNo} is also bill ${numbers.get(billNo)}'s number; both are kept`);
      } else numbers.set(billNo, doc.id);
      let buyer = f.text('customerName');
      if (!buyer) {
        buyer = 'Walk-in buyer';
        ctx.problem(doc, 'customerName: missing; recorded as "Walk-in buyer"');
      }
      const phone = f.phone('phone');
      const services = Array.isArray(f.get('services')) ? (f.get('services') as unknown[]) : [];
      let linesPaise = 0;
      services.forEach((raw, i) => {
        const s = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
        const amount = f.paise('services.amount', s.amount) ?? 0;
        linesPaise += amount;
        lines.push({
          id: derivedId('bills', doc.id, 'line', i),
          visitId: doc.id,
          kind: 'shop',
          name: f.text('services.name', s.name) || 'Service',
          quantity: 1,
          pricePaise: Math.max(0, amount),
        });
      });
      let total = f.paise('total');
      if (total === null) {
        total = linesPaise;
        ctx.problem(doc, `total: missing; taken as the sum of its services, ${rupees(total)}`);
      } else if (total !== linesPaise) {
        ctx.problem(
          doc,
          `total ${rupees(total)} is not the sum of its services (${rupees(linesPaise)}); the total is charged, as the original billed and took it`,
        );
      }
      if (total < 0) {
        ctx.problem(doc, `total: negative (${rupees(total)}); charged ₹0.00`);
        total = 0;
      }
      const state = paymentState('bill', f.get('paymentStatus'));
      if (!state.ok) ctx.problem(doc, `paymentStatus: ${state.reason}; taken as paid (the original's default)`);
      const paid = !state.ok || state.value === 'paid' ? total : 0;
      const m = paymentMethod('bill', f.get('paymentMethod'));
      if (!m.ok) ctx.problem(doc, `paymentMethod: ${m.reason}; recorded as not recorded`);
      const method = m.ok ? m.value : { method: 'not_recorded' as const, online: false, original: null };
      const razorpay = f.text('razorpayPaymentId');
      // The Razorpay payment id goes to the provider column of a payment taken through Razorpay, once in the ledger.
      const providerId = razorpay && method.online && paid > 0 && !taken.has(razorpay) ? razorpay : null;
      if (razorpay && method.online && paid > 0 && !providerId) {
        ctx.problem(doc, `razorpayPaymentId: ${razorpay} is already another payment's; kept in the note`);
      }
      if (providerId) {
        taken.add(providerId);
        await claimProviderId(ctx, providerId);
      }
      const created = f.created();
      const createdByRef = f.ref('createdBy');
      const createdBy = createdByRef && users.has(createdByRef) ? createdByRef : null;
      if (createdByRef && !createdBy) ctx.problem(doc, `createdBy: user ${createdByRef} does not exist (deleted); left out`);
      const petName = f.text('petName');
      const notes = f.text('notes');
      const note = [notes, petName ? `Pet: ${petName}` : ''].filter(Boolean).join(' · ') || null;
      const { _id, createdAt: _c, updatedAt: _u, __v, ...bill } = doc.doc;
      rows.push({
        id: doc.id,
        petId: null,
        buyerName: buyer,
        buyerPhone: phone,
        visitTypeId: shop.id,
        purpose: shop.purpose,
        pricePaise: total,
        discountPaise: 0,
        isSubscriptionAvailed: false,
        note,
        details: { ...(jsonSafe(bill) as Record<string, unknown>), purpose: shop.purpose, source: 'bill' },
        createdBy,
        createdAt: created,
      });
      const was = totals(doc.previous?.money);
      ctx.source({ charged: total - (was.charge ?? 0), paid: paid - (was.paid ?? 0) });
      const noteParts = [
        billNo ? `Bill ${billNo}` : null,
        method.note ? `${method.original}: paid through Razorpay` : null,
        razorpay && !providerId ? `Razorpay ${razorpay}` : null,
      ].filter(Boolean);
      const money = postLines(
        ctx,
        doc,
        'bills',
        { ownerId: WALK_IN_OWNER_ID, petId: null, visitId: doc.id, createdBy, createdAt: created, paidAt: created },
        [
          {
            key: 'charge',
            kind: 'charge',
            amountPaise: total,
            row: { chargeFor: 'sale', note: billNo ? `Bill ${billNo}` : null },
          },
          {
            key: 'paid',
            kind: 'payment',
            amountPaise: paid,
            row: {
              method: method.method,
              createdAt: new Date(created.getTime() + 1),
              paidAt: created,
              note: noteParts.join(' · ') || null,
              ...(providerId ? { provider: 'razorpay', providerPaymentId: providerId } : {}),
            },
          },
        ],
      );
      outcomes.push({ kind: 'imported', table: 'visits', id: doc.id, money });
      if (!doc.previous) {
        search.push({
          visitId: doc.id,
          createdAt: created,
          purpose: shop.purpose,
          visitTypeId: shop.id,
          petId: null,
          petName: null,
          ownerId: WALK_IN_OWNER_ID,
          ownerName: buyer,
          ownerPhone: phone,
          chargedPaise: total,
          paidPaise: paid,
        });
      }
    }
    await writeVisitBatch(tx, ctx, {
      rows,
      lines,
      search,
      changed: docs.filter((d) => d.previous).map((d) => d.id),
      update: ['buyerName', 'buyerPhone', 'visitTypeId', 'purpose', 'pricePaise', 'note', 'details', 'createdBy'],
    });
    return outcomes;
  },
};

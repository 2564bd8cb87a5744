import { sql } from 'drizzle-orm';
import type { subscriptionEvents, visitItems, visits } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import { PLACEHOLDER, placeholderItem, placeholderPet, placeholderVisitType } from '../placeholders.repo.ts';
import { type Line, postLines, totals } from '../postings.ts';
import { claimProviderId, takenProviderIds } from '../provider-ids.ts';
import type { CollectionImporter, Incoming, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { writeVisitBatch } from '../visit-rows.repo.ts';
import { jsonSafe, type NewSearchRow } from '../visit-search.repo.ts';
import { type VisitTerms, visitTerms } from './visit-terms.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ms = (d: Date, n: number) => new Date(d.getTime() + n);

/** How many visits used a subscription and still recorded a price (one line in the report, not one per visit). */
const pricedSubscriptionVisits = (ctx: ImportContext) => ctx.cached('visits.pricedSubscription', async () => ({ n: 0 }));

type ItemInsert = typeof visitItems.$inferInsert;

/**
 * The lines of a visit: the Shop's `items` [{name, price}], and the medicines and vaccines given at a veterinary
 * visit, which name an inventory item by `id`, `medicineId` or `vaccineId` (or are the id itself). A line whose
 * item was deleted is kept on 'Deleted item' and listed.
 */
async function linesOf(
  ctx: ImportContext,
  tx: Parameters<CollectionImporter['importBatch']>[0],
  f: Fields,
  details: Record<string, unknown>,
): Promise<ItemInsert[]> {
  const inventory = await lookups.inventory(ctx);
  const doc = f.doc;
  const out: ItemInsert[] = [];
  const shop = Array.isArray(details.items) ? (details.items as unknown[]) : [];
  shop.forEach((raw, i) => {
    if (!isRecord(raw)) {
      ctx.problem(doc, `details.items[${i}]: not an item; left out`);
      return;
    }
    out.push({
      id: derivedId('visits', doc.id, 'shop', i),
      visitId: doc.id,
      kind: 'shop',
      name: f.text('details.items.name', raw.name) || 'Item',
      quantity: Math.max(1, f.count('details.items.quantity', raw.quantity) ?? 1),
      pricePaise: Math.max(0, f.paise('details.items.price', raw.price) ?? 0),
      category: f.optText('details.items.category', raw.category),
    });
  });
  for (const kind of ['medicine', 'vaccine'] as const) {
    const field = `${kind}s`;
    const list = Array.isArray(details[field]) ? (details[field] as unknown[]) : [];
    for (const [i, raw] of list.entries()) {
      const entry = isRecord(raw) ? raw : {};
      const refValue = isRecord(raw) ? (raw.id ?? raw[`${kind}Id`] ?? raw.itemId ?? raw._id) : raw;
      const ref =
        refValue === undefined || refValue === null || refValue === '' ? null : f.ref(`details.${field}[${i}]`, refValue);
      const item = ref ? inventory.get(ref) : undefined;
      let name = f.text(`details.${field}.name`, entry.name ?? entry[`${kind}Name`]);
      let itemId: string | null = item?.id ?? null;
      if (!item && ref) {
        ctx.problem(doc, `details.${field}[${i}]: item ${ref} does not exist (deleted); kept as 'Deleted item'`);
        itemId = await placeholderItem(tx, ctx);
        name ||= 'Deleted item';
      }
      if (!itemId && !name) {
        ctx.problem(doc, `details.${field}[${i}]: names no item; left out`);
        continue;
      }
      out.push({
        id: derivedId('visits', doc.id, kind, i),
        visitId: doc.id,
        kind,
        itemId,
        name: name || item!.itemName,
        quantity: Math.max(0, f.number(`details.${field}.quantity`, entry.quantity) ?? 1),
        unit: item?.stockUnit ?? null,
        pricePaise: Math.max(0, f.paise(`details.${field}.price`, entry.price) ?? 0),
        doseNumber: f.count(`details.${field}.doseNumber`, entry.doseNumber ?? entry.dose),
        volume: f.number(`details.${field}.volume`, entry.volume),
      });
    }
  }
  return out;
}

/** The visit's ledger lines: its charge, an extra-days charge, the payment at the visit, the remainder, the extras paid. */
function moneyLines(t: VisitTerms, created: Date, updated: Date, providerId: string | null): Line[] {
  const method = t.method.method;
  const later = t.laterAt ?? updated;
  const extraAt = t.laterAt ?? updated;
  const methodNote = t.method.note ? `${t.method.original}: ${t.method.note}` : null;
  const laterVia = t.laterProviderPaymentId
    ? {
        method: 'card' as const,
        provider: 'razorpay',
        providerPaymentId: providerId,
        note: providerId ? 'Remainder paid through Razorpay' : `Remainder paid through Razorpay ${t.laterProviderPaymentId}`,
      }
    : { method, note: methodNote };
  return [
    { key: 'charge', kind: 'charge', amountPaise: t.chargePaise, row: { chargeFor: 'sale' } },
    {
      key: 'extra',
      kind: 'charge',
      amountPaise: t.extraPaise,
      row: { chargeFor: 'extra_days', createdAt: ms(extraAt, 2), paidAt: extraAt, note: 'Extra days' },
    },
    {
      key: 'paid',
      kind: 'payment',
      amountPaise: t.paidNowPaise,
      row: { method, createdAt: ms(created, 1), paidAt: created, note: methodNote },
    },
    {
      key: 'later',
      kind: 'payment',
      amountPaise: t.paidLaterPaise,
      row: { ...laterVia, createdAt: ms(later, 1), paidAt: later },
    },
    {
      key: 'extraPaid',
      kind: 'payment',
      amountPaise: t.extraPaidPaise,
      row: { method, createdAt: ms(extraAt, 3), paidAt: extraAt, note: 'Extra days' },
    },
  ];
}

/**
 * visits → visits (+ their lines, + the purchase event of a Buy / Renew Subscription visit) and the ledger rows of
 * their money, with their Visit History search rows. The whole original `details` is kept in `visits.details`; what
 * the screens read as columns (price, discount, customer type, days, subscription) is taken from it by
 * visit-terms.ts. A visit whose pet was deleted is kept on 'Deleted pet', one whose visit type was deleted under
 * 'Deleted visit type', both listed. Per batch of 1000: one multi-row insert per table, the ledger rows, then one
 * statement for the search rows; no query per visit.
 */
export const visitsImporter: CollectionImporter = {
  collection: 'visits',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const ownerInfo = await lookups.ownerInfo(ctx);
    const types = await lookups.visitTypes(ctx);
    const plans = await lookups.plans(ctx);
    const users = await lookups.users(ctx);
    const subs = await lookups.subscriptions(ctx);
    const buyType = [...types.values()].find((t) => t.code === 'buy_subscription');
    const priced = await pricedSubscriptionVisits(ctx);

    const read = docs.map((doc) => {
      const f = new Fields(ctx, doc);
      const raw = f.get('details');
      if (!isRecord(raw)) ctx.problem(doc, 'details: missing or not an object; imported with no details');
      const details = isRecord(raw) ? raw : {};
      return { doc, f, details, terms: visitTerms(ctx, f, details) };
    });
    const taken = await takenProviderIds(
      tx,
      ctx,
      read.flatMap((r) => (r.terms.laterProviderPaymentId ? [r.terms.laterProviderPaymentId] : [])),
    );

    const rows: (typeof visits.$inferInsert)[] = [];
    const lines: ItemInsert[] = [];
    const events: (typeof subscriptionEvents.$inferInsert)[] = [];
    const search: NewSearchRow[] = [];
    const outcomes: Outcome[] = [];
    for (const { doc, f, details, terms: t } of read) {
      const petRef = f.ref('pet');
      const pet = petRef ? petOwner.get(petRef) : undefined;
      let petId: string;
      let ownerId: string;
      let petName: string;
      if (pet && petRef) {
        petId = petRef;
        ownerId = pet.ownerId;
        petName = pet.name;
      } else {
        ctx.problem(doc, `pet: ${petRef ?? '(missing)'} does not exist (deleted); the visit is kept on 'Deleted pet'`);
        petId = await placeholderPet(tx, ctx);
        ownerId = PLACEHOLDER.owner;
        petName = 'Deleted pet';
      }
      const typeRef = f.ref('visitType');
      const type = typeRef ? types.get(typeRef) : undefined;
      let visitTypeId: string;
      let purpose: string;
      if (type) {
        visitTypeId = type.id;
        purpose = type.purpose;
      } else {
        ctx.problem(
          doc,
          `visitType: ${typeRef ?? '(missing)'} does not exist (deleted); the visit is kept under 'Deleted visit type'`,
        );
        visitTypeId = await placeholderVisitType(tx, ctx);
        purpose = f.text('details.purpose', details.purpose) || 'Deleted visit type';
      }
      if (t.sale) purpose = buyType?.purpose ?? 'Buy Subscription';
      if (t.pricedDespiteSubscription) priced.n += 1;

      // The subscription it used or sold: the pet's on the plan named, else the pet's of the purpose.
      const plan = t.planId ? plans.get(t.planId) : undefined;
      let subscriptionId: string | null = null;
      if (t.sale || t.availed) {
        const purposeOf = plan?.visitTypeId ?? (t.sale ? null : type?.id);
        subscriptionId =
          (t.planId ? subs.byPlan.get(`${petId}|${t.planId}`) : undefined) ??
          (purposeOf ? (subs.live.get(`${petId}|${purposeOf}`) ?? subs.anyOfPurpose.get(`${petId}|${purposeOf}`)) : undefined) ??
          null;
      }
      const createdByRef = f.ref('createdBy');
      const createdBy = createdByRef && users.has(createdByRef) ? createdByRef : null;
      if (createdByRef && !createdBy) ctx.problem(doc, `createdBy: user ${createdByRef} does not exist (deleted); left out`);
      const created = f.created();
      const updated = f.updated();
      if (t.sale) {
        const planId = subscriptionId ? (subs.planOf.get(subscriptionId) ?? plan?.id) : plan?.id;
        const soldPlan = planId ? plans.get(planId) : undefined;
        if (!subscriptionId || !soldPlan) {
          ctx.problem(
            doc,
            `a ${t.sale === 'purchase' ? 'Buy' : 'Renew'} Subscription visit whose subscription (pet ${petId}, plan ${t.planId ?? 'not named'}) is not in the export: its money is imported, the visit names no subscription`,
          );
          subscriptionId = null;
        } else {
          events.push({
            id: derivedId('visits', doc.id, 'subscription-event'),
            subscriptionId,
            kind: t.sale,
            status: 'applied',
            visitId: doc.id,
            planId: soldPlan.id,
            days: soldPlan.durationDays,
            groomings: soldPlan.numberOfGroomings,
            pricePaise: t.chargePaise,
            payLater: false,
            appliedAt: created,
            createdBy,
            createdAt: created,
          });
        }
      }
      rows.push({
        id: doc.id,
        petId,
        visitTypeId,
        purpose,
        pricePaise: t.chargePaise,
        discountPaise: t.discountPaise,
        customerType: t.customerType,
        isSubscriptionAvailed: t.availed,
        subscriptionId,
        numberOfDays: t.numberOfDays,
        note: t.note,
        details: jsonSafe(details) as Record<string, unknown>,
        createdBy,
        createdAt: created,
      });
      lines.push(...(await linesOf(ctx, tx, f, details)));

      // The money: what the original says now; on a changed visit only the differences are posted.
      const providerId = t.laterProviderPaymentId && !taken.has(t.laterProviderPaymentId) ? t.laterProviderPaymentId : null;
      if (providerId) {
        taken.add(providerId);
        await claimProviderId(ctx, providerId);
      }
      const was = totals(doc.previous?.money);
      const charged = t.chargePaise + t.extraPaise;
      const paid = t.paidNowPaise + t.paidLaterPaise + t.extraPaidPaise;
      ctx.source({
        charged: charged - ((was.charge ?? 0) + (was.extra ?? 0)),
        paid: paid - ((was.paid ?? 0) + (was.later ?? 0) + (was.extraPaid ?? 0)),
      });
      const money = postLines(
        ctx,
        doc,
        'visits',
        {
          ownerId,
          petId,
          visitId: doc.id,
          ...(t.sale && subscriptionId ? { subscriptionId } : {}),
          paymentType: t.paymentType,
          createdBy,
          createdAt: created,
          paidAt: created,
        },
        moneyLines(t, created, updated, providerId),
      );
      outcomes.push({ kind: 'imported', table: 'visits', id: doc.id, money });
      if (!doc.previous) {
        const owner = ownerInfo.get(ownerId);
        search.push({
          visitId: doc.id,
          createdAt: created,
          purpose,
          visitTypeId,
          petId,
          petName,
          ownerId,
          ownerName: owner?.name ?? (ownerId === PLACEHOLDER.owner ? 'Deleted owner' : ''),
          ownerPhone: owner?.phone ?? null,
          chargedPaise: charged,
          paidPaise: paid,
        });
      }
    }

    await writeVisitBatch(tx, ctx, {
      rows,
      lines,
      events,
      search,
      changed: docs.filter((d: Incoming) => d.previous).map((d) => d.id),
      update: [
        'petId',
        'visitTypeId',
        'purpose',
        'pricePaise',
        'discountPaise',
        'customerType',
        'isSubscriptionAvailed',
        'subscriptionId',
        'numberOfDays',
        'note',
        'details',
        'createdBy',
      ],
    });
    return outcomes;
  },

  async finish(tx, ctx) {
    // Statistics for the planner now, not when autovacuum comes round (if it is on at all): the tables grew from
    // nothing, and the collections after this one and the screens look visits and ledger rows up by index.
    await tx.execute(sql`analyze visits, visit_items, payments, visit_search, subscription_events, import_records`);
    const priced = await pricedSubscriptionVisits(ctx);
    if (priced.n > 0) {
      ctx.problem(
        undefined,
        `${priced.n} visit${priced.n === 1 ? '' : 's'} used a subscription and still recorded a price: charged and paid as the original recorded them (Pawdesk would charge nothing for the visit itself)`,
      );
    }
    priced.n = 0;
  },
};

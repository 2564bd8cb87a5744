import { BOARDING_PURPOSES, VISIT_TYPE_CODE } from '@pawdesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client.ts';
import { visitTypes } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { lookups } from '../lookups.repo.ts';
import { PLACEHOLDER } from '../placeholders.repo.ts';
import { importedIds, replaceRow } from '../replace.repo.ts';
import type { CollectionImporter, Incoming, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { amount, rupees } from './amounts.ts';

type VisitTypeRow = typeof visitTypes.$inferSelect;

/** A purpose as a code: lower case, words joined by '_' ('Day Care' → day_care, as Pawdesk's own codes are made). */
export const codeOf = (purpose: string) =>
  purpose
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 32) || 'visit_type';

const purposeKey = (p: string) => p.trim().replace(/\s+/g, ' ').toLowerCase();

/** The visit types in the database, with which of them an import wrote (the others are "installed"). */
async function current(tx: Tx) {
  const rows = await tx.select().from(visitTypes);
  const imported = await importedIds(tx, 'visit_types');
  return { rows, installed: rows.filter((r) => !imported.has(r.id) && r.id !== PLACEHOLDER.visitType) };
}

/** What the original's document sets, in Pawdesk's columns (prices in paise). */
function originalValues(ctx: ImportContext, doc: Incoming, f: Fields) {
  const price = (field: string, ...fallbacks: string[]) => {
    for (const name of [field, ...fallbacks]) {
      const v = f.get(name);
      if (v === undefined || v === null) continue;
      if (name !== field) ctx.problem(doc, `${name}: the old or the client's name of ${field}; read as ${field}`);
      const p = amount(ctx, doc, f, name, v);
      if (p !== null && p < 0) {
        ctx.problem(doc, `${name}: ${rupees(p)} is negative; recorded as ₹0.00`);
        return 0;
      }
      return p;
    }
    return null;
  };
  return {
    price: price('price'),
    halfday: price('halfdayprice', 'halfdayPrice'),
    pvt: price('consultationPricePvt', 'consultationPrice'),
    // Not in the original's schema: the web client looked it up under this name (reference §4), so it may exist.
    pvtEmergency: price('consultationPricePvtEmergency'),
    ngo: price('consultationPriceNgo', 'consultationPriceNGO'),
    ngoEmergency: price('consultationPriceNGOEmergency', 'consultationPriceNgoEmergency'),
    isBoardingAvailable: f.bool('isBoardingAvailable'),
    isSubscriptionAvailable: f.bool('isSubscriptionAvailable'),
  };
}

/** The original's fields Pawdesk keeps without using them (visit_types.original), as the original wrote them. */
const EXTRA_FIELDS = ['emoji', 'description', 'customFields', 'priceTiers', 'category', 'bookingEnabled', 'subscriptionPrice'];

/**
 * What the original keeps on a visit type that Pawdesk has no use for yet (emoji, description, custom fields, price
 * tiers, category, booking switch, subscription price): kept as written in `visit_types.original` (sub-document ids
 * as text), so nothing is lost; null when the document has none of them.
 */
function extrasOf(f: Fields): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const key of EXTRA_FIELDS) {
    const v = f.get(key);
    if (v !== undefined && v !== null)
      out[key] = JSON.parse(JSON.stringify(v, (_k, x) => (x?._bsontype === 'ObjectId' ? x.toHexString() : x)));
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * visittypes → visit_types. The installed visit types are replaced by the original's, matched by purpose (or the
 * code its purpose makes: 'Daycare' is not 'Day Care', 'day care' is): the matching row takes the original's id
 * (every column that refers to it follows, found in the catalog) and keeps its code, which Pawdesk's code keys on,
 * its order, capacity, GST settings and whether it boards (boarding is decided by the code). An original type with no
 * match is added with a code made from its purpose; installed types with no match stay. Prices come from the
 * original (the old field names read too, and listed); the private emergency consultation price, which the
 * original's schema lacks, stays Pawdesk's where a type matched. A rerun with a changed document updates the prices.
 */
export const visitTypesImporter: CollectionImporter = {
  collection: 'visittypes',
  async importBatch(tx, docs, ctx) {
    const cache = await lookups.visitTypes(ctx);
    const { rows, installed } = await current(tx);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const codes = new Set(rows.map((r) => r.code));
    const purposes = new Map(rows.map((r) => [purposeKey(r.purpose), r.id]));
    let nextSort = Math.max(0, ...rows.filter((r) => r.id !== PLACEHOLDER.visitType).map((r) => r.sortOrder)) + 1;
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      let purpose = f.text('purpose');
      if (!purpose) {
        purpose = 'Unnamed visit type';
        ctx.problem(doc, `purpose: missing; recorded as "${purpose}"`);
      }
      const v = originalValues(ctx, doc, f);
      const common = {
        original: extrasOf(f),
        pricePaise: v.price ?? 0,
        halfdayPricePaise: v.halfday ?? 0,
        consultationPvtPaise: v.pvt ?? 0,
        consultationNgoPaise: v.ngo ?? 0,
        consultationNgoEmergencyPaise: v.ngoEmergency ?? 0,
        hasSubscription: v.isSubscriptionAvailable,
        updatedAt: f.updated(),
      };
      const existing = byId.get(doc.id);
      let row: Pick<VisitTypeRow, 'id' | 'code' | 'purpose' | 'isBoarding'>;
      if (existing) {
        // An earlier run imported it: the original's prices and name now (code, order and the rest stay).
        let p = purpose;
        const holder = purposes.get(purposeKey(purpose));
        if (holder && holder !== doc.id) p = existing.purpose;
        await tx
          .update(visitTypes)
          .set({
            ...common,
            purpose: p,
            ...(v.pvtEmergency !== null ? { consultationPvtEmergencyPaise: v.pvtEmergency } : {}),
          })
          .where(eq(visitTypes.id, doc.id));
        row = { ...existing, purpose: p };
      } else {
        const key = purposeKey(purpose);
        const code = codeOf(purpose);
        const match = installed.find((r) => purposeKey(r.purpose) === key) ?? installed.find((r) => r.code === code);
        if (match) {
          installed.splice(installed.indexOf(match), 1);
          const values: typeof visitTypes.$inferInsert = {
            ...match,
            ...common,
            id: doc.id,
            purpose,
            consultationPvtEmergencyPaise: v.pvtEmergency ?? match.consultationPvtEmergencyPaise,
            createdAt: f.created(),
          };
          await replaceRow(tx, ctx, 'visit_types', match.id, doc.id, {
            release: () =>
              tx
                .update(visitTypes)
                .set({ code: `~${match.id}`, purpose: `~${match.id}` })
                .where(eq(visitTypes.id, match.id)),
            insertCopy: () => tx.insert(visitTypes).values(values),
          });
          if (v.pvtEmergency === null && match.consultationPvtEmergencyPaise > 0 && match.code === VISIT_TYPE_CODE.Veterinary) {
            ctx.problem(
              doc,
              `consultationPricePvtEmergency: the original has no private emergency consultation price; Pawdesk's ${rupees(match.consultationPvtEmergencyPaise)} is kept`,
            );
          }
          if (v.isBoardingAvailable !== match.isBoarding) {
            ctx.problem(
              doc,
              `isBoardingAvailable: ${v.isBoardingAvailable} in the original; Pawdesk ${match.isBoarding ? 'boards' : 'does not board'} ${purpose} visits (its code ${match.code} decides), so it stays ${match.isBoarding ? 'a boarding type' : 'a visit without boarding'}`,
            );
          }
          ctx.problem(doc, `replaces Pawdesk's installed visit type ${match.purpose} (code ${match.code}), which takes this id`);
          cache.delete(match.id);
          purposes.delete(purposeKey(match.purpose));
          purposes.set(key, doc.id);
          row = { id: doc.id, code: match.code, purpose, isBoarding: match.isBoarding };
        } else {
          let c = code;
          for (let n = 2; codes.has(c); n++) c = `${code.slice(0, 28)}_${n}`;
          let p = purpose;
          for (let n = 2; purposes.has(purposeKey(p)); n++) p = `${purpose} (${n})`;
          if (p !== purpose) ctx.problem(doc, `purpose: "${purpose}" is also another visit type's; recorded as "${p}"`);
          if (v.isBoardingAvailable) {
            ctx.problem(
              doc,
              `isBoardingAvailable: true, but Pawdesk boards only its own stay purposes (${BOARDING_PURPOSES.join(', ')}); ${p} is added as a visit without boarding`,
            );
          }
          ctx.problem(doc, `no installed visit type matches "${purpose}"; added with the code ${c}`);
          await tx.insert(visitTypes).values({
            ...common,
            id: doc.id,
            code: c,
            purpose: p,
            consultationPvtEmergencyPaise: v.pvtEmergency ?? 0,
            isBoarding: false,
            sortOrder: nextSort++,
            createdAt: f.created(),
          });
          codes.add(c);
          purposes.set(purposeKey(p), doc.id);
          row = { id: doc.id, code: c, purpose: p, isBoarding: false };
        }
      }
      byId.set(doc.id, { ...(byId.get(doc.id) as VisitTypeRow), ...row });
      cache.set(doc.id, { id: row.id, code: row.code, purpose: row.purpose, isBoarding: row.isBoarding });
      outcomes.push({ kind: 'imported', table: 'visit_types', id: doc.id });
    }
    return outcomes;
  },

  async finish(tx, ctx) {
    await offerSubscriptionsWherePlansExist(tx, ctx);
  },
};

/**
 * A visit type with subscription plans on offer sells them: Pawdesk lists and sells plans only of types that have
 * subscriptions, while the original's flag was often left off (its Grooming and Day School plans). Such a type gets
 * the flag, listed.
 */
export async function offerSubscriptionsWherePlansExist(tx: Tx, ctx: ImportContext): Promise<void> {
  const result = (await tx.execute(sql`
    update visit_types t set has_subscription = true
     where not t.has_subscription
       and exists (select 1 from subscription_plans p where p.visit_type_id = t.id and p.active)
    returning t.id, t.purpose
  `)) as unknown as { rows: { id: string; purpose: string }[] };
  for (const r of result.rows) {
    ctx.problem(
      { id: r.id },
      `isSubscriptionAvailable: off in the original, but ${r.purpose} has subscription plans; it sells subscriptions in Pawdesk`,
    );
  }
}

/**
 * prices → nothing. The original only read its Price records (purpose, originalPrice, consultationFees); the prices
 * that counted were the visit types'. Each is compared with the visit type of its purpose and listed, then skipped.
 */
export const pricesImporter: CollectionImporter = {
  collection: 'prices',
  async importBatch(tx, docs, ctx) {
    const rows = await tx.select().from(visitTypes);
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const purpose = f.text('purpose');
      const price = amount(ctx, doc, f, 'originalPrice');
      const fees = amount(ctx, doc, f, 'consultationFees');
      const type = rows.find((r) => purposeKey(r.purpose) === purposeKey(purpose));
      const said = [
        price !== null ? `Price says ${rupees(price)}` : 'Price gives no price',
        ...(fees !== null ? [`consultation ${rupees(fees)}`] : []),
      ].join(', ');
      if (!type) ctx.problem(doc, `${purpose || '(no purpose)'}: ${said}; no visit type has this purpose`);
      else {
        const same =
          (price === null || price === type.pricePaise) && (fees === null || fees === 0 || fees === type.consultationPvtPaise);
        ctx.problem(
          doc,
          `${type.purpose}: ${said}, the visit type ${rupees(type.pricePaise)}${fees ? ` (consultation ${rupees(type.consultationPvtPaise)})` : ''}${same ? ' (the same)' : '; the visit type’s price is the one used'}`,
        );
      }
      outcomes.push({
        kind: 'skipped',
        reason: 'A Price record is information only (the original only read it): compared and listed',
      });
    }
    return outcomes;
  },
};

import { VISIT_TYPE_CODE } from '@pawdesk/shared';
import { eq, sql } from 'drizzle-orm';
import { customerServices } from '../../../../db/schema/index.ts';
import { lookups } from '../lookups.repo.ts';
import { importedIds, replaceRow } from '../replace.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { amount, count, rupees } from './amounts.ts';

/** The original's service categories and the visit type (by code) a booking of each books. */
const CATEGORY_CODE: Record<string, string> = {
  grooming: VISIT_TYPE_CODE.Grooming,
  hostel: VISIT_TYPE_CODE.Hostel,
  veterinary: VISIT_TYPE_CODE.Veterinary,
  dayschool: VISIT_TYPE_CODE['Day School'],
  playschool: VISIT_TYPE_CODE['Play School'],
  daycare: VISIT_TYPE_CODE['Day Care'],
};

const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * services → customer_services (the public catalogue). The installed catalogue services are replaced by the
 * original's with the same name (any case): the installed row takes the original's id and keeps its place in the
 * list and its visit type unless the original's category names one; installed services with no match stay. The
 * category links the service to the visit type a booking of it books (grooming → Grooming, daycare → Day Care…).
 * Images are kept as URLs ([{url}]) until the photo step fetches them; `isActive` false (the original's delete) is an
 * inactive service. A second service with a name already taken (names are unique in Pawdesk) gets "(2)" and is listed.
 */
export const servicesImporter: CollectionImporter = {
  collection: 'services',
  async importBatch(tx, docs, ctx) {
    const types = await lookups.visitTypes(ctx);
    const typeByCode = new Map([...types.values()].map((t) => [t.code, t.id]));
    const all = await tx.select().from(customerServices);
    const imported = await importedIds(tx, 'customer_services');
    const installed = all.filter((s) => !imported.has(s.id));
    const names = new Map(all.map((s) => [nameKey(s.name), s.id]));
    let nextSort = Math.max(0, ...all.map((s) => s.sortOrder)) + 1;
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      let name = f.text('name');
      if (!name) {
        name = 'Unnamed service';
        ctx.problem(doc, `name: missing; recorded as "${name}"`);
      }
      let price = amount(ctx, doc, f, 'price');
      if (price === null || price < 0) {
        ctx.problem(doc, `price: ${price === null ? 'missing' : rupees(price)}; recorded as ₹0.00`);
        price = 0;
      }
      let minutes = count(ctx, doc, f, 'duration');
      if (minutes === null || minutes <= 0) {
        ctx.problem(doc, `duration: ${minutes ?? 'missing'}; recorded as 60 minutes`);
        minutes = 60;
      }
      const category = f.text('category').toLowerCase();
      const code = CATEGORY_CODE[category];
      const visitTypeId = code ? (typeByCode.get(code) ?? null) : null;
      if (!code)
        ctx.problem(doc, `category: "${f.text('category')}" names no visit type; not bookable online until one is chosen`);
      const images = (Array.isArray(f.get('images')) ? (f.get('images') as unknown[]) : [])
        .map((u) => f.text('images', u))
        .filter((u) => u !== '')
        .map((url) => ({ url }));
      const features = (Array.isArray(f.get('features')) ? (f.get('features') as unknown[]) : [])
        .map((x) => f.text('features', x))
        .filter((x) => x !== '');
      const values = {
        durationMinutes: minutes,
        pricePaise: price,
        description: f.text('description'),
        active: f.bool('isActive', true),
        images,
        features,
      };
      const key = nameKey(name);
      const mine = all.find((s) => s.id === doc.id);
      if (mine) {
        const holder = names.get(key);
        await tx
          .update(customerServices)
          .set({ ...values, ...(holder && holder !== doc.id ? {} : { name }), ...(visitTypeId ? { visitTypeId } : {}) })
          .where(eq(customerServices.id, doc.id));
        if (!holder) {
          names.delete(nameKey(mine.name));
          names.set(key, doc.id);
        }
      } else {
        const match = installed.find((s) => nameKey(s.name) === key);
        if (match) {
          installed.splice(installed.indexOf(match), 1);
          await replaceRow(tx, ctx, 'customer_services', match.id, doc.id, {
            release: () =>
              tx
                .update(customerServices)
                .set({ name: sql`'~' || ${customerServices.id}` })
                .where(eq(customerServices.id, match.id)),
            insertCopy: () =>
              tx.insert(customerServices).values({
                ...match,
                ...values,
                id: doc.id,
                name,
                visitTypeId: visitTypeId ?? match.visitTypeId,
                createdAt: f.created(),
              }),
          });
          ctx.problem(doc, `replaces Pawdesk's installed catalogue service "${match.name}", which takes this id`);
          names.set(key, doc.id);
        } else {
          let stored = name;
          for (let n = 2; names.has(nameKey(stored)); n++) stored = `${name} (${n})`;
          if (stored !== name) ctx.problem(doc, `name: "${name}" is another service's too; recorded as "${stored}"`);
          await tx.insert(customerServices).values({
            ...values,
            id: doc.id,
            name: stored,
            visitTypeId,
            sortOrder: nextSort++,
            createdAt: f.created(),
          });
          names.set(nameKey(stored), doc.id);
        }
      }
      outcomes.push({ kind: 'imported', table: 'customer_services', id: doc.id });
    }
    return outcomes;
  },
};

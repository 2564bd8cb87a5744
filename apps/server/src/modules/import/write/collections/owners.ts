import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { owners } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { lookups } from '../lookups.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';

interface Known {
  id: string;
  nameKey: string;
  name: string;
  hasPhone: boolean;
  hasAddress: boolean;
}

const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** Owners already in the database by email key and by phone (a rerun, or earlier batches). */
const index = (ctx: ImportContext) =>
  ctx.cached('ownerIndex', async (db: DbOrTx) => {
    const rows = await db
      .select({ id: owners.id, name: owners.name, email: owners.email, phone: owners.phone, address: owners.address })
      .from(owners);
    const byEmail = new Map<string, Known[]>();
    const byPhone = new Map<string, Known>();
    for (const r of rows) {
      const k: Known = { id: r.id, name: r.name, nameKey: nameKey(r.name), hasPhone: !!r.phone, hasAddress: !!r.address };
      const e = r.email?.trim().toLowerCase();
      if (e) byEmail.set(e, [...(byEmail.get(e) ?? []), k]);
      if (r.phone) byPhone.set(r.phone, k);
    }
    return { byEmail, byPhone };
  });

/**
 * owners → owners. The original neither lower-cases nor deduplicates owners' emails, so one person may be several
 * owners: owners with the same email (any case) or the same phone are merged into the first where the names agree,
 * and listed where they do not (a later owner whose phone another owner holds keeps no phone). A missing phone stays
 * missing (optional, unique when present); a missing address is stored empty. Afterwards each customer account is
 * linked to its owner by email; where several unmerged owners share the email, the most recently updated one gets
 * the account and the others are listed.
 */
export const ownersImporter: CollectionImporter = {
  collection: 'owners',
  async importBatch(tx, docs, ctx) {
    const { byEmail, byPhone } = await index(ctx);
    const ownerIds = await lookups.owners(ctx);
    const rows: (typeof owners.$inferInsert)[] = [];
    const fill: { id: string; phone: string | null; address: string }[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      let name = f.text('name');
      if (!name) {
        name = 'Unnamed owner';
        ctx.problem(doc, 'name: missing; recorded as "Unnamed owner"');
      }
      const email = f.optText('email');
      const key = f.email('email');
      let phone = f.phone('phone');
      const address = f.text('address');
      const me = nameKey(name);
      // A changed owner that was merged before stays merged; one imported before is updated in place.
      if (doc.previous?.outcome === 'merged') {
        outcomes.push({ kind: 'merged', table: 'owners', id: doc.previous.targetId });
        continue;
      }
      const sameEmail = key ? (byEmail.get(key) ?? []).filter((k) => k.id !== doc.id) : [];
      const samePhone = phone ? byPhone.get(phone) : undefined;
      const match = [...sameEmail, ...(samePhone && samePhone.id !== doc.id ? [samePhone] : [])].find((k) => k.nameKey === me);
      if (match && !doc.previous) {
        ctx.problem(
          doc,
          `the same person as owner ${match.id} (${match.name}, same ${sameEmail.includes(match) ? 'email' : 'phone'}): merged into it`,
        );
        if ((!match.hasPhone && phone && !byPhone.has(phone)) || (!match.hasAddress && address)) {
          fill.push({
            id: match.id,
            phone: !match.hasPhone && phone && !byPhone.has(phone) ? phone : null,
            address: match.hasAddress ? '' : address,
          });
          if (!match.hasPhone && phone && !byPhone.has(phone)) {
            match.hasPhone = true;
            byPhone.set(phone, match);
          }
          if (address) match.hasAddress = true;
        }
        outcomes.push({ kind: 'merged', table: 'owners', id: match.id });
        continue;
      }
      for (const other of sameEmail) {
        if (other.nameKey !== me) {
          ctx.problem(doc, `shares the email ${email} with owner ${other.id} (${other.name}) under another name: kept apart`);
        }
      }
      if (phone && samePhone && samePhone.id !== doc.id) {
        ctx.problem(doc, `phone ${phone} belongs to owner ${samePhone.id} (${samePhone.name}): this owner keeps no phone`);
        phone = null;
      }
      const known: Known = { id: doc.id, name, nameKey: me, hasPhone: !!phone, hasAddress: !!address };
      if (key) byEmail.set(key, [...(byEmail.get(key) ?? []).filter((k) => k.id !== doc.id), known]);
      if (phone) byPhone.set(phone, known);
      rows.push({ id: doc.id, name, email, phone, address, createdAt: f.created(), updatedAt: f.updated() });
      if (!ownerIds.has(doc.id)) ownerIds.set(doc.id, null);
      outcomes.push({ kind: 'imported', table: 'owners', id: doc.id });
    }
    if (rows.length > 0) {
      await tx
        .insert(owners)
        .values(rows)
        .onConflictDoUpdate({
          target: owners.id,
          set: {
            name: sql`excluded.name`,
            email: sql`excluded.email`,
            phone: sql`excluded.phone`,
            address: sql`excluded.address`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    for (const f of fill) {
      await tx.execute(sql`update owners set phone = coalesce(phone, ${f.phone}),
        address = case when address = '' then ${f.address} else address end where id = ${f.id}`);
    }
    return outcomes;
  },

  async finish(tx, ctx) {
    // Each customer account without an owner gets the most recently updated unlinked owner with its email.
    const result = (await tx.execute(sql`
      select u.id as user_id, u.email, o.id as owner_id, o.name,
             row_number() over (partition by u.id order by o.updated_at desc, o.id desc)::int as rank
        from users u
        join owners o on lower(btrim(o.email)) = u.email and o.user_id is null
       where u.role = 'customer' and not exists (select 1 from owners l where l.user_id = u.id)
       order by u.id, rank
    `)) as unknown as { rows: { user_id: string; email: string; owner_id: string; name: string; rank: number }[] };
    const ownerIds = await lookups.owners(ctx);
    const links = result.rows.filter((r) => r.rank === 1);
    for (const r of result.rows.filter((x) => x.rank > 1)) {
      const winner = links.find((l) => l.user_id === r.user_id)!;
      ctx.problem(
        { id: r.owner_id },
        `shares the email ${r.email} with owner ${winner.owner_id} (${winner.name}), which was updated more recently and got the customer account`,
      );
    }
    for (const l of links) {
      await tx.execute(sql`update owners set user_id = ${l.user_id} where id = ${l.owner_id}`);
      ownerIds.set(l.owner_id, l.user_id);
    }
  },
};

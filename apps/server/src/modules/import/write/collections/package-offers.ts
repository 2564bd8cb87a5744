import type { Tx } from '../../../../db/client.ts';
import { boardingPackages } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderVisitType } from '../placeholders.repo.ts';
import type { Incoming } from '../types.ts';

export interface Offer {
  id: string;
  name: string;
  visitTypeId: string;
  days: number;
  pricePaise: number;
}

const offers = (ctx: ImportContext) =>
  ctx.cached('packageOffers', async (db) => {
    const rows = await db
      .select({
        id: boardingPackages.id,
        name: boardingPackages.name,
        visitTypeId: boardingPackages.visitTypeId,
        days: boardingPackages.days,
        pricePaise: boardingPackages.pricePaise,
      })
      .from(boardingPackages);
    return rows as Offer[];
  });

/**
 * The package offer an imported boarding package was sold on: the installed '15 Days Boarding Plan' (or any offer
 * of that name), else one of the same days and price; else a retired offer is made for it (Hostel), and listed.
 */
export async function offerFor(
  tx: Tx,
  ctx: ImportContext,
  doc: Incoming,
  want: { name: string; days: number; pricePaise: number },
): Promise<Offer> {
  const list = await offers(ctx);
  const key = want.name.trim().toLowerCase();
  const found =
    list.find((o) => o.name.trim().toLowerCase() === key) ??
    list.find((o) => o.days === want.days && o.pricePaise === want.pricePaise);
  if (found) return found;
  const types = await lookups.visitTypes(ctx);
  const hostel = [...types.values()].find((t) => t.code === 'hostel') ?? [...types.values()].find((t) => t.isBoarding);
  const offer: Offer = {
    id: derivedId('package-offer', key, want.days, want.pricePaise),
    name: want.name,
    visitTypeId: hostel?.id ?? (await placeholderVisitType(tx, ctx)),
    days: want.days,
    pricePaise: want.pricePaise,
  };
  const at = new Date(Number.parseInt(doc.id.slice(0, 8), 16) * 1000);
  await tx
    .insert(boardingPackages)
    .values({ ...offer, active: false, createdAt: at, updatedAt: at })
    .onConflictDoNothing();
  list.push(offer);
  ctx.problem(
    doc,
    `no package offer "${want.name}" (${want.days} days, ₹${(want.pricePaise / 100).toFixed(2)} a pet) exists in Pawdesk: a retired offer was made for the imported packages (Prices screen)`,
  );
  return offer;
}

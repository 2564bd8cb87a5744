import { customerClass } from '@pawdesk/shared/import/normalise';
import { PRESCRIPTION_SECTIONS, unitPricePaise } from '@pawdesk/shared';
import { and, inArray, notInArray, sql } from 'drizzle-orm';
import { followUps, prescriptionLines, prescriptions, stockMovements } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderItem, placeholderPet, PLACEHOLDER } from '../placeholders.repo.ts';
import { rebalanceImportedStock } from '../stock.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';
import { amount, count, rupees, sourceMoney } from './amounts.ts';

export const NO_PAYMENT_NOTE =
  'The original system recorded no payment for prescriptions: the price was taken at the desk when it was written';

/**
 * prescriptions → prescriptions, prescription_lines, follow_ups, stock movements and the ledger.
 *
 * - Lines: the four arrays (items, tablets, mg, ml) in their order, ids derived from the prescription and position. A line whose
 *   item was deleted is kept on 'Deleted item' and listed; a quantity sent as text is read and listed.
 * - Money: the original's `price` is what was charged (it was computed from the item prices of that day); the lines
 *   show the item prices of today, and a total that differs from them is listed (a deleted item's line takes what
 *   is left of the price when that divides by its quantity). The original recorded no payment for a prescription
 *   (reference §3 rule 15: it priced the lines and took stock, nothing more), and Pawdesk's own prescription with no
 *   payment method records a completed 'not recorded' payment with its charge: so each becomes a charge and a
 *   'not recorded' payment of its price, and the original's money is counted as charged and paid.
 * - Stock: the original took stock when it saved a prescription, and the imported stock is the item's stock after
 *   it; so nothing is taken again, but a 'prescribed' movement per item (as Pawdesk writes) keeps the history, and
 *   the item's opening balance is recomputed at the end so that the stock is still the sum of its movements.
 * - The follow-up (nextFollowUp, followUpTime, followUpPurpose) is a follow-up of source 'prescription'.
 * - createdBy is kept when the user exists.
 */
export const prescriptionsImporter: CollectionImporter = {
  collection: 'prescriptions',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const items = await lookups.inventory(ctx);
    const users = await lookups.users(ctx);
    const rxRows: (typeof prescriptions.$inferInsert)[] = [];
    const lines: (typeof prescriptionLines.$inferInsert)[] = [];
    const moves: (typeof stockMovements.$inferInsert)[] = [];
    const follow: (typeof followUps.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const created = f.created();
      const petRef = f.ref('petId');
      let petId = petRef;
      if (!petId || !petOwner.has(petId)) {
        ctx.problem(doc, `petId: pet ${petRef ?? 'missing'} does not exist (deleted); the prescription is kept on 'Deleted pet'`);
        petId = await placeholderPet(tx, ctx);
      }
      const ownerId = petOwner.get(petId)?.ownerId ?? PLACEHOLDER.owner;
      const cls = customerClass(f.get('customerType'));
      let customerType: 'pvtltd' | 'NGO' = 'pvtltd';
      if (!cls.ok) ctx.problem(doc, `customerType: ${cls.reason}; priced as pvtltd`);
      else {
        customerType = cls.value.customerType;
        if (cls.value.emergency)
          ctx.problem(doc, `customerType: "${String(f.get('customerType'))}"; a prescription is ${customerType}`);
      }
      const createdRef = f.ref('createdBy');
      const createdBy = createdRef && users.has(createdRef) ? createdRef : null;
      if (createdRef && !createdBy) ctx.problem(doc, `createdBy: user ${createdRef} does not exist (deleted); left out`);

      // The lines, section by section in the original's order.
      type Line = typeof prescriptionLines.$inferInsert & { known: boolean };
      const mine: Line[] = [];
      for (const section of PRESCRIPTION_SECTIONS) {
        const raw = f.get(section);
        if (raw === undefined || raw === null) continue;
        if (!Array.isArray(raw)) {
          ctx.problem(doc, `${section}: not a list; left out`);
          continue;
        }
        raw.forEach((line: Record<string, unknown> | null, i: number) => {
          const itemRef = f.ref(`${section}[${i}].id`, line?.id);
          let itemId = itemRef;
          const known = !!itemId && items.has(itemId);
          if (!known) itemId = PLACEHOLDER.item;
          let quantity = count(ctx, doc, f, `${section}[${i}].quantity`, line?.quantity);
          if (quantity === null || quantity < 1) {
            ctx.problem(doc, `${section}[${i}].quantity: ${quantity ?? 'missing'}; recorded as 1`);
            quantity = 1;
          }
          const item = known ? items.get(itemId!) : undefined;
          const unit = item ? unitPricePaise({ ngo: item.ngoPaise, customer: item.customerPaise }, customerType) : 0;
          if (!known) {
            ctx.problem(
              doc,
              `${section}[${i}]: item ${itemRef ?? 'missing'} does not exist (deleted); the line is kept on 'Deleted item'`,
            );
          }
          mine.push({
            // Derived, not the line's own ObjectId: those are not unique across documents in every export (copied
            // documents, the fixture's), and an id taken twice would overwrite another prescription's line.
            id: derivedId('prescriptions', doc.id, section, i),
            prescriptionId: doc.id,
            section,
            itemId: itemId!,
            quantity,
            unitPricePaise: unit,
            lineTotalPaise: unit * quantity,
            position: i,
            known,
          });
        });
      }
      if (mine.length === 0) ctx.problem(doc, 'no lines (items, tablets, mg and ml are all empty)');
      if (mine.some((l) => !l.known)) await placeholderItem(tx, ctx);

      let price = amount(ctx, doc, f, 'price');
      const linesTotal = mine.reduce((s, l) => s + l.lineTotalPaise!, 0);
      if (price === null || price < 0) {
        ctx.problem(
          doc,
          `price: ${price === null ? 'missing' : rupees(price)}; the lines' total ${rupees(linesTotal)} is charged`,
        );
        price = linesTotal;
      }
      // A deleted item's line takes what the price leaves, when that is a whole price per unit.
      const unknown = mine.filter((l) => !l.known);
      const rest = price - linesTotal;
      if (unknown.length === 1 && rest > 0 && rest % unknown[0]!.quantity === 0) {
        unknown[0]!.unitPricePaise = rest / unknown[0]!.quantity;
        unknown[0]!.lineTotalPaise = rest;
        ctx.problem(doc, `the deleted item's line is priced at what the price leaves: ${rupees(rest)}`);
      } else if (price !== linesTotal) {
        ctx.problem(
          doc,
          `price: the original charged ${rupees(price)}; the lines at today's item prices come to ${rupees(linesTotal)} (prices changed since, or an item was deleted); ${rupees(price)} is kept`,
        );
      }
      for (const { known: _k, ...l } of mine) lines.push(l);

      // What the original took from stock, one movement per item (the stock itself already reflects it).
      const need = new Map<string, number>();
      for (const l of mine) need.set(l.itemId, (need.get(l.itemId) ?? 0) + l.quantity);
      for (const [itemId, qty] of need) {
        moves.push({
          id: derivedId('prescriptions', doc.id, 'stock', itemId),
          itemId,
          delta: -qty,
          stockAfter: 0, // the running balance is written at the end of the collection
          reason: 'prescribed',
          refId: doc.id,
          userId: createdBy,
          note: 'Prescription written in the original system',
          createdAt: created,
        });
      }

      const nextFollowUp = f.day('nextFollowUp');
      const followUpTime = f.time('followUpTime');
      let followUpPurpose = f.optText('followUpPurpose');
      if (nextFollowUp && !followUpPurpose) {
        followUpPurpose = 'Follow-up';
        ctx.problem(doc, 'followUpPurpose: missing beside a follow-up date; recorded as "Follow-up"');
      }
      if (!nextFollowUp && (followUpTime || f.optText('followUpPurpose'))) {
        ctx.problem(doc, 'followUpTime/followUpPurpose: given without a follow-up date; no follow-up scheduled');
      }
      if (nextFollowUp && petId === PLACEHOLDER.pet) {
        ctx.problem(doc, `nextFollowUp: ${nextFollowUp} for a deleted pet; no follow-up scheduled`);
      } else if (nextFollowUp) {
        follow.push({
          id: derivedId('prescriptions', doc.id, 'follow-up'),
          petId,
          date: nextFollowUp,
          time: followUpTime,
          purpose: followUpPurpose!,
          source: 'prescription',
          sourceId: doc.id,
          createdAt: created,
          updatedAt: f.updated(),
        });
      }
      rxRows.push({
        id: doc.id,
        petId,
        customerType,
        nextFollowUp,
        followUpTime: nextFollowUp ? followUpTime : null,
        followUpPurpose: nextFollowUp ? followUpPurpose : null,
        diagnosis: f.optText('diagnosis'),
        totalPaise: price,
        createdBy,
        createdAt: created,
      });

      sourceMoney(ctx, doc, { charge: price, paid: price });
      const money = ctx.ledger.settle(
        doc,
        'prescriptions',
        { charge: price, paid: price },
        { status: 'completed', ownerId, petId, prescriptionId: doc.id, createdBy, createdAt: created, paidAt: created },
        { method: 'not_recorded', note: NO_PAYMENT_NOTE, paidAt: created },
      );
      outcomes.push({ kind: 'imported', table: 'prescriptions', id: doc.id, money });
    }

    await upsertMany(tx, prescriptions, rxRows, prescriptions.id, ['id']);
    const changed = docs.filter((d) => d.previous).map((d) => d.id);
    if (changed.length > 0) {
      // A changed prescription: lines, movements and the follow-up it no longer has go (a follow-up already marked
      // at attendance stays).
      const keepLines = lines.filter((l) => changed.includes(l.prescriptionId)).map((l) => l.id!);
      await tx
        .delete(prescriptionLines)
        .where(
          and(
            inArray(prescriptionLines.prescriptionId, changed),
            keepLines.length ? notInArray(prescriptionLines.id, keepLines) : sql`true`,
          ),
        );
      const keepMoves = moves.filter((m) => changed.includes(m.refId!)).map((m) => m.id!);
      await tx
        .delete(stockMovements)
        .where(
          and(
            inArray(stockMovements.refId, changed),
            sql`${stockMovements.reason} = 'prescribed'`,
            keepMoves.length ? notInArray(stockMovements.id, keepMoves) : sql`true`,
          ),
        );
      const keepFollow = follow.map((x) => x.id!);
      await tx
        .delete(followUps)
        .where(
          and(
            inArray(followUps.sourceId, changed),
            sql`${followUps.source} = 'prescription' and ${followUps.present} is null`,
            keepFollow.length ? notInArray(followUps.id, keepFollow) : sql`true`,
          ),
        );
    }
    await upsertMany(tx, prescriptionLines, lines, prescriptionLines.id, ['id']);
    await upsertMany(tx, stockMovements, moves, stockMovements.id, ['id', 'stockAfter']);
    // A follow-up staff already marked present or absent keeps its mark.
    await upsertMany(tx, followUps, follow, followUps.id, ['id', 'present', 'markedBy']);
    return outcomes;
  },

  async finish(tx, ctx) {
    await rebalanceImportedStock(tx, ctx);
  },
};

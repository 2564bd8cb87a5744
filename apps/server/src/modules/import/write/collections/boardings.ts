import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client.ts';
import { boardings } from '../../../../db/schema/index.ts';
import type { ImportContext } from '../context.ts';
import { lookups } from '../lookups.repo.ts';
import { existingIds, placeholderPet, placeholderVisitType } from '../placeholders.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { insertUnnest } from '../unnest.ts';
import { Fields } from '../values.ts';

interface Active {
  id: string;
  entryTime: Date;
}

/** The stays still open, by pet (loaded once: a rerun, earlier batches), kept current as stays are imported. */
const activeStays = (ctx: ImportContext) =>
  ctx.cached('boardings.active', async (db: DbOrTx) => {
    const rows = await db
      .select({ id: boardings.id, petId: boardings.petId, entryTime: boardings.entryTime })
      .from(boardings)
      .where(sql`${boardings.isBoarded}`);
    return new Map<string, Active>(rows.map((r) => [r.petId, { id: r.id, entryTime: r.entryTime }]));
  });

/**
 * boardings → boardings: a pet's stay (Hostel, Day Care, Day School, Play School, Dog Park), still in (`isBoarded`)
 * or gone (`exitTime`). Imported after visits and subscriptions, which they name. No money: the stay's money is its
 * visit's (the ledger rows of the visit, which a check-out in Pawdesk reads with the stay's own).
 *
 * - A stay whose visit was deleted is kept with no visit (`visit_id` null) and listed: a placeholder visit would
 *   invent a sale. A stay whose pet or visit type was deleted is kept on the placeholders and listed.
 * - One stay per pet may be open (Pawdesk's unique index). A pet open twice in the original: the earlier stay is
 *   closed at the later one's entry time and listed (the pet left before it came again).
 * - A closed stay with no exit time takes its last update (the original's deboarding updated it), listed; the days
 *   booked are at least 1.
 * - The subscription it was charged against (`isSubscriptionAvailed`, `planId`) is the pet's on that plan.
 */
export const boardingsImporter: CollectionImporter = {
  collection: 'boardings',
  async importBatch(tx, docs, ctx) {
    const petOwner = await lookups.petOwner(ctx);
    const types = await lookups.visitTypes(ctx);
    const subs = await lookups.subscriptions(ctx);
    const active = await activeStays(ctx);
    const fields = docs.map((d) => new Fields(ctx, d));
    const visitRefs = fields.map((f) => f.ref('visitId'));
    const knownVisits = await existingIds(
      tx,
      'visits',
      visitRefs.filter((v): v is string => !!v),
    );
    const rows: (typeof boardings.$inferInsert)[] = [];
    const closeEarlier: { id: string; exit: Date }[] = [];
    const outcomes: Outcome[] = [];
    for (const [n, doc] of docs.entries()) {
      const f = fields[n]!;
      const petRef = f.ref('petId');
      let petId = petRef && petOwner.has(petRef) ? petRef : null;
      if (!petId) {
        ctx.problem(doc, `petId: pet ${petRef ?? '(missing)'} does not exist (deleted); the stay is kept on 'Deleted pet'`);
        petId = await placeholderPet(tx, ctx);
      }
      const typeRef = f.ref('boardingType');
      let visitTypeId = typeRef && types.has(typeRef) ? typeRef : null;
      if (!visitTypeId) {
        ctx.problem(doc, `boardingType: ${typeRef ?? '(missing)'} does not exist (deleted); kept under 'Deleted visit type'`);
        visitTypeId = await placeholderVisitType(tx, ctx);
      }
      const visitRef = visitRefs[n] ?? null;
      const visitId = visitRef && knownVisits.has(visitRef) ? visitRef : null;
      if (!visitId) {
        ctx.problem(
          doc,
          `visitId: visit ${visitRef ?? '(missing)'} does not exist (deleted); the stay is kept without its visit (and its money)`,
        );
      }
      const created = f.created();
      const entryTime = f.instant('entryTime') ?? created;
      if (!f.get('entryTime')) ctx.problem(doc, 'entryTime: missing; taken as when the stay was recorded');
      let isBoarded = f.bool('isBoarded', true);
      let exitTime = f.instant('exitTime');
      if (!isBoarded && !exitTime) {
        exitTime = f.updated();
        ctx.problem(doc, `exitTime: missing on a stay that ended; taken as its last update (${exitTime.toISOString()})`);
      }
      if (isBoarded && exitTime) exitTime = null;
      let numberOfDays = f.count('numberOfDays') ?? 1;
      if (numberOfDays < 1) {
        ctx.problem(doc, `numberOfDays: ${numberOfDays}; taken as 1`);
        numberOfDays = 1;
      }
      if (isBoarded) {
        const open = active.get(petId);
        if (open && open.id !== doc.id) {
          const [earlier, later] =
            open.entryTime <= entryTime ? [open, { id: doc.id, entryTime }] : [{ id: doc.id, entryTime }, open];
          ctx.problem(
            doc,
            `the pet is boarded twice (stays ${open.id} and ${doc.id}); Pawdesk keeps one stay open per pet: the earlier one, ${earlier.id}, is closed at the later one's entry`,
          );
          if (earlier.id === doc.id) {
            isBoarded = false;
            exitTime = later.entryTime;
          } else {
            closeEarlier.push({ id: earlier.id, exit: later.entryTime });
            active.set(petId, { id: doc.id, entryTime });
          }
        } else active.set(petId, { id: doc.id, entryTime });
      } else if (active.get(petId)?.id === doc.id) active.delete(petId);

      const availed = f.bool('isSubscriptionAvailed');
      const planRef = availed ? f.ref('planId') : null;
      const subscriptionId = availed && planRef ? (subs.byPlan.get(`${petId}|${planRef}`) ?? null) : null;
      rows.push({
        id: doc.id,
        petId,
        visitTypeId,
        visitId,
        subscriptionId,
        numberOfDays,
        halfDay: false,
        entryTime,
        exitTime,
        isBoarded,
        createdAt: created,
        updatedAt: f.updated(),
      });
      outcomes.push({ kind: 'imported', table: 'boardings', id: doc.id });
    }
    // Earlier batches' stays closed first, so the unique index never sees two open stays of a pet.
    for (const c of closeEarlier.filter((c) => !rows.some((r) => r.id === c.id))) {
      // Times from the documents, never the clock: a rerun after a crash must write what a clean run writes.
      await tx.execute(sql`update boardings set is_boarded = false, exit_time = ${c.exit.toISOString()}::timestamptz,
        updated_at = ${c.exit.toISOString()}::timestamptz where id = ${c.id} and is_boarded`);
    }
    for (const c of closeEarlier) {
      const row = rows.find((r) => r.id === c.id);
      if (row) {
        row.isBoarded = false;
        row.exitTime = c.exit;
        row.updatedAt = c.exit;
      }
    }
    await insertUnnest(tx, boardings, rows, {
      onConflict: {
        target: ['id'],
        update: [
          'petId',
          'visitTypeId',
          'visitId',
          'subscriptionId',
          'numberOfDays',
          'entryTime',
          'exitTime',
          'isBoarded',
          'updatedAt',
        ],
      },
    });
    return outcomes;
  },
};

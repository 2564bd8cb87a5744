import { species as normalSpecies } from '@pawdesk/shared/import/normalise';
import { sql } from 'drizzle-orm';
import { pets, serviceFlags, vaccinations } from '../../../../db/schema/index.ts';
import { upsertMany } from '../bulk.ts';
import { derivedId } from '../ids.ts';
import { lookups } from '../lookups.repo.ts';
import { placeholderOwner } from '../placeholders.repo.ts';
import type { CollectionImporter, Outcome } from '../types.ts';
import { Fields } from '../values.ts';

/** The do-not-serve flag made from a pet's `isBlacklisted` (the unblock requests refer to it). */
export const petFlagId = (petId: string) => derivedId('pets', petId, 'flag');

/**
 * pets → pets, with their vaccinations and do-not-serve flag. The owner is Pet.owner (Owner.pets may disagree and
 * is not used), followed through merged owners; a pet whose owner was deleted is kept on 'Deleted owner' and listed.
 * Medicine names the original wrote into vaccinations (a prescribed item that is not a vaccine, with no date) are
 * left out and listed. The photo's URL is kept until the photo step fetches it.
 */
export const petsImporter: CollectionImporter = {
  collection: 'pets',
  async importBatch(tx, docs, ctx) {
    const ownerIds = await lookups.owners(ctx);
    const petOwner = await lookups.petOwner(ctx);
    const users = await lookups.users(ctx);
    const items = await lookups.inventory(ctx);
    const medicines = new Set(
      [...items.values()].filter((i) => i.itemType !== 'vaccine').map((i) => i.itemName.trim().toLowerCase()),
    );
    const rows: (typeof pets.$inferInsert)[] = [];
    const vax: (typeof vaccinations.$inferInsert)[] = [];
    const flags: (typeof serviceFlags.$inferInsert)[] = [];
    const outcomes: Outcome[] = [];
    for (const doc of docs) {
      const f = new Fields(ctx, doc);
      const originalOwner = f.ref('owner');
      let ownerId = originalOwner ? ctx.resolve('owners', originalOwner) : null;
      if (!ownerId || !ownerIds.has(ownerId)) {
        ctx.problem(doc, `owner: ${originalOwner ?? 'missing'} does not exist (deleted); the pet is kept under 'Deleted owner'`);
        ownerId = await placeholderOwner(tx, ctx);
      }
      let name = f.text('name');
      if (!name) {
        name = 'Unnamed pet';
        ctx.problem(doc, 'name: missing; recorded as "Unnamed pet"');
      }
      const sp = normalSpecies(f.get('species'));
      if (sp.unknown) ctx.problem(doc, `species: "${sp.unknown}" is not one Pawdesk knows; recorded as other`);
      const sexText = f.text('sex').toLowerCase();
      const sex = sexText === 'female' || sexText === 'f' ? 'Female' : 'Male';
      if (sexText !== 'male' && sexText !== 'female' && sexText !== 'm' && sexText !== 'f') {
        ctx.problem(doc, `sex: ${sexText ? `"${sexText}"` : 'missing'}; recorded as Male, correct it on the pet's page`);
      }
      const created = f.created();
      const image = f.text('image');
      const createdBy = f.ref('createdBy');
      rows.push({
        id: doc.id,
        ownerId,
        name,
        species: sp.value,
        breed: f.text('breed'),
        sex,
        color: f.text('color'),
        dob: f.day('dob'),
        neutered: f.bool('neutered'),
        registrationDate: f.day('registrationDate') ?? created.toISOString().slice(0, 10),
        photoUrl: /^https?:\/\//.test(image) ? image : null,
        createdBy: createdBy && users.has(createdBy) ? createdBy : null,
        createdAt: created,
        updatedAt: f.updated(),
      });
      petOwner.set(doc.id, { ownerId, name });
      const list = Array.isArray(f.get('vaccinations')) ? (f.get('vaccinations') as Record<string, unknown>[]) : [];
      list.forEach((v, i) => {
        const vName = f.text('vaccinations.name', v?.name);
        const given = f.day('vaccinations.date', v?.date);
        const next = f.day('vaccinations.nextDueDate', v?.nextDueDate);
        const serial = f.optText('vaccinations.serialNumber', v?.serialNumber);
        if (!vName) {
          ctx.problem(doc, `vaccinations[${i}]: no name; left out`);
          return;
        }
        if (medicines.has(vName.toLowerCase()) && !given && !next && !serial) {
          ctx.problem(
            doc,
            `vaccinations: "${vName}" is a medicine the original copied from a prescription, not a vaccination; left out`,
          );
          return;
        }
        const subId = f.ref('vaccinations._id', v?._id);
        vax.push({
          id: subId ?? derivedId('pets', doc.id, 'vaccination', i),
          petId: doc.id,
          name: vName,
          numberOfDose: f.count('vaccinations.numberOfDose', v?.numberOfDose),
          givenOn: given,
          nextDue: next,
          serialNo: serial,
          createdAt: created,
        });
      });
      if (f.bool('isBlacklisted')) {
        const at = f.instant('blacklistedAt') ?? f.updated();
        flags.push({
          id: petFlagId(doc.id),
          subject: 'pet',
          petId: doc.id,
          reason: f.text('blacklistReason') || 'Blacklisted in the original system (no reason given)',
          status: 'active',
          decidedByName: f.optText('blacklistedBy'),
          decidedAt: at,
          createdAt: at,
        });
      }
      outcomes.push({ kind: 'imported', table: 'pets', id: doc.id });
    }
    await upsertMany(tx, pets, rows, pets.id, ['id', 'createdAt']);
    await upsertMany(tx, vaccinations, vax, vaccinations.id, ['id']);
    if (flags.length > 0) await tx.insert(serviceFlags).values(flags).onConflictDoNothing();
    // A rerun where the original lifted the blacklist: lift the imported flag (a flag set in Pawdesk is left alone).
    const lifted = docs.filter((d) => d.previous && !flags.some((fl) => fl.petId === d.id)).map((d) => petFlagId(d.id));
    if (lifted.length > 0) {
      await tx.execute(sql`update service_flags set status = 'lifted', lifted_at = now(), lifted_by_name = 'original system'
        where id in (${sql.join(
          lifted.map((id) => sql`${id}`),
          sql`, `,
        )}) and status = 'active'`);
    }
    return outcomes;
  },
};

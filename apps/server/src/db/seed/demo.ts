import { addDays, DEFAULT_REORDER_LEVEL, DOG_BREEDS, todayIn, toPaise } from '@pawdesk/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import {
  appointments,
  followUps,
  inventoryItems,
  owners,
  pets,
  stockMovements,
  users,
  vaccinations,
  visitTypes,
  visits,
} from '../schema/index.ts';
import { indexVisit } from '../../modules/history/history.service.ts';
import { postCharge, recordPayment } from '../../modules/payments/payments.service.ts';
import { seedDemoBoardings } from './demo-boardings.ts';
import { OWNER_NAMES, PET_NAMES } from './names.ts';

/** The demo staff account is an admin, so the staff accounts screen can be tried. */
export const DEMO_STAFF = { email: 'staff@pawdesk.test', password: 'staff123', fullName: 'Asha Verma (Reception)' };
export const DEMO_CUSTOMER = { email: 'customer@pawdesk.test', password: 'customer123', fullName: 'Rohan Mehta' };
/** Accounts whose passwords are published (README, start banner): never allowed in production. */
export const DEMO_ACCOUNTS = [DEMO_STAFF, DEMO_CUSTOMER];

/** The demo accounts that still exist with their published password. */
export async function accountsWithDemoPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const found: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.email === a.email);
    if (row && (await verifyPassword(a.password, row.passwordHash))) found.push(a.email);
  }
  return found;
}

const OTHER_SPECIES: [string, string][] = [
  ['cat', 'Persian'],
  ['cat', 'Siamese'],
  ['bird', 'Parrot'],
  ['rabbit', 'Holland Lop'],
  ['hamster', 'Syrian Hamster'],
];
const COLORS = ['Brown', 'Black', 'White', 'Golden', 'Black and Tan', 'Cream', 'Grey', 'Fawn'];

/** True when the database has no accounts yet (a fresh install). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Sample accounts, owners, pets, inventory, visits and follow-ups so every
 * screen shows something. Idempotent: does nothing when the demo staff exists.
 */
export async function seedDemo(db: Db, tz: string): Promise<boolean> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STAFF.email));
  if (exists) return false;
  const today = todayIn(tz);
  const types = new Map((await db.select().from(visitTypes)).map((t) => [t.purpose, t]));

  await db.transaction(async (tx) => {
    const [staff] = await tx
      .insert(users)
      .values({
        role: 'staff',
        isAdmin: true,
        fullName: DEMO_STAFF.fullName,
        email: DEMO_STAFF.email,
        passwordHash: await hashPassword(DEMO_STAFF.password),
      })
      .returning();
    const [customer] = await tx
      .insert(users)
      .values({
        role: 'customer',
        fullName: DEMO_CUSTOMER.fullName,
        email: DEMO_CUSTOMER.email,
        phone: '9810012345',
        address: 'DLF Phase 2, Gurugram',
        passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      })
      .returning();

    let petIndex = 0;
    const allPets: { id: string; name: string; ownerId: string; breed: string; species: string }[] = [];
    for (const [i, name] of OWNER_NAMES.entries()) {
      const isCustomer = i === 0;
      const [owner] = await tx
        .insert(owners)
        .values({
          name,
          phone: isCustomer ? '9810012345' : `98${String(10000000 + i * 137911).slice(0, 8)}`,
          email: isCustomer ? DEMO_CUSTOMER.email : `${name.split(' ')[0]!.toLowerCase()}@example.in`,
          address: `House ${10 + i}, Sector ${40 + i}, Gurugram, Haryana`,
          userId: isCustomer ? customer!.id : null,
        })
        .returning();
      const count = i % 3 === 0 ? 2 : 1;
      for (let k = 0; k < count; k++, petIndex++) {
        const other = petIndex % 6 === 5 ? OTHER_SPECIES[petIndex % OTHER_SPECIES.length]! : null;
        const species = other ? other[0] : 'dog';
        const breed = other ? other[1] : DOG_BREEDS[(petIndex * 7) % DOG_BREEDS.length]!;
        // A few birthdays fall this week; the rest are spread over the year.
        const birthdayThisWeek = petIndex % 7 === 0;
        const years = 1 + (petIndex % 9);
        const dob = birthdayThisWeek
          ? `${Number(addDays(today, petIndex % 5).slice(0, 4)) - years}${addDays(today, petIndex % 5).slice(4)}`
          : addDays(today, -(years * 365 + ((petIndex * 53) % 300)));
        const [pet] = await tx
          .insert(pets)
          .values({
            ownerId: owner!.id,
            name: PET_NAMES[petIndex % PET_NAMES.length]!,
            species,
            breed,
            sex: petIndex % 2 ? 'Female' : 'Male',
            color: COLORS[petIndex % COLORS.length]!,
            dob: dob.endsWith('02-29') ? dob.replace('02-29', '02-28') : dob,
            neutered: petIndex % 3 === 0,
            registrationDate: addDays(today, -((petIndex * 3) % 20)),
            segment: petIndex % 4 === 0 ? 'Veterinary' : 'Day Care',
            createdBy: staff!.id,
          })
          .returning();
        allPets.push(pet!);
        if (species === 'dog') {
          // A few boosters are overdue or due within the month, so 'Vaccinations due' and the admission warning show.
          const rabiesDue = petIndex % 6 === 1 ? -4 : petIndex % 6 === 2 ? 0 : 165;
          const dhppDue = petIndex % 6 === 3 ? 9 : 245;
          await tx.insert(vaccinations).values([
            {
              petId: pet!.id,
              name: 'Rabies',
              numberOfDose: 1,
              givenOn: addDays(today, rabiesDue - 365),
              nextDue: addDays(today, rabiesDue),
              serialNo: `RB${String(2400 + petIndex).padStart(6, '0')}`,
            },
            {
              petId: pet!.id,
              name: 'DHPPiL',
              numberOfDose: 2,
              givenOn: addDays(today, dhppDue - 365),
              nextDue: addDays(today, dhppDue),
              serialNo: `DH${String(7100 + petIndex).padStart(6, '0')}`,
            },
          ]);
        }
      }
    }

    const items: [
      string,
      number,
      'ml' | 'item' | 'tablet' | 'mg',
      'disposable' | 'syringe' | 'medicine' | 'vaccine',
      number,
      number,
      number,
    ][] = [
      ['Amoxicillin 250mg', 120, 'tablet', 'medicine', 4, 6, 9],
      ['Meloxicam Oral Suspension', 60, 'ml', 'medicine', 8, 11, 15],
      ['Ivermectin Injection', 250, 'ml', 'medicine', 3, 5, 7],
      ['Prednisolone 5mg', 12, 'tablet', 'medicine', 2, 3, 5],
      ['Metronidazole', 2000, 'mg', 'medicine', 0.1, 0.15, 0.25],
      ['Rabies Vaccine (Nobivac)', 25, 'item', 'vaccine', 180, 250, 400],
      ['DHPPiL Vaccine', 6, 'item', 'vaccine', 320, 450, 650],
      ['Disposable Syringe 2ml', 300, 'item', 'syringe', 3, 5, 8],
      ['Insulin Syringe', 8, 'item', 'syringe', 6, 9, 14],
      ['Cotton Roll', 40, 'item', 'disposable', 25, 35, 50],
      ['Surgical Gloves (pair)', 5, 'item', 'disposable', 12, 18, 25],
      ['Chlorhexidine Solution', 90, 'ml', 'disposable', 1, 1.5, 2.5],
    ];
    for (const [itemName, stock, stockUnit, itemType, cost, ngo, cust] of items) {
      const [item] = await tx
        .insert(inventoryItems)
        .values({
          itemName,
          stock,
          stockUnit,
          itemType,
          unitCostPaise: toPaise(cost),
          unitMinRetailNgoPaise: toPaise(ngo),
          unitMaxRetailCustomerPaise: toPaise(cust),
          reorderLevel: DEFAULT_REORDER_LEVEL[stockUnit],
        })
        .returning();
      await tx
        .insert(stockMovements)
        .values({ itemId: item!.id, delta: stock, stockAfter: stock, reason: 'added', userId: staff!.id, note: 'Opening stock' });
    }

    // Past visits, sold as the desk sells them: the visit, its charge and a cash payment with a receipt number.
    const visitPlan: [string, number, string | null][] = [
      ['Grooming', 700, null],
      ['Veterinary', 500, 'pvtltd'],
      ['Inquiry', 0, null],
    ];
    for (const [i, pet] of allPets.entries()) {
      if (i % 2) continue;
      const [purpose, price, customerType] = visitPlan[i % visitPlan.length]!;
      const vtype = types.get(purpose);
      if (!vtype) continue;
      const at = new Date(Date.now() - (i % 10) * 86_400_000);
      const [visit] = await tx
        .insert(visits)
        .values({
          petId: pet.id,
          visitTypeId: vtype.id,
          purpose,
          pricePaise: toPaise(price),
          customerType,
          details: { price, finalPrice: price, discount: 0, selectedPayment: price > 0 ? 'cash' : null },
          note: price === 0 ? 'Asked about day care timings' : null,
          createdBy: staff!.id,
          createdAt: at,
        })
        .returning();
      const entry = {
        ownerId: pet.ownerId,
        petId: pet.id,
        for: { visitId: visit!.id },
        amountPaise: toPaise(price),
        createdBy: staff!.id,
        tz,
        now: at,
      };
      await postCharge(tx, entry);
      await recordPayment(tx, { ...entry, method: 'cash' });
    }

    await seedDemoBoardings(tx, { tz, staffId: staff!.id, petIds: allPets.map((p) => p.id) });

    // The demo customer's online appointments (issue 19): one pending with pickup, one confirmed, one completed.
    const [customerOwner] = await tx.select().from(owners).where(eq(owners.userId, customer!.id));
    const ownPets = customerOwner ? allPets.filter((p) => p.ownerId === customerOwner.id) : [];
    const grooming = types.get('Grooming');
    const vet = types.get('Veterinary');
    if (customerOwner && ownPets.length > 0 && grooming && vet) {
      const plan: [typeof grooming, number, string, 'pending' | 'confirmed' | 'completed', number | null][] = [
        [grooming, 1, '10:00', 'pending', 3],
        [vet, 3, '14:30', 'confirmed', null],
        [grooming, -5, '11:00', 'completed', null],
      ];
      for (const [i, [type, days, time, status, km]] of plan.entries()) {
        const pet = ownPets[i % ownPets.length]!;
        const farePaise = km ? 50_000 : 0;
        const at = new Date(Date.now() + (days - 7) * 86_400_000);
        await tx.insert(appointments).values({
          customerId: customer!.id,
          ownerId: customerOwner.id,
          visitTypeId: type.id,
          kind: 'slot',
          serviceId: type.id,
          serviceName: type.purpose,
          servicePricePaise: type.pricePaise,
          appointmentDate: addDays(today, days),
          appointmentTime: time,
          petId: pet.id,
          petName: pet.name,
          petBreed: pet.breed,
          petAge: 'N/A',
          petSpecies: pet.species,
          notes: i === 0 ? 'Please use the mild shampoo' : null,
          pickupAddress: km ? customerOwner.address : null,
          pickupKm: km,
          pickupFarePaise: farePaise,
          totalAmountPaise: type.pricePaise + farePaise,
          status,
          createdAt: at,
          updatedAt: at,
          ...(status !== 'pending' ? { confirmedAt: at, confirmedBy: staff!.id } : {}),
          ...(status === 'completed' ? { completedAt: at, completedBy: staff!.id, visitNotes: 'Nails trimmed' } : {}),
        });
      }
    }

    const followUpPlan: [number, string][] = [
      [0, 'Vaccination booster'],
      [0, 'Post-surgery check'],
      [0, 'Skin allergy review'],
      [1, 'Dressing change'],
      [3, 'Deworming'],
      [5, 'Dental check-up'],
      [-2, 'Ear infection review'],
      [-4, 'Blood test results'],
    ];
    for (const [i, [offset, purpose]] of followUpPlan.entries()) {
      const pet = allPets[(i * 3) % allPets.length]!;
      await tx.insert(followUps).values({
        petId: pet.id,
        date: addDays(today, offset),
        time: `${String(10 + (i % 6)).padStart(2, '0')}:30`,
        purpose,
        source: 'prescription',
        present: offset < 0 ? i % 2 === 0 : null,
      });
    }

    // Visit History's search rows: the demo writes its visits directly, so it indexes them as a sale would.
    for (const v of await tx.select({ id: visits.id }).from(visits)) await indexVisit(tx, v.id, tz);
  });
  return true;
}

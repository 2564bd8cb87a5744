import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, pk, ref, refTo, updatedAt } from './_columns.ts';
import { users } from './auth.ts';

export const owners = pgTable(
  'owners',
  {
    id: pk(),
    name: text('name').notNull(),
    /** Optional (issue 21: the original's older owners have none); unique when present. */
    phone: varchar('phone', { length: 10 }),
    email: text('email'),
    address: text('address').notNull(),
    /** GST (issue 17): a business owner's GSTIN and state code (two digits); invoices to another state carry IGST. */
    gstin: varchar('gstin', { length: 15 }),
    stateCode: varchar('state_code', { length: 2 }),
    /** The customer account this owner is, when the owner uses the self-service area. */
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('owners_phone_uq').on(t.phone),
    uniqueIndex('owners_user_uq').on(t.userId),
    index('owners_phone_prefix_idx').on(sql`${t.phone} varchar_pattern_ops`),
    index('owners_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const pets = pgTable(
  'pets',
  {
    id: pk(),
    ownerId: refTo('owner_id', () => owners.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    species: varchar('species', { length: 16 }).notNull(),
    breed: text('breed').notNull(),
    customBreed: text('custom_breed'),
    sex: varchar('sex', { length: 8 }).notNull().$type<'Male' | 'Female'>(),
    color: text('color').notNull(),
    dob: date('dob', { mode: 'string' }),
    neutered: boolean('neutered').notNull().default(false),
    registrationDate: date('registration_date', { mode: 'string' }).notNull(),
    segment: varchar('segment', { length: 16 }),
    /** The pet's photo (issue 20): the content hash of its `media` rows; null when it has none. */
    photoHash: varchar('photo_hash', { length: 64 }),
    /** An imported photo that could not be fetched yet (issue 21): the original's URL, retried by `--photos-only`. */
    photoUrl: text('photo_url'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pets_owner_idx').on(t.ownerId),
    index('pets_registration_idx').on(t.registrationDate),
    index('pets_species_breed_idx').on(t.species, t.breed),
    index('pets_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('pets_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('pets_birthday_idx').on(sql`extract(month from ${t.dob})`, sql`extract(day from ${t.dob})`),
    check('pets_sex_ck', sql`${t.sex} in ('Male','Female')`),
  ],
);

export const vaccinations = pgTable(
  'vaccinations',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    numberOfDose: integer('number_of_dose'),
    givenOn: date('given_on', { mode: 'string' }),
    nextDue: date('next_due', { mode: 'string' }),
    /** The vial's batch or serial number. */
    serialNo: text('serial_no'),
    createdAt: createdAt(),
  },
  (t) => [index('vaccinations_pet_idx').on(t.petId), index('vaccinations_next_due_idx').on(t.nextDue)],
);

/**
 * Request contracts of the pet and owner forms (spec 000 §3, §5; spec 001 §3, §5). The web forms and the server use
 * the same schemas, so both show the same messages, with one difference about breeds (issue 9): Pawdesk's own forms
 * ('form' mode, the default exports) offer the breed lists and require a custom breed for 'Other', while the API
 * ('api' mode, what the server validates with) takes any breed the existing web client sends, for any species, and
 * stores 'Other' without a custom breed when none is given.
 */
import { z } from 'zod';
import { OTHER_BREED, SEGMENTS, SEXES, SPECIES } from '../catalog.ts';
import { idSchema, isPlainObject, requiredString, text } from '../common.ts';
import { DEFAULT_TZ, isIsoDate, todayIn } from '../dates.ts';
import { ownerGstFields } from '../tax/settings.ts';
import { WALK_IN_OWNER_PHONE } from '../visits/walk-in.ts';
import { isKnownBreed, isSpecies } from './rules.ts';

/** Every message of the pet and owner forms. The two phone messages are the spec's verbatim. */
export const PET_MSG = {
  ownerName: 'Owner name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid 10-digit phone number',
  email: 'Email format is invalid',
  address: 'Address is required',
  pets: 'Add at least one pet',
  tooManyPets: 'At most 20 pets can be added at once',
  petName: 'Pet name is required',
  species: 'Species is required',
  breed: 'Breed is required',
  breedUnknown: 'Choose a breed from the list',
  customBreed: 'Custom breed is required',
  sex: 'Sex is required',
  color: 'Color is required',
  dob: 'Date of birth is required',
  dobFuture: 'Date of birth cannot be later than today',
  registrationDate: 'Registration date is required',
  invalidDate: 'Enter a valid date',
  doses: 'Number of doses must be a number',
  givenOnFuture: 'Date given cannot be later than today',
  nextDueBeforeGiven: 'Next due date cannot be before the date given',
  segment: 'Segment is required',
  completeProfile: 'Please complete your profile first: add your phone number and address, then register your pet.',
  phoneTaken: 'This phone number belongs to another owner',
  /** Edit Owner, for an owner imported from the original system without a phone (issue 21): the field's hint. */
  noPhoneOnFile: 'No phone number on record (imported from the original system). Add one when the owner gives it.',
  customerPhoneTaken:
    'This phone number is already registered to another owner at the clinic. Use a different number or contact the clinic to link your pets.',
} as const;

/** Success messages (spec 000 §8). */
export const PET_SAVED = 'Data saved successfully';
export const PET_CHANGES_SAVED = 'Changes saved successfully';

const requiredText = (message: string, max: number, example: string) =>
  requiredString(message, max, `At most ${max} characters`).meta({ examples: [example] });
/** The owner's address: multi-line text. */
export const addressSchema = requiredString(PET_MSG.address, 300, 'At most 300 characters', { multiline: true }).meta({
  examples: ['12 MG Road\nGurugram'],
});
const optionalName = (max: number) => text().trim().max(max, `At most ${max} characters`).nullish();

const requiredDate = (message: string) =>
  text({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => v === '' || isIsoDate(v), PET_MSG.invalidDate)
    .meta({ format: 'date', examples: ['2020-06-15'] });

/**
 * A vaccination's optional date: '' and null mean none (null); absent stays absent (undefined), so the edit can
 * tell "not sent, keep the stored date" (the existing client sends name and doses only) from "cleared".
 */
const vaccinationDate = text()
  .trim()
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null))
  .refine((v) => v == null || isIsoDate(v), PET_MSG.invalidDate);

/** A blank string (or only spaces) is no value. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Absent stays absent; '' and null mean none. */
const orNone = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

/** Phone: required, exactly 10 digits (spec 000 §5). */
export const phoneSchema = text({ error: PET_MSG.phoneRequired })
  .trim()
  .min(1, PET_MSG.phoneRequired)
  .regex(/^(\d{10})?$/, PET_MSG.phoneInvalid)
  // The Walk-in customer's placeholder (issue 18) is nobody's phone: a pet registered with it must not join walk-ins.
  .refine((v) => v !== WALK_IN_OWNER_PHONE, PET_MSG.phoneInvalid)
  .meta({ examples: ['9876543210'] });

/** Optional email; valid when given; '' and null mean none. Stored lower-cased. */
export const optionalEmail = text()
  .trim()
  .max(254)
  .nullish()
  .refine((v) => !v || z.email().safeParse(v).success, PET_MSG.email)
  .transform((v) => (v ? v.toLowerCase() : null));

/** Optional number of doses: a whole number 0..99 when given (the input may send '' or a numeric string). */
const dosesSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isInteger(n) || n < 0 || n > 99) {
      ctx.addIssue({ code: 'custom', message: PET_MSG.doses });
      return z.NEVER;
    }
    return n;
  });

/** The longest breed (and custom breed) stored. */
export const BREED_MAX = 80;

/** Which rules apply: Pawdesk's own forms, or every API client (see the file comment). */
export type PetSchemaMode = 'form' | 'api';

/**
 * Builds the schemas whose date rules depend on "today" in the business time zone. `mode` 'form' (the web forms)
 * checks breeds against the lists and requires a custom breed for 'Other'; 'api' (the server) accepts any breed.
 */
export function petSchemas(tz: string = DEFAULT_TZ, mode: PetSchemaMode = 'form') {
  // Malformed dates have their own message; this rule only judges real dates.
  const notFuture = (d: string | null | undefined) => d == null || !isIsoDate(d) || d <= todayIn(tz);

  const dob = requiredDate(PET_MSG.dob).refine(notFuture, PET_MSG.dobFuture);

  /** A vaccination row: name and doses optional (rows without a name are dropped); dates where known. */
  const vaccinationInput = z
    .object({
      /** The stored row this entry is (as the pet's details answered it); only used by the edit. */
      _id: text().trim().max(64, 'Invalid id').nullish(),
      name: optionalName(100),
      numberOfDose: dosesSchema,
      givenOn: vaccinationDate.refine(notFuture, PET_MSG.givenOnFuture),
      nextDue: vaccinationDate,
      /** The vial's batch or serial number ('Batch / serial no.'). */
      serialNo: optionalName(60).meta({ examples: ['RB-2291'] }),
    })
    .superRefine((v, ctx) => {
      if (v.givenOn && v.nextDue && v.nextDue < v.givenOn) {
        ctx.addIssue({ code: 'custom', path: ['nextDue'], message: PET_MSG.nextDueBeforeGiven });
      }
    });

  const vaccinationRows = z.array(vaccinationInput).max(30, 'At most 30 vaccinations');
  const vaccinations = vaccinationRows.optional().transform((rows) =>
    (rows ?? [])
      .filter((r) => r.name)
      .map((r) => ({
        name: r.name as string,
        numberOfDose: r.numberOfDose,
        givenOn: r.givenOn ?? null,
        nextDue: r.nextDue ?? null,
        serialNo: r.serialNo || null,
      })),
  );
  /**
   * The edit's list: absent (or null) leaves the pet's vaccinations as they are, a list (even []) replaces them.
   * Each entry keeps its `_id` so the server can match it to the stored row and keep what the form does not send.
   */
  const vaccinationsEdit = vaccinationRows.nullish().transform((rows) =>
    rows == null
      ? undefined
      : rows
          .filter((r) => r.name)
          .map((r) => ({
            _id: r._id || null,
            name: r.name as string,
            numberOfDose: r.numberOfDose,
            givenOn: r.givenOn,
            nextDue: r.nextDue,
            serialNo: orNone(r.serialNo),
          })),
  );

  const petFields = {
    name: requiredText(PET_MSG.petName, 60, 'Bruno'),
    species: z.enum(SPECIES, { error: PET_MSG.species }),
    breed: requiredText(PET_MSG.breed, BREED_MAX, OTHER_BREED),
    customBreed: optionalName(BREED_MAX).meta({ examples: ['Indie'] }),
    sex: z.enum(SEXES, { error: PET_MSG.sex }),
    color: requiredText(PET_MSG.color, 60, 'Brown'),
    dob,
    neutered: z.boolean().default(false),
    registrationDate: requiredDate(PET_MSG.registrationDate),
  };

  /**
   * Pawdesk's forms: the breed must belong to the species and 'Other' needs a custom breed (spec 000 §4). The API
   * takes any breed (the existing client offers breeds Pawdesk's lists do not, and has no custom-breed field).
   */
  const breedRule = (p: { species?: unknown; breed?: unknown; customBreed?: unknown }, ctx: z.RefinementCtx): void => {
    if (mode === 'api' || typeof p.breed !== 'string' || p.breed.trim() === '') return;
    if (isSpecies(p.species) && !isKnownBreed(p.species, p.breed)) {
      ctx.addIssue({ code: 'custom', path: ['breed'], message: PET_MSG.breedUnknown });
    }
    if (p.breed === OTHER_BREED && !(typeof p.customBreed === 'string' && p.customBreed.trim())) {
      ctx.addIssue({ code: 'custom', path: ['customBreed'], message: PET_MSG.customBreed });
    }
  };
  // A custom breed is kept only for 'Other' (any other breed clears it).
  const clearCustomBreed = <T extends { breed: string; customBreed?: string | null }>(p: T) => ({
    ...p,
    customBreed: p.breed === OTHER_BREED ? p.customBreed?.trim() || null : null,
  });

  /** Optional on the staff form (which has no segment); the customer forms require it. */
  const optionalSegment = z.enum(SEGMENTS, { error: PET_MSG.segment }).nullish();

  // The breed rule runs even when other fields of the pet are still wrong, so the form shows every message at once,
  // but never on a value that is not an object (a `null` pet is refused as such). Unlike `whenObject`, it also runs
  // when a field failed with a value (the form's empty Sex select sends ''): the rule checks the type of every field
  // it reads, so 'Custom breed is required' shows on the first Save with the others (issue 9).
  const whenPet = { when: (payload: { value: unknown }) => isPlainObject(payload.value) };
  const petInput = z
    .object({ ...petFields, vaccinations, segment: optionalSegment })
    .superRefine(breedRule as never, whenPet)
    .transform(clearCustomBreed);

  /**
   * POST /pet/addpet: one owner and one or more pets (spec 000 §3 "Create payload"). The existing web client's
   * customer form sends the segment once, at the top level (`{segment, pets: [...], ownerName, …}`): it is taken for
   * every pet that names none (issue 19).
   */
  const addPetBody = z
    .object({
      ownerName: requiredText(PET_MSG.ownerName, 120, 'Asha Verma'),
      phone: phoneSchema,
      email: optionalEmail,
      address: addressSchema,
      segment: optionalSegment,
      pets: z.array(petInput, { error: PET_MSG.pets }).min(1, PET_MSG.pets).max(20, PET_MSG.tooManyPets),
    })
    .transform(({ segment, ...body }) => ({
      ...body,
      pets: body.pets.map((p) => ({ ...p, segment: p.segment ?? segment ?? null })),
    }));

  /**
   * POST /pet/editpetdetails: id plus the pet's fields (species may be left out to keep it); `vaccinations`, when
   * given, replaces the pet's list.
   */
  const editPetBody = z
    .object({
      id: idSchema,
      ...petFields,
      species: petFields.species.optional(),
      vaccinations: vaccinationsEdit,
    })
    .superRefine(breedRule as never, whenPet)
    .transform(clearCustomBreed);

  /**
   * POST /customer/pet/addpet: the customer form of spec 001 §3/§5, owner phone and address editable. Left out (or
   * empty), they are the customer's profile's; a customer whose profile has neither is asked to complete it (400
   * PET_MSG.completeProfile), never told about fields their form did not show (issue 19).
   */
  const customerPetBody = z
    .object({
      ...petFields,
      vaccinations,
      segment: z.enum(SEGMENTS, { error: PET_MSG.segment }),
      phone: z.preprocess(blankToNull, phoneSchema.nullish()).transform((v) => v ?? null),
      address: z.preprocess(blankToNull, addressSchema.nullish()).transform((v) => v ?? null),
    })
    .superRefine(breedRule as never, whenPet)
    .transform(clearCustomBreed);

  return { addPetBody, editPetBody, customerPetBody, petInput, vaccinationInput };
}

/** The server's schemas (any breed; see the file comment). */
export const petApiSchemas = (tz: string = DEFAULT_TZ) => petSchemas(tz, 'api');

const defaults = petSchemas();
export const addPetBody = defaults.addPetBody;
export const editPetBody = defaults.editPetBody;
export const customerPetBody = defaults.customerPetBody;
export type AddPetInput = z.input<typeof addPetBody>;
export type AddPetBody = z.output<typeof addPetBody>;
export type EditPetInput = z.input<typeof editPetBody>;
export type EditPetBody = z.output<typeof editPetBody>;
export type CustomerPetInput = z.input<typeof customerPetBody>;
export type CustomerPetBody = z.output<typeof customerPetBody>;

/**
 * POST /pet/editownerdetails. The phone (10 digits, the spec's messages) may be left blank — absent, '' or null, all
 * read as null — only for an owner who has none on file (issue 21: imported from the original system without one):
 * the owner then stays without a phone. For an owner who has one the server answers 400 'Phone number is required',
 * as before; the staff form asks for it whenever the owner has one (editOwnerFormBody).
 */
export const editOwnerBody = z.object({
  id: idSchema,
  name: requiredText(PET_MSG.ownerName, 120, 'Asha Verma'),
  phone: z.preprocess(blankToNull, phoneSchema.nullish()).transform((v) => v ?? null),
  email: optionalEmail,
  address: addressSchema,
  /** GST (issue 17): the owner's GSTIN (checksum) and state; absent: left as they are; null or '' clears. */
  ...ownerGstFields,
});
export type EditOwnerInput = z.input<typeof editOwnerBody>;
export type EditOwnerBody = z.output<typeof editOwnerBody>;

/**
 * The Edit Owner form's schema: the phone is required, as the spec has it, unless the owner has no phone on file
 * (issue 21), whose details can then be saved without one.
 */
export function editOwnerFormBody(hasPhoneOnFile: boolean) {
  return hasPhoneOnFile ? editOwnerBody.extend({ phone: phoneSchema }) : editOwnerBody;
}

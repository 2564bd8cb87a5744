/**
 * Contracts of the pet and owner calls (spec 000 §3, §5, §7; spec 001 §3, §5).
 * The server validates with these and the web forms use the same schemas, so
 * both show the same messages.
 */
import { z } from 'zod';
import { OTHER_BREED, PHONE_RE, SEGMENTS, SEXES, SPECIES } from '../catalog.ts';
import { idSchema, requiredString } from '../common.ts';
import { DEFAULT_TZ, isIsoDate, todayIn } from '../dates.ts';
import { isKnownBreed, isSpecies } from './rules.ts';

// The pet rules travel with the contracts (one export line in the package index).
export * from './rules.ts';

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
  phoneTaken: 'This phone number belongs to another owner',
  customerPhoneTaken:
    'This phone number is already registered to another owner at the clinic. Use a different number or contact the clinic to link your pets.',
} as const;

/** Success messages (spec 000 §8). */
export const PET_SAVED = 'Data saved successfully';
export const PET_CHANGES_SAVED = 'Changes saved successfully';

const requiredText = (message: string, max: number) => requiredString(message, max, `At most ${max} characters`);

const requiredDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => v === '' || isIsoDate(v), PET_MSG.invalidDate);

const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isIsoDate(v), PET_MSG.invalidDate);

/** Phone: required, exactly 10 digits (spec 000 §5). */
export const phoneSchema = z
  .string({ error: PET_MSG.phoneRequired })
  .trim()
  .min(1, PET_MSG.phoneRequired)
  .refine((v) => v === '' || PHONE_RE.test(v), PET_MSG.phoneInvalid);

/** Optional email; valid when given; '' and null mean none. Stored lower-cased. */
export const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .refine((v) => !v || z.email().safeParse(v).success, PET_MSG.email)
  .transform((v) => (v ? v.toLowerCase() : null));

/** Optional number of doses: a whole number when given (the input may send '' or a numeric string). */
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

/** Builds the schemas whose date rules depend on "today" in the business time zone. */
export function petSchemas(tz: string = DEFAULT_TZ) {
  // Malformed dates have their own message; this rule only judges real dates.
  const notFuture = (d: string | null) => d === null || !isIsoDate(d) || d <= todayIn(tz);

  const dob = requiredDate(PET_MSG.dob).refine(notFuture, PET_MSG.dobFuture);

  /** A vaccination row: name and doses optional (rows without a name are dropped); dates where known. */
  const vaccinationInput = z
    .object({
      name: z.string().trim().max(100, 'At most 100 characters').nullish(),
      numberOfDose: dosesSchema,
      givenOn: optionalDate.refine(notFuture, PET_MSG.givenOnFuture),
      nextDue: optionalDate,
    })
    .superRefine((v, ctx) => {
      if (v.givenOn && v.nextDue && v.nextDue < v.givenOn) {
        ctx.addIssue({ code: 'custom', path: ['nextDue'], message: PET_MSG.nextDueBeforeGiven });
      }
    });

  const vaccinations = z
    .array(vaccinationInput)
    .max(30, 'At most 30 vaccinations')
    .optional()
    .transform((rows) =>
      (rows ?? [])
        .filter((r) => r.name)
        .map((r) => ({ name: r.name as string, numberOfDose: r.numberOfDose, givenOn: r.givenOn, nextDue: r.nextDue })),
    );

  const petFields = {
    name: requiredText(PET_MSG.petName, 60),
    species: z.enum(SPECIES, { error: PET_MSG.species }),
    breed: requiredText(PET_MSG.breed, 100),
    customBreed: z.string().trim().max(100, 'At most 100 characters').nullish(),
    sex: z.enum(SEXES, { error: PET_MSG.sex }),
    color: requiredText(PET_MSG.color, 60),
    dob,
    neutered: z.boolean().default(false),
    registrationDate: requiredDate(PET_MSG.registrationDate),
  };

  /** Breed must belong to the species; 'Other' needs a custom breed, any other breed clears it (spec 000 §4). */
  const breedRule = (p: { species?: unknown; breed?: unknown; customBreed?: string | null }, ctx: z.RefinementCtx): void => {
    if (typeof p.breed !== 'string' || p.breed.trim() === '') return;
    if (isSpecies(p.species) && !isKnownBreed(p.species, p.breed)) {
      ctx.addIssue({ code: 'custom', path: ['breed'], message: PET_MSG.breedUnknown });
    }
    if (p.breed === OTHER_BREED && !p.customBreed?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['customBreed'], message: PET_MSG.customBreed });
    }
  };
  // Run the breed rule even when other fields of the pet are still wrong, so the form shows every message at once
  // (this is why no check above uses `abort`: an explicitly aborted issue would skip it).
  const always = { when: () => true };
  const clearCustomBreed = <T extends { breed: string; customBreed?: string | null }>(p: T) => ({
    ...p,
    customBreed: p.breed === OTHER_BREED ? (p.customBreed?.trim() ?? null) : null,
  });

  const petInput = z
    .object({ ...petFields, vaccinations })
    .superRefine(breedRule as never, always)
    .transform(clearCustomBreed);

  /** POST /pet/addpet: one owner and one or more pets (spec 000 §3 "Create payload"). */
  const addPetBody = z.object({
    ownerName: requiredText(PET_MSG.ownerName, 120),
    phone: phoneSchema,
    email: optionalEmail,
    address: requiredText(PET_MSG.address, 300),
    pets: z.array(petInput, { error: PET_MSG.pets }).min(1, PET_MSG.pets).max(20, PET_MSG.tooManyPets),
  });

  /** POST /pet/editpetdetails: id plus the pet's fields (species may be left out to keep it). */
  const editPetBody = z
    .object({
      id: idSchema,
      ...petFields,
      species: petFields.species.optional(),
    })
    .superRefine(breedRule as never, always)
    .transform(clearCustomBreed);

  /** POST /customer/pet/addpet: the customer form of spec 001 §3/§5, owner phone and address editable. */
  const customerPetBody = z
    .object({
      ...petFields,
      vaccinations,
      segment: z.enum(SEGMENTS, { error: PET_MSG.segment }),
      phone: phoneSchema,
      address: requiredText(PET_MSG.address, 300),
    })
    .superRefine(breedRule as never, always)
    .transform(clearCustomBreed);

  return { addPetBody, editPetBody, customerPetBody, petInput, vaccinationInput };
}

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

/** POST /pet/editownerdetails. */
export const editOwnerBody = z.object({
  id: idSchema,
  name: requiredText(PET_MSG.ownerName, 120),
  phone: phoneSchema,
  email: optionalEmail,
  address: requiredText(PET_MSG.address, 300),
});
export type EditOwnerInput = z.input<typeof editOwnerBody>;
export type EditOwnerBody = z.output<typeof editOwnerBody>;

// ---------------------------------------------------------------- queries

const limitSchema = (max: number, dflt: number) => z.coerce.number().int().min(1).max(max).default(dflt);
const cursorSchema = z.string().max(200).optional();

/** GET /pet/getallpets: newest first, `limit` (1..100, default 50) and an opaque `cursor`. */
export const petListQuery = z.object({ limit: limitSchema(100, 50), cursor: cursorSchema });

/** GET /pet/getfilteredpetsbynameandphone: name contains (case-insensitive), phone prefix. */
export const petSearchQuery = z.object({
  name: z.string().trim().max(60, 'At most 60 characters').optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'Phone search takes up to 10 digits')
    .optional(),
  limit: limitSchema(100, 50),
  cursor: cursorSchema,
});

/** GET /pet/getfilteredpetsbybreedandspecies. */
export const petBreedQuery = z.object({
  species: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isSpecies(v), 'Unknown species'),
  breed: z.string().trim().max(100).optional(),
  limit: limitSchema(100, 50),
  cursor: cursorSchema,
});

/** GET /visit/getparticularpetvisit?petId= */
export const petVisitsQuery = z.object({ petId: idSchema, limit: limitSchema(100, 50), cursor: cursorSchema });

/** Most pets registered on one day the list returns. */
export const PETS_BY_DATE_MAX = 500;

// ---------------------------------------------------------------- answers

export const ownerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string(),
});
export type Owner = z.infer<typeof ownerSchema>;

export const vaccinationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  numberOfDose: z.number().nullable(),
  givenOn: z.string().nullable(),
  nextDue: z.string().nullable(),
});
export type Vaccination = z.infer<typeof vaccinationSchema>;

export const petSchema = z.object({
  _id: z.string(),
  name: z.string(),
  species: z.string(),
  breed: z.string(),
  customBreed: z.string().nullable(),
  sex: z.string(),
  color: z.string(),
  dob: z.string().nullable(),
  neutered: z.boolean(),
  registrationDate: z.string(),
  segment: z.string().nullable(),
  createdAt: z.string(),
  owner: ownerSchema,
});
export type Pet = z.infer<typeof petSchema>;

export const petDetailsSchema = petSchema.extend({ vaccinations: z.array(vaccinationSchema) });
export type PetDetails = z.infer<typeof petDetailsSchema>;

export const petPageResponse = z.object({
  success: z.literal(true),
  list: z.array(petSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PetPage = z.infer<typeof petPageResponse>;

export const petBreedResponse = z.object({
  success: z.literal(true),
  pets: z.array(petSchema),
  nextCursor: z.string().nullable(),
});
export type PetBreedPage = z.infer<typeof petBreedResponse>;

export const petsResponse = z.object({ success: z.literal(true), pets: z.array(petSchema) });
export const petDetailsResponse = z.object({ success: z.literal(true), pet: petDetailsSchema });

export const addPetResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  ownerId: z.string(),
  /** True when the phone matched an owner on file and the pets were added to that owner. */
  ownerExisted: z.boolean(),
  petIds: z.array(z.string()),
});

export const customerPetsResponse = z.object({
  success: z.literal(true),
  pets: z.array(petDetailsSchema),
  message: z.string().optional(),
});

export const customerAddPetResponse = z.object({ success: z.literal(true), message: z.string(), pet: petDetailsSchema });

/** The owner details the customer pet form starts from (owner record if linked, else the account). */
export const customerOwnerResponse = z.object({
  success: z.literal(true),
  owner: z.object({
    ownerName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    linked: z.boolean(),
  }),
});

export const itemRefSchema = z.object({ _id: z.string(), itemName: z.string() });

/** One visit line (vaccine, medicine or shop item). */
export const visitLineSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  volume: z.number().nullable(),
});

/** GET /pet/getpethistory/{id}: the pet's visits with items, newest first. */
export const petHistoryEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  purpose: z.string(),
  price: z.number(),
  item: itemRefSchema.nullable(),
  quantity: z.number().nullable(),
  volumeML: z.number().nullable(),
  items: z.array(visitLineSchema),
});
export type PetHistoryEntry = z.infer<typeof petHistoryEntrySchema>;
export const petHistoryResponse = z.object({ success: z.literal(true), history: z.array(petHistoryEntrySchema) });

export const visitTypeRefSchema = z.object({
  _id: z.string(),
  purpose: z.string(),
  price: z.number(),
  halfdayPrice: z.number(),
  consultationPricePvt: z.number(),
  consultationPricePvtEmergency: z.number(),
  consultationPriceNgo: z.number(),
  consultationPriceNgoEmergency: z.number(),
});

/** A visit as read in the pet's visit list (spec 000 §3 "Visit (as read in lists)"). */
export const petVisitSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  purpose: z.string(),
  price: z.number(),
  pet: z.object({ _id: z.string(), name: z.string() }),
  visitType: visitTypeRefSchema,
  details: z.record(z.string(), z.unknown()),
  item: itemRefSchema.nullable(),
  quantity: z.number().nullable(),
  volumeML: z.number().nullable(),
});
export type PetVisit = z.infer<typeof petVisitSchema>;

export const petVisitsResponse = z.object({
  success: z.literal(true),
  List: z.array(petVisitSchema),
  message: z.string(),
  nextCursor: z.string().nullable(),
});
export type PetVisitsPage = z.infer<typeof petVisitsResponse>;

/** A subscription as listed per pet (spec 000 §3). */
export const petSubscriptionSchema = z.object({
  _id: z.string(),
  planId: z.object({
    _id: z.string(),
    name: z.string(),
    subscriptionType: z.object({ _id: z.string(), purpose: z.string() }),
    price: z.number(),
    duration: z.number(),
    numberOfGroomings: z.number(),
  }),
  active: z.boolean(),
  daysLeft: z.number(),
  numberOfGroomings: z.number(),
  firstPaymentDate: z.string(),
  lastPaymentDate: z.string(),
});
export type PetSubscription = z.infer<typeof petSubscriptionSchema>;

export const petSubscriptionsResponse = z.object({
  success: z.literal(true),
  data: z.array(petSubscriptionSchema),
  message: z.string(),
});

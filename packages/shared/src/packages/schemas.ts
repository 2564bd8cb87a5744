/**
 * Contracts of the wallet-funded boarding packages (issue 16, the business's "15 Days Boarding Plan"): the offers
 * admins define on the Prices screen, activating one for an owner's pets (at the desk, or requested online and
 * checked in later), changing its pets, ending it, and the owner's packages with what the wallet still pays.
 * Amounts are rupees; the server takes every price from the package and charges each day from the wallet.
 */
import { z } from 'zod';
import { idSchema, requiredString, rupees, text, whenObject, wholeNumber } from '../common.ts';
import { NOTHING_TO_CHANGE } from '../users/schemas.ts';

export * from './rules.ts';

export const PACKAGE_MESSAGES = {
  /** Activating (or checking in, or adding a pet) without a day's charge in the wallet. */
  walletShort: (held: string, day: string) =>
    `The wallet holds ${held}; one day of this package costs ${day}. Top up the wallet first.`,
  packageRequired: 'Please select a package',
  petRequired: 'Please select a pet',
  tooManyPets: 'At most 20 pets at a time',
  retired: 'This package is no longer offered. Please select another package.',
  notOwnersPet: (pet: string) => `${pet} is not a pet of this owner`,
  notYourPet: 'This pet is not registered to your account',
  alreadyOnPackage: (pet: string) => `${pet} is already on a boarding package`,
  notWaiting: (pet: string) => `${pet} is not waiting for check-in on this package`,
  notOnPackage: (pet: string) => `${pet} is not on this package`,
  notLive: 'This package has ended',
  nothingToCheckIn: 'No pets of this package are waiting for check-in',
  noPetsLeft: 'A package needs at least one pet: end it instead',
  changeWhat: 'Name the pets to add or to remove',
  activated: 'Boarding package activated: the pets are boarded and day 1 is charged from the wallet',
  requested: 'Boarding package requested. Its daily charges start when the pets are checked in.',
  checkedIn: 'Pets checked in: day 1 is charged from the wallet',
  petsChanged: 'Pets of the package updated',
  ended: 'Boarding package ended',
  // notifications (issue 16's texts)
  stopped: 'Boarding Stopped',
  lowBalance: 'Low Wallet Balance',
  // the Prices screen
  created: 'Package created',
  saved: 'Package saved',
  retiredOffer: 'Package retired. Packages already activated keep running; it is no longer offered.',
  restored: 'Package restored. It is offered again.',
  nameRequired: 'Package name is required',
  nameTooLong: 'Package name must be at most 100 characters',
  priceZero: 'Price must be more than ₹0.00',
  pricePerDay: 'The price must be at least ₹0.01 for each day of the package',
  boardingTypeRequired: 'Please select a boarding type',
  boardingTypeOnly: 'A package boards pets in Hostel or Day Care',
} as const;

/** The boarding codes a package may board pets in: stays of several days. */
export const PACKAGE_BOARDING_CODES: readonly string[] = ['hostel', 'day_care'];
/** Most days one package runs. */
export const MAX_PACKAGE_DAYS = 366;
/** Most pets one request names. */
export const MAX_PACKAGE_PETS = 20;

/* ───────────── offers ───────────── */

/** A package on offer: its price is per pet; `dailyCharge` is a pet's first day's share. */
export const packageOfferSchema = z.object({
  _id: idSchema,
  name: z.string(),
  boardingType: z.object({ _id: idSchema, purpose: z.string() }),
  days: z.number().int(),
  price: z.number(),
  dailyCharge: z.number(),
  active: z.boolean(),
});
export type PackageOffer = z.infer<typeof packageOfferSchema>;

export const packageOffersQuery = z.object({
  /** `1`/`true`: only the packages on offer. */
  active: z
    .enum(['1', '0', 'true', 'false'], { error: "Active must be '1' or '0'" })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type PackageOffersQuery = z.input<typeof packageOffersQuery>;

export const packageOffersResponse = z.object({ success: z.literal(true), packages: z.array(packageOfferSchema) });
export type PackageOffersResponse = z.infer<typeof packageOffersResponse>;

const offerFields = {
  name: requiredString(PACKAGE_MESSAGES.nameRequired, 100, PACKAGE_MESSAGES.nameTooLong),
  boardingType: text({ error: PACKAGE_MESSAGES.boardingTypeRequired }).pipe(idSchema),
  days: wholeNumber('Days', { min: 1, max: MAX_PACKAGE_DAYS }),
  price: rupees({ label: 'Price' }).refine((n) => n > 0, PACKAGE_MESSAGES.priceZero),
};

export const createPackageBody = z.object(offerFields);
export type CreatePackageBody = z.input<typeof createPackageBody>;

/** A change to an offer: any of its fields, at least one. Packages already activated keep their snapshot. */
export const updatePackageBody = z
  .object({
    name: offerFields.name.optional(),
    boardingType: offerFields.boardingType.optional(),
    days: offerFields.days.optional(),
    price: offerFields.price.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { ...whenObject, message: NOTHING_TO_CHANGE });
export type UpdatePackageBody = z.input<typeof updatePackageBody>;

export const packageOfferSaved = z.object({ success: z.literal(true), message: z.string(), package: packageOfferSchema });
export type PackageOfferSaved = z.infer<typeof packageOfferSaved>;

/* ───────────── activated packages ───────────── */

export const PACKAGE_STATUSES = ['awaiting_checkin', 'active', 'ended', 'stopped'] as const;
export const PACKAGE_END_REASONS = ['completed', 'deboarded', 'customer', 'staff', 'low_balance'] as const;
export const PACKAGE_PET_STATUSES = ['waiting', 'boarded', 'removed', 'done'] as const;

export const packagePetSchema = z.object({
  /** The package pet's id. */
  _id: idSchema,
  petId: idSchema,
  name: z.string(),
  status: z.enum(PACKAGE_PET_STATUSES),
  /** Business date of its day 1 (null while waiting for check-in). */
  startDate: z.string().nullable(),
  daysCharged: z.number().int(),
  boardingId: idSchema.nullable(),
});
export type PackagePet = z.infer<typeof packagePetSchema>;

/** A package an owner activated (a snapshot of the offer's name, days and price per pet). */
export const ownerPackageSchema = z.object({
  _id: idSchema,
  packageId: idSchema,
  name: z.string(),
  days: z.number().int(),
  price: z.number(),
  status: z.enum(PACKAGE_STATUSES),
  activatedVia: z.enum(['desk', 'customer']),
  endReason: z.enum(PACKAGE_END_REASONS).nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  pets: z.array(packagePetSchema),
  /** The next day's charge of all its live pets (0 once nothing more is charged). */
  dailyCharge: z.number(),
  /** Everything charged so far. */
  charged: z.number(),
  /** floor(wallet balance / dailyCharge); null when nothing more is charged. */
  estimatedDaysLeft: z.number().int().nullable(),
  /** The wallet holds less than the next two days' charge. */
  lowBalance: z.boolean(),
});
export type OwnerPackage = z.infer<typeof ownerPackageSchema>;

const petIdsField = z
  .array(text({ error: PACKAGE_MESSAGES.petRequired }).pipe(idSchema), { error: PACKAGE_MESSAGES.petRequired })
  .max(MAX_PACKAGE_PETS, PACKAGE_MESSAGES.tooManyPets)
  .transform((ids) => [...new Set(ids)]);

const packageIdField = text({ error: PACKAGE_MESSAGES.packageRequired }).pipe(
  z.string().regex(/^[0-9a-f]{24}$/, PACKAGE_MESSAGES.packageRequired),
);

/** POST /packages/activate (staff): board the owner's pets now on the package; day 1 is charged from the wallet. */
export const activatePackageBody = z.object({
  ownerId: idSchema,
  packageId: packageIdField,
  petIds: petIdsField.refine((ids) => ids.length > 0, PACKAGE_MESSAGES.petRequired),
  /** The admission rule's warning was seen and staff board the pets anyway. */
  admissionAcknowledged: z.boolean().optional(),
});
export type ActivatePackageBody = z.input<typeof activatePackageBody>;

/** POST /customer/packages/activate (customer): a request that waits for check-in. */
export const customerActivatePackageBody = z.object({
  packageId: packageIdField,
  petIds: petIdsField.refine((ids) => ids.length > 0, PACKAGE_MESSAGES.petRequired),
});
export type CustomerActivatePackageBody = z.input<typeof customerActivatePackageBody>;

/** POST /packages/:id/checkin (staff): board the waiting pets (all, or these). */
export const checkinPackageBody = z.object({
  petIds: petIdsField.optional(),
  admissionAcknowledged: z.boolean().optional(),
});
export type CheckinPackageBody = z.input<typeof checkinPackageBody>;

/** POST /packages/:id/pets (staff): add pets (boarded now on an active package) or remove them (their share stops). */
export const changePackagePetsBody = z
  .object({
    add: petIdsField.optional(),
    remove: petIdsField.optional(),
    admissionAcknowledged: z.boolean().optional(),
  })
  .refine((b) => (b.add?.length ?? 0) + (b.remove?.length ?? 0) > 0, { ...whenObject, message: PACKAGE_MESSAGES.changeWhat });
export type ChangePackagePetsBody = z.input<typeof changePackagePetsBody>;

export const ownerIdParams = z.object({ ownerId: idSchema });

export const packageAnswer = z.object({ success: z.literal(true), message: z.string(), package: ownerPackageSchema });
export type PackageAnswer = z.infer<typeof packageAnswer>;

/** GET /packages/owner/:ownerId and /customer/packages/mine: newest first, with the wallet's balance. */
export const ownerPackagesResponse = z.object({
  success: z.literal(true),
  packages: z.array(ownerPackageSchema),
  wallet: z.object({ balance: z.number() }),
});
export type OwnerPackagesResponse = z.infer<typeof ownerPackagesResponse>;

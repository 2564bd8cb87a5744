/** Answer contracts of the pet and owner calls: owners, pets, vaccinations, pages (spec 000 §3, §7; spec 001 §3). */
import { z } from 'zod';
import { photoSchema } from '../media/schemas.ts';
import { careWarningSchema } from '../care/schemas.ts';

export const ownerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Null for an owner imported from the original system without a phone (issue 21). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string(),
  /** GST (issue 17): the owner's GSTIN and state code, null when none. Optional: older answers leave them out. */
  gstin: z.string().nullable().optional(),
  stateCode: z.string().nullable().optional(),
});
export type Owner = z.infer<typeof ownerSchema>;

export const vaccinationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  numberOfDose: z.number().nullable(),
  givenOn: z.string().nullable(),
  nextDue: z.string().nullable(),
  /** The vial's batch or serial number. */
  serialNo: z.string().nullable(),
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
  /** The pet's photo (issue 20): its display and thumbnail paths under /api/v1; null when it has none. */
  photo: photoSchema.nullable(),
  /** Care warnings (issue 20: allergy, aggression, escape risk, special needs), shown as badges; [] when none. */
  careWarnings: z.array(careWarningSchema),
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

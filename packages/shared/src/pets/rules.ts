import { cleanPhone } from '../phone.ts';
import { BREEDS_BY_SPECIES, DOG_BREEDS, OTHER_BREED, SPECIES, type Species } from '../catalog.ts';
import { ageInMonths, ageInYears, daysBetween } from '../dates.ts';

/** Is `s` one of the eight species? */
export function isSpecies(s: unknown): s is Species {
  return typeof s === 'string' && (SPECIES as readonly string[]).includes(s);
}

/**
 * The breeds offered for a species, always ending with 'Other': the 54 dog
 * breeds for dogs (spec 000 §3, the add form), the breed-filter list for the
 * other species.
 */
export function breedsFor(species: string | null | undefined): string[] {
  if (!isSpecies(species)) return [];
  const base: readonly string[] = species === 'dog' ? DOG_BREEDS : BREEDS_BY_SPECIES[species];
  return base.includes(OTHER_BREED) ? [...base] : [...base, OTHER_BREED];
}

/** The breeds the breed filter offers per species (spec 000 §3, without 'Other' added). */
export function filterBreedsFor(species: string | null | undefined): string[] {
  return isSpecies(species) ? [...BREEDS_BY_SPECIES[species]] : [];
}

export function isKnownBreed(species: string | null | undefined, breed: string | null | undefined): boolean {
  return typeof breed === 'string' && breedsFor(species).includes(breed);
}

/** What a list shows for a pet: the breed (a custom breed for 'Other'), or else the species. */
export function breedLabel(p: { breed?: string | null; customBreed?: string | null; species?: string | null }): string {
  if (p.breed === OTHER_BREED && p.customBreed) return p.customBreed;
  return p.breed || p.species || '';
}

/**
 * Age as shown wherever a pet's age shows (Pet Records, lists, visit details, the customer area): whole years
 * (365.25-day years) from one year on; under one year whole months ('9 months', issue 18: never '0 years'), and
 * under one month days ('12 days'); 'Unknown' without a birth date.
 */
export function ageLabel(dob: string | null | undefined, today: string): string {
  const years = ageInYears(dob, today);
  if (years === null) return 'Unknown';
  if (years >= 1) return `${years} ${years === 1 ? 'year' : 'years'}`;
  const months = ageInMonths(dob, today) ?? 0;
  if (months >= 1) return `${months} ${months === 1 ? 'month' : 'months'}`;
  const days = Math.max(0, daysBetween(dob as string, today));
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** What a phone input keeps (spec 000 §5: the input is capped at 10): see cleanPhone. */
export const phoneInput = cleanPhone;

/** Escapes LIKE wildcards (`%`, `_`) and the escape character itself, for a literal match. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A species with a capital initial ('dog' → 'Dog') for display. */
export function speciesLabel(species: string | null | undefined): string {
  if (!species) return '';
  return species.charAt(0).toUpperCase() + species.slice(1);
}

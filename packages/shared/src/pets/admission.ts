/**
 * The admission rule of boarding (spec 000 §9: "a dog must be at least 4 months old with core vaccinations"; issue
 * 11). One pure function judges a pet on a day; the server refuses a boarding it flags unless staff acknowledge the
 * warning, and the New Visit forms show the same lines before Save. See docs/decisions.md ("Admission rule").
 */
import { z } from 'zod';
import { MIN_AGE_MONTHS } from '../catalog.ts';
import { idSchema, requiredString } from '../common.ts';
import { formatDate, isIsoDate } from '../dates.ts';

/** The core vaccines until an admin changes them (Prices screen, 'Admission rule'). */
export const DEFAULT_CORE_VACCINES: readonly string[] = ['Rabies', 'DHPP'];
export const MAX_CORE_VACCINES = 10;
export const CORE_VACCINE_NAME_MAX = 60;

/** The pet as the rule reads it. */
export interface AdmissionPet {
  species: string;
  /** `yyyy-MM-dd`, or null when not known. */
  dob: string | null;
}

/** A vaccination record as the rule reads it: dates are `yyyy-MM-dd` or null (not recorded). */
export interface AdmissionRecord {
  name: string;
  givenOn?: string | null;
  nextDue?: string | null;
}

/** Does a record named `recordName` cover the core vaccine `coreName`? Case-insensitive; 'DHPPiL' covers 'DHPP'. */
export function coversCoreVaccine(recordName: string, coreName: string): boolean {
  const core = coreName.trim().toLowerCase();
  return core !== '' && recordName.trim().toLowerCase().includes(core);
}

/** `date` plus whole calendar months; a day the month lacks becomes its last day (31 Oct + 4 months = 28/29 Feb). */
export function addCalendarMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Is the rule about dogs for this species? Only dogs are checked. */
export const isDog = (species: string | null | undefined) => (species ?? '').trim().toLowerCase() === 'dog';

/**
 * What stops a pet from boarding on `today` (`yyyy-MM-dd`), one readable line each; [] when nothing does.
 * Only dogs are checked:
 * - under MIN_AGE_MONTHS old: the birth date is known and `today` is before it plus 4 calendar months;
 * - no record of a core vaccine (a record whose name contains the core name counts, any case);
 * - a core vaccine's latest recorded next due date is before `today`, and no record of it was given on or after
 *   that date.
 * A record without dates counts as present: the existing client records only the name and doses.
 */
export function admissionProblems(
  pet: AdmissionPet,
  records: readonly AdmissionRecord[],
  coreVaccines: readonly string[],
  today: string,
): string[] {
  if (!isDog(pet.species)) return [];
  const out: string[] = [];
  if (pet.dob && isIsoDate(pet.dob) && today < addCalendarMonths(pet.dob, MIN_AGE_MONTHS)) {
    out.push(`Under ${MIN_AGE_MONTHS} months old (born ${formatDate(pet.dob)})`);
  }
  for (const core of coreVaccines) {
    const mine = records.filter((r) => coversCoreVaccine(r.name, core));
    if (mine.length === 0) {
      out.push(`No record of ${core}`);
      continue;
    }
    const due = mine.reduce<string | null>((max, r) => (r.nextDue && (!max || r.nextDue > max) ? r.nextDue : max), null);
    const renewed = due !== null && mine.some((r) => r.givenOn && r.givenOn >= due);
    if (due !== null && due < today && !renewed) out.push(`${core} was due on ${formatDate(due)}`);
  }
  return out;
}

/** The 409 message of a flagged boarding sent without `admissionAcknowledged: true`. */
export const admissionRefusal = (missing: readonly string[]) => `Admission rule: ${missing.join('; ')}. Confirm to board anyway.`;

/** The New Visit forms' acknowledgement checkbox. */
export const ADMISSION_ACK_LABEL = 'I have checked and accept this pet';

/* ───────────── contracts ───────────── */

/** POST /boarding/admissioncheck. */
export const admissionCheckBody = z.object({ _id: idSchema });
export const admissionCheckResponse = z.object({
  success: z.literal(true),
  /** True when nothing stops the pet (not a dog, or a dog that meets the rule). */
  ok: z.boolean(),
  missing: z.array(z.string()),
});
export type AdmissionCheckResponse = z.infer<typeof admissionCheckResponse>;

const coreName = requiredString(
  'Vaccine name is required',
  CORE_VACCINE_NAME_MAX,
  `At most ${CORE_VACCINE_NAME_MAX} characters`,
).meta({
  examples: ['Rabies'],
});

/** PUT /admin/core-vaccines: 1..10 names, unique (any case). */
export const coreVaccinesBody = z.object({
  names: z
    .array(coreName, { error: 'Name at least one core vaccine' })
    .min(1, 'Name at least one core vaccine')
    .max(MAX_CORE_VACCINES, `At most ${MAX_CORE_VACCINES} core vaccines`)
    .superRefine((names, ctx) => {
      const seen = new Set<string>();
      names.forEach((n, i) => {
        if (typeof n !== 'string') return;
        const k = n.trim().toLowerCase();
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: `${n.trim()} is named twice` });
        seen.add(k);
      });
    }),
});
export type CoreVaccinesInput = z.input<typeof coreVaccinesBody>;

export const coreVaccinesResponse = z.object({
  success: z.literal(true),
  names: z.array(z.string()),
  message: z.string().optional(),
});
export type CoreVaccinesResponse = z.infer<typeof coreVaccinesResponse>;

export const CORE_VACCINES_SAVED = 'Core vaccines saved';

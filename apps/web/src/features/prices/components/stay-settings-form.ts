import { type StaySettings, staySettingsSchema } from '@pawdesk/shared';
import { asNumber, changedKeys, fieldErrors } from './settings-form';

/**
 * The stay settings card's form (Prices screen, issue 18): the values as typed (numbers may be '' while editing),
 * what changed against the saved settings (PUT /settings/stays takes only those), and the field errors of the
 * shared schema the server checks with.
 */
export interface StayForm {
  countingRule: StaySettings['countingRule'];
  checkOutTime: string;
  halfDayMaxHours: number | string;
  freeCancellationDays: number | string;
  legacyDeboardRecordsPayment: boolean;
  legacyAdmissionAcknowledged: boolean;
}

export const STAY_FIELDS = [
  'countingRule',
  'checkOutTime',
  'halfDayMaxHours',
  'freeCancellationDays',
  'legacyDeboardRecordsPayment',
  'legacyAdmissionAcknowledged',
] as const satisfies readonly (keyof StaySettings)[];

export const formOf = (s: StaySettings): StayForm => ({ ...s });

/** The form as settings (numbers parsed); the schema decides whether they are valid. */
export function valuesOf(f: StayForm): Record<keyof StaySettings, unknown> {
  return { ...f, halfDayMaxHours: asNumber(f.halfDayMaxHours), freeCancellationDays: asNumber(f.freeCancellationDays) };
}

/** The fields whose value differs from the saved settings. */
export function changedFields(saved: StaySettings, f: StayForm): (keyof StaySettings)[] {
  return changedKeys(saved, valuesOf(f), STAY_FIELDS);
}

export type StayFormResult =
  | { ok: true; patch: Partial<StaySettings> }
  | { ok: false; errors: Partial<Record<keyof StaySettings, string>> };

/** The PUT body (only the changed fields), or each invalid field's message. */
export function stayPatch(saved: StaySettings, f: StayForm): StayFormResult {
  const parsed = staySettingsSchema.safeParse(valuesOf(f));
  if (!parsed.success) return { ok: false, errors: fieldErrors<keyof StaySettings>(parsed.error.issues) };
  const patch: Partial<StaySettings> = {};
  for (const k of changedFields(saved, f)) Object.assign(patch, { [k]: parsed.data[k] });
  return { ok: true, patch };
}

/** What the rule means for the desk, in one sentence (under the choice). */
export function ruleExplained(f: Pick<StayForm, 'countingRule' | 'checkOutTime'>): string {
  return f.countingRule === 'nights'
    ? `Each night is charged at the day price. A pet collected after ${f.checkOutTime || 'the check-out time'} on its last day is charged a late check-out at the half-day price. In on 25 Nov, out on 27 Nov by ${f.checkOutTime || 'the check-out time'}: 2 nights.`
    : 'Every calendar day the pet is in counts, the day it comes in is day 1 (the rule customers know). In on 25 Nov, out on 27 Nov: 3 days.';
}

import { type AppointmentSettings, appointmentSettingsSchema, HHMM_RE } from '@pawdesk/shared';
import { asNumber, changedKeys, type FieldErrors, fieldErrors } from './settings-form';

/**
 * The appointment settings card's form (Prices screen, issue 19): the slot table as typed text, places per slot
 * (default, and per slot service: empty = the default), pickup vehicles per slot, the pickup fare rule and the
 * owner's cancel window. PUT /settings/appointments takes only what changed.
 */
export interface AppointmentForm {
  /** `09:00, 09:30 …` as typed (commas, spaces or new lines between times). */
  slots: string;
  defaultSlotCapacity: number | string;
  /** By visit type code; '' = the default. */
  capacity: Record<string, number | string>;
  pickupVehiclesPerSlot: number | string;
  baseFare: number | string;
  baseKm: number | string;
  stepKm: number | string;
  stepFare: number | string;
  maxKm: number | string;
  ownerCancelWindowHours: number | string;
}

export type AppointmentField =
  | keyof AppointmentSettings
  | 'pickupFare.baseFare'
  | 'pickupFare.baseKm'
  | 'pickupFare.stepKm'
  | 'pickupFare.stepFare'
  | 'pickupFare.maxKm';

const FIELDS = [
  'slots',
  'defaultSlotCapacity',
  'slotCapacityByService',
  'pickupVehiclesPerSlot',
  'pickupFare',
  'ownerCancelWindowHours',
] as const satisfies readonly (keyof AppointmentSettings)[];

export function formOf(s: AppointmentSettings, codes: readonly string[]): AppointmentForm {
  return {
    slots: s.slots.join(', '),
    defaultSlotCapacity: s.defaultSlotCapacity,
    capacity: Object.fromEntries(codes.map((c) => [c, s.slotCapacityByService[c] ?? ''])),
    pickupVehiclesPerSlot: s.pickupVehiclesPerSlot,
    ...s.pickupFare,
    ownerCancelWindowHours: s.ownerCancelWindowHours,
  };
}

/** The typed slot table as a list ('9:30' reads as '09:30'); what is not a time stays, so the schema names it. */
export function slotsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((t) => (/^\d:[0-5]\d$/.test(t) ? `0${t}` : t));
}

/** The form as settings (numbers parsed, per-service places without the empty ones); the schema decides validity. */
export function valuesOf(f: AppointmentForm, saved: AppointmentSettings): Record<keyof AppointmentSettings, unknown> {
  const byService: Record<string, unknown> = { ...saved.slotCapacityByService };
  for (const [code, v] of Object.entries(f.capacity)) {
    if (v === '' || (typeof v === 'string' && v.trim() === '')) delete byService[code];
    else byService[code] = asNumber(v);
  }
  return {
    slots: [...slotsOf(f.slots)].sort(),
    defaultSlotCapacity: asNumber(f.defaultSlotCapacity),
    slotCapacityByService: byService,
    pickupVehiclesPerSlot: asNumber(f.pickupVehiclesPerSlot),
    pickupFare: {
      baseFare: asNumber(f.baseFare),
      baseKm: asNumber(f.baseKm),
      stepKm: asNumber(f.stepKm),
      stepFare: asNumber(f.stepFare),
      maxKm: asNumber(f.maxKm),
    },
    ownerCancelWindowHours: asNumber(f.ownerCancelWindowHours),
  };
}

export const changedFields = (saved: AppointmentSettings, f: AppointmentForm) => changedKeys(saved, valuesOf(f, saved), FIELDS);

export type AppointmentFormResult =
  | { ok: true; patch: Partial<AppointmentSettings> }
  | { ok: false; errors: FieldErrors<string> };

/** The PUT body (only the changed settings), or each invalid field's message (`pickupFare.baseKm`, `slotCapacityByService.grooming`). */
export function appointmentPatch(saved: AppointmentSettings, f: AppointmentForm): AppointmentFormResult {
  const bad = slotsOf(f.slots).find((t) => !HHMM_RE.test(t));
  if (bad) return { ok: false, errors: { slots: `“${bad}” is not a time: write times as HH:MM, e.g. 09:30` } };
  const parsed = appointmentSettingsSchema.safeParse(valuesOf(f, saved));
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues, true) };
  const patch: Partial<AppointmentSettings> = {};
  for (const k of changedFields(saved, f)) Object.assign(patch, { [k]: parsed.data[k] });
  return { ok: true, patch };
}

/** The fare rule in one sentence, as customers meet it. */
export function fareExplained(f: Pick<AppointmentForm, 'baseFare' | 'baseKm' | 'stepKm' | 'stepFare' | 'maxKm'>): string {
  return `₹${f.baseFare || 0} up to ${f.baseKm || 0} km, then ₹${f.stepFare || 0} for each started ${f.stepKm || 0} km beyond; no pickup beyond ${f.maxKm || 0} km.`;
}

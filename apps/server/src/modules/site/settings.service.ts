import {
  type AppointmentSettings,
  appointmentSettingsSchema,
  DEFAULT_APPOINTMENT_SETTINGS,
  CORE_VACCINE_NAME_MAX,
  DEFAULT_CORE_VACCINES,
  DEFAULT_MAX_TOP_UP,
  MAX_CORE_VACCINES,
  DEFAULT_STAY_SETTINGS,
  MAX_TOP_UP_CEILING,
  type StaySettings,
  staySettingsSchema,
  toPaise,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { readSetting, readSettingForUpdate, writeSetting } from './settings.repo.ts';

/**
 * Settings an admin edits (the `settings` table, key → JSON value). The core vaccines of the admission rule
 * (issue 11) are the first: read by the pets module's admission check, edited on the Prices screen.
 */
export const CORE_VACCINES_KEY = 'core_vaccines';

/** A stored list as the rule needs it: names (trimmed, non-empty); anything else is the default. */
function asNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [...DEFAULT_CORE_VACCINES];
  const names = value
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().slice(0, CORE_VACCINE_NAME_MAX))
    .filter(Boolean)
    .slice(0, MAX_CORE_VACCINES);
  return names.length ? names : [...DEFAULT_CORE_VACCINES];
}

/** The core vaccines (default Rabies and DHPP). */
export async function coreVaccines(db: DbOrTx): Promise<string[]> {
  return asNames(await readSetting(db, CORE_VACCINES_KEY));
}

/** Replaces the core vaccines (names already checked: 1..10, unique) and records the change; no change writes nothing. */
export async function setCoreVaccines(db: DbOrTx, actor: Principal, names: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = asNames(await readSettingForUpdate(tx, CORE_VACCINES_KEY));
    if (before.length === names.length && before.every((n, i) => n === names[i])) return before;
    await writeSetting(tx, CORE_VACCINES_KEY, names);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.core_vaccines',
      entity: 'settings',
      entityId: CORE_VACCINES_KEY,
      before: { names: before },
      after: { names },
    });
    return names;
  });
}

/** The wallet's settings (issue 16): the largest top-up, in paise (admin-set, default ₹1,00,000). */
export const WALLET_SETTINGS_KEY = 'wallet';

function asMaxTopUpPaise(value: unknown): number {
  const v = value && typeof value === 'object' ? (value as { maxTopUpPaise?: unknown }).maxTopUpPaise : undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= toPaise(MAX_TOP_UP_CEILING)
    ? v
    : toPaise(DEFAULT_MAX_TOP_UP);
}

/** The largest top-up, in paise. */
export async function walletMaxTopUpPaise(db: DbOrTx): Promise<number> {
  return asMaxTopUpPaise(await readSetting(db, WALLET_SETTINGS_KEY));
}

/** Sets the largest top-up (paise, already checked) and records the change; no change writes nothing. */
export async function setWalletMaxTopUp(db: DbOrTx, actor: Principal, maxTopUpPaise: number): Promise<number> {
  return db.transaction(async (tx) => {
    const before = asMaxTopUpPaise(await readSettingForUpdate(tx, WALLET_SETTINGS_KEY));
    if (before === maxTopUpPaise) return before;
    await writeSetting(tx, WALLET_SETTINGS_KEY, { maxTopUpPaise });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.wallet',
      entity: 'settings',
      entityId: WALLET_SETTINGS_KEY,
      before: { maxTopUpPaise: before },
      after: { maxTopUpPaise },
    });
    return maxTopUpPaise;
  });
}

/**
 * The cash drawer setting (issue 17 "Cash count"): `{required}`; when on, cash is taken or given back only while a
 * drawer session is open (the takings module checks it in the ledger's cash path). Default off.
 */
export const CASH_DRAWER_KEY = 'cash_drawer';

const asRequired = (value: unknown): boolean =>
  Boolean(value && typeof value === 'object' && (value as { required?: unknown }).required === true);

/** Whether cash needs an open drawer session. */
export async function cashDrawerRequired(db: DbOrTx): Promise<boolean> {
  return asRequired(await readSetting(db, CASH_DRAWER_KEY));
}

/** Sets whether cash needs an open drawer session and records the change; no change writes nothing. */
export async function setCashDrawerRequired(db: DbOrTx, actor: Principal, required: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = asRequired(await readSettingForUpdate(tx, CASH_DRAWER_KEY));
    if (before === required) return before;
    await writeSetting(tx, CASH_DRAWER_KEY, { required });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.cash_drawer',
      entity: 'settings',
      entityId: CASH_DRAWER_KEY,
      before: { required: before },
      after: { required },
    });
    return required;
  });
}

/**
 * The desk's stay settings (issue 18, `StaySettings` in @pawdesk/shared): how a stay is counted, the check-out time,
 * the longest half day, the free cancellation window of reservations and the existing client's switch-over
 * settings. A stored value is read field by field: a field missing or invalid takes its default, so a later field
 * never breaks an older row.
 */
export const STAY_SETTINGS_KEY = 'stays';

function asStaySettings(value: unknown): StaySettings {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...DEFAULT_STAY_SETTINGS };
  for (const [key, field] of Object.entries(staySettingsSchema.shape)) {
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as StaySettings;
}

/** The stay settings in force. */
export async function staySettings(db: DbOrTx): Promise<StaySettings> {
  return asStaySettings(await readSetting(db, STAY_SETTINGS_KEY));
}

/** Changes some stay settings (already checked) and records the change; no change writes nothing. */
export async function setStaySettings(db: DbOrTx, actor: Principal, patch: Partial<StaySettings>): Promise<StaySettings> {
  return db.transaction(async (tx) => {
    const before = asStaySettings(await readSettingForUpdate(tx, STAY_SETTINGS_KEY));
    const after = { ...before, ...patch };
    const changed = (Object.keys(after) as (keyof StaySettings)[]).filter((k) => after[k] !== before[k]);
    if (changed.length === 0) return before;
    await writeSetting(tx, STAY_SETTINGS_KEY, after);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.stays',
      entity: 'settings',
      entityId: STAY_SETTINGS_KEY,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
    return after;
  });
}

/**
 * Online appointments' settings (issue 19, `AppointmentSettings` in @pawdesk/shared): the slot table, places per
 * service per slot, pickup vehicles per slot, the pickup fare rule and the owner's full-refund window. Read field
 * by field like the stay settings.
 */
export const APPOINTMENT_SETTINGS_KEY = 'appointments';

function asAppointmentSettings(value: unknown): AppointmentSettings {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const out: Record<string, unknown> = structuredClone(DEFAULT_APPOINTMENT_SETTINGS);
  for (const [key, field] of Object.entries(appointmentSettingsSchema.shape)) {
    const parsed = field.safeParse(stored[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as AppointmentSettings;
}

/** The appointment settings in force. */
export async function appointmentSettings(db: DbOrTx): Promise<AppointmentSettings> {
  return asAppointmentSettings(await readSetting(db, APPOINTMENT_SETTINGS_KEY));
}

/** Changes some appointment settings (already checked) and records the change; no change writes nothing. */
export async function setAppointmentSettings(
  db: DbOrTx,
  actor: Principal,
  patch: Partial<AppointmentSettings>,
): Promise<AppointmentSettings> {
  return db.transaction(async (tx) => {
    const before = asAppointmentSettings(await readSettingForUpdate(tx, APPOINTMENT_SETTINGS_KEY));
    const after = asAppointmentSettings({ ...before, ...patch });
    const same = (k: keyof AppointmentSettings) => JSON.stringify(after[k]) === JSON.stringify(before[k]);
    const changed = (Object.keys(after) as (keyof AppointmentSettings)[]).filter((k) => !same(k));
    if (changed.length === 0) return before;
    await writeSetting(tx, APPOINTMENT_SETTINGS_KEY, after);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.appointments',
      entity: 'settings',
      entityId: APPOINTMENT_SETTINGS_KEY,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
    return after;
  });
}

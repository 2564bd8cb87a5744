import { GST_MSG, type GstRate, gstRateListSchema, selectableGstRates } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { GST_RATES_KEY, gstRates } from './gst-rates.service.ts';
import { lockSettingKey, readSettingForUpdate, writeSetting } from './settings.repo.ts';

/**
 * The writes around the admin's GST rate list (issue 17). A change of the list holds the list's lock exclusively
 * while it checks that no visit type or item uses a rate it removes or retires; a visit type or item that is given
 * a rate holds it shared while it checks the rate is in force. So neither can slip past the other.
 */

/** Takes the rate list's lock for a check against it (shared) and answers the list. Call inside the write's transaction. */
export async function gstRatesForCheck(tx: DbOrTx): Promise<GstRate[]> {
  await lockSettingKey(tx, GST_RATES_KEY, 'shared');
  return gstRates(tx);
}

/**
 * Refuses (400, naming `field`) a rate for a visit type or item that is not in the list or not in force on `today`:
 * 'GST rate must be one of 0, 5, 18, 40%'. Takes the list's shared lock.
 */
export async function requireGstRateInForce(tx: DbOrTx, percent: number, today: string, field = 'gstRate'): Promise<void> {
  const rates = await gstRatesForCheck(tx);
  const valid = selectableGstRates(rates, today);
  if (!valid.includes(percent)) {
    const message = GST_MSG.rateNotInList(valid);
    throw badRequest(message, { [field]: message });
  }
}

/** Takes the rate list's lock for changing it (exclusive) and answers the list as it stands. */
export async function lockGstRatesForChange(tx: DbOrTx): Promise<GstRate[]> {
  await lockSettingKey(tx, GST_RATES_KEY, 'exclusive');
  const stored = gstRateListSchema.safeParse(await readSettingForUpdate(tx, GST_RATES_KEY));
  return stored.success ? stored.data : gstRates(tx);
}

/** Writes the list (already checked) and records the change, under the lock of `lockGstRatesForChange`. */
export async function writeGstRates(tx: DbOrTx, actor: Principal, before: GstRate[], rates: GstRate[]): Promise<void> {
  await writeSetting(tx, GST_RATES_KEY, rates);
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'settings.gst_rates',
    entity: 'settings',
    entityId: GST_RATES_KEY,
    before: { rates: before },
    after: { rates },
  });
}

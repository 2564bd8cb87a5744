import { type GstRate, type GstSettingsResponse, GST_MSG, gstStateName, rateValidOn } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { itemsUsingGstRate } from '../inventory/inventory.service.ts';
import { gstRates } from '../site/gst-rates.service.ts';
import { lockGstRatesForChange, writeGstRates } from '../site/gst-settings.service.ts';
import { allVisitTypes } from './visit-types.repo.ts';

/**
 * The Prices screen's GST rate list (issue 17). The list is a setting (site module); changing it is decided here,
 * where the visit types are and the items can be asked: a rate a visit type or an item uses may not be removed or
 * retired (409 naming them). The business's GSTIN, state and UPI id come from configuration.
 */

export interface BusinessGst {
  gstin: string;
  stateCode?: string;
  upiId?: string;
}

/** How many names a 409 lists before "and N more". */
const NAMES_SHOWN = 5;

export function businessGst(business: BusinessGst): GstSettingsResponse['business'] {
  const stateCode = business.stateCode ?? '06';
  return { gstin: business.gstin, stateCode, stateName: gstStateName(stateCode) ?? '', upiId: business.upiId ?? '' };
}

export async function gstSettings(db: DbOrTx, business: BusinessGst): Promise<Omit<GstSettingsResponse, 'success'>> {
  return { rates: await gstRates(db), business: businessGst(business) };
}

/** When the rate stops being usable as the list has it today: its retirement day, null for never, undefined when not in force. */
function retirementOf(rates: readonly GstRate[], percent: number, today: string): string | null | undefined {
  const entry = rates.find((r) => r.percent === percent && rateValidOn(r, today));
  return entry ? (entry.retiredOn ?? null) : undefined;
}

/**
 * Replaces the list (already checked by its schema). A rate in force today that the new list removes or (newly)
 * retires must not be used by any visit type or item: 409 'GST rate 18% is used by Grooming, Dog food: change them
 * first'. No change writes nothing; a change is audited.
 */
export async function setGstRates(db: DbOrTx, actor: Principal, rates: GstRate[], today: string): Promise<GstRate[]> {
  return db.transaction(async (tx) => {
    const before = await lockGstRatesForChange(tx);
    if (JSON.stringify(before) === JSON.stringify(rates)) return before;
    const types = await allVisitTypes(tx);
    const percents = new Set([...before.map((r) => r.percent), ...types.map((t) => Number(t.gstRatePercent))]);
    for (const percent of [...percents].sort((a, b) => a - b)) {
      const was = retirementOf(before, percent, today);
      const now = retirementOf(rates, percent, today);
      if (was === now) continue;
      const typeNames = types.filter((t) => Number(t.gstRatePercent) === percent).map((t) => t.purpose);
      const items = await itemsUsingGstRate(tx, percent, NAMES_SHOWN);
      const names = [...typeNames, ...items.names];
      const total = typeNames.length + items.count;
      if (total === 0) continue;
      const shown = names.slice(0, NAMES_SHOWN);
      const message = GST_MSG.rateInUse(percent, shown, total - shown.length);
      throw new AppError(409, message, { rates: message }, { percent, usedBy: shown, more: total - shown.length });
    }
    await writeGstRates(tx, actor, before, rates);
    return rates;
  });
}

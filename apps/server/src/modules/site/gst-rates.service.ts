import { DEFAULT_GST_RATES, type GstRate, gstRateListSchema } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting } from './settings.repo.ts';

/** The admin's GST rate list (issue 17): settings key `gst_rates`, edited on the Prices screen. */
export const GST_RATES_KEY = 'gst_rates';

/** The GST rate list: the stored list when it is valid, else the default (0, 5, 18, 40 %; 12 % and 28 % retired). */
export async function gstRates(db: DbOrTx): Promise<GstRate[]> {
  const parsed = gstRateListSchema.safeParse(await readSetting(db, GST_RATES_KEY));
  return parsed.success ? parsed.data : DEFAULT_GST_RATES.map((r) => ({ ...r }));
}

/**
 * GST settings (issue 17): the admin's rate list, the business's GST identity as the screens show it, and the GST
 * fields of visit types, inventory items and owners as the edit calls take them.
 */
import { z } from 'zod';
import {
  GST_STATE_CODE_MESSAGE,
  gstinProblem,
  gstinStateCode,
  gstStateName,
  hsnSchema,
  isGstStateCode,
  sacSchema,
} from './codes.ts';
import { type GstRate, gstRateListSchema, gstRatePercentSchema, gstRateSchema, ratesValidOn } from './gst.ts';

export const GST_MSG = {
  ratesSaved: 'GST rates saved',
  /** A visit type's or item's rate that is not in the list or not in force today. */
  rateNotInList: (valid: readonly number[]) => `GST rate must be one of ${valid.join(', ')}%`,
  /** Removing or retiring a rate that visit types or items still use (409). */
  rateInUse: (percent: number, users: readonly string[], more: number) =>
    `GST rate ${percent}% is used by ${users.join(', ')}${more > 0 ? ` and ${more} more` : ''}: change them first`,
  gstinInvalid: 'Enter a valid GSTIN',
  stateMismatch: (gstinState: string, state: string) =>
    `The GSTIN is registered in ${gstStateName(gstinState) ?? gstinState} (${gstinState}), not ${gstStateName(state) ?? state} (${state})`,
  /**
   * Exclusive prices (GST added on top) are refused until every sale path charges them (docs/decisions.md, "GST:
   * prices include GST until every sale path adds it on top").
   */
  exclusiveNotYet: 'Prices before GST are not supported yet: keep “Price includes GST” on',
  exemptBoolean: 'Exempt must be true or false',
  includesTaxBoolean: 'Price includes GST must be true or false',
} as const;

/** The rates a visit type or item may be given on `today`: the list's rates in force that day. */
export function selectableGstRates(rates: readonly GstRate[], today: string): number[] {
  return ratesValidOn(rates, today);
}

/** GET /settings/gst: the rate list and the business's GST identity (from configuration). */
export const gstBusinessSchema = z.object({
  /** '' when the business has no GSTIN configured (no tax documents are issued). */
  gstin: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  /** '' when no UPI id is configured. */
  upiId: z.string(),
});
export type GstBusiness = z.infer<typeof gstBusinessSchema>;

export const gstSettingsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  rates: z.array(gstRateSchema),
  business: gstBusinessSchema,
});
export type GstSettingsResponse = z.infer<typeof gstSettingsResponse>;

/** PUT /settings/gst (admin): the whole list. */
export const gstSettingsBody = z.object({ rates: gstRateListSchema });
export type GstSettingsBody = z.input<typeof gstSettingsBody>;

/* ───────────── the GST fields of visit types, items and owners ───────────── */

/** '' (or only spaces) means null: the field is cleared. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An optional, clearable code: absent leaves it, null or '' clears it, else `schema` decides. */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable()).optional();

/** A visit type's GST fields as the Prices screen sends them (each optional; `sacCode` null or '' clears it). */
export const visitTypeGstFields = {
  sacCode: clearable(sacSchema).meta({ description: 'SAC code (6 digits starting with 99); null or empty clears it' }),
  gstRate: gstRatePercentSchema.optional().meta({ description: 'GST rate in percent: one of the rate list in force today' }),
  gstExempt: z.boolean({ error: GST_MSG.exemptBoolean }).optional(),
  priceIncludesTax: z.boolean({ error: GST_MSG.includesTaxBoolean }).optional(),
};

/** An inventory item's GST fields (each optional; on add, absent means rate 0, not exempt, price includes GST). */
export const itemGstFields = {
  hsnCode: clearable(hsnSchema).meta({ description: 'HSN code (4, 6 or 8 digits); null or empty clears it' }),
  gstRate: gstRatePercentSchema.optional().meta({ description: 'GST rate in percent: one of the rate list in force today' }),
  gstExempt: z.boolean({ error: GST_MSG.exemptBoolean }).optional(),
  priceIncludesTax: z.boolean({ error: GST_MSG.includesTaxBoolean }).optional(),
};

/** The GST fields answers carry for a visit type or an item (the code is `sacCode` or `hsnCode`). */
export const gstAnswerFields = {
  gstRate: z.number(),
  gstExempt: z.boolean(),
  priceIncludesTax: z.boolean(),
};

/** An owner's GSTIN: upper-cased and checked with its check character; '' or null clears it. */
export const ownerGstinSchema = clearable(
  z
    .string({ error: GST_MSG.gstinInvalid })
    .trim()
    .toUpperCase()
    .refine((s) => gstinProblem(s) === null, GST_MSG.gstinInvalid),
);

/** An owner's state: a GST state code; '' or null clears it. */
export const ownerStateCodeSchema = clearable(
  z.string({ error: GST_STATE_CODE_MESSAGE }).trim().refine(isGstStateCode, GST_STATE_CODE_MESSAGE),
);

/** The owner's GST fields (both optional: absent leaves them as they are). A GSTIN must match the state. */
export const ownerGstFields = { gstin: ownerGstinSchema, stateCode: ownerStateCodeSchema };

/** Why a GSTIN and a state do not go together (the GSTIN's first two digits are its state), or null. */
export function gstinStateProblem(gstin: string | null | undefined, stateCode: string | null | undefined): string | null {
  if (!gstin || !stateCode) return null;
  const own = gstinStateCode(gstin);
  return own === stateCode ? null : GST_MSG.stateMismatch(own, stateCode);
}

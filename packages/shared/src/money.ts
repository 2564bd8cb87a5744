/**
 * Money is stored and computed as integer paise; the API speaks rupees
 * (numbers with at most two decimals). These helpers are the only place
 * that converts between the two.
 */

/** Rupees (possibly fractional) to integer paise, rounding half away from zero. */
export function toPaise(rupees: number): number {
  const p = Math.round(Math.abs(rupees) * 100 + Number.EPSILON);
  return rupees < 0 ? -p : p;
}

/** Integer paise to rupees. */
export function toRupees(paise: number): number {
  return paise / 100;
}

/**
 * The share of one unit (a day, an item) of a total, rounded once to the paisa, halves away from zero (up, for the
 * amounts money holds): 100000 over 3 → 33333, 100 over 8 → 13 (12.5 up). A line then charges units × this share,
 * so quantity × rate = amount on every line shown. Exact integer arithmetic (no floating-point division).
 */
export function perUnitPaise(totalPaise: number, units: number): number {
  if (!Number.isSafeInteger(totalPaise)) throw new RangeError(`perUnitPaise: ${totalPaise} is not a whole number of paise`);
  if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`perUnitPaise: ${units} units (must be at least 1)`);
  const abs = Math.abs(totalPaise);
  const rest = abs % units;
  const share = (abs - rest) / units + (2 * rest >= units ? 1 : 0);
  return totalPaise < 0 ? -share : share;
}

/** True when the number has no more than two decimals. */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Number.isFinite(n) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `₹1,234.00` from rupees. */
export function formatINR(rupees: number | null | undefined): string {
  return `₹${inr.format(rupees ?? 0)}`;
}

/** `Rs. 1,234.00` from rupees (the inventory list's style). */
export function formatRs(rupees: number | null | undefined): string {
  return `Rs. ${inr.format(rupees ?? 0)}`;
}

/** `1234.00`: rupees with two decimals, no symbol. */
export function twoDecimals(rupees: number | null | undefined): string {
  return (rupees ?? 0).toFixed(2);
}

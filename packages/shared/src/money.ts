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

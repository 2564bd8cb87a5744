/** Formatting helpers of the public site. Kept free of zod so the home page stays light. */

/** A service duration in minutes as words: 1440 → '24 hours', 60 → '1 hour', 90 → '1 hour 30 minutes'. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  const parts: string[] = [];
  if (h > 0) parts.push(`${h} ${h === 1 ? 'hour' : 'hours'}`);
  if (m > 0) parts.push(`${m} ${m === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Whole rupees for policy text: 20000 → '₹20,000'. */
export function rupees(n: number): string {
  return `₹${wholeRupees.format(n)}`;
}

/** A Google Maps search for an address (opens in a new tab; no map is embedded). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

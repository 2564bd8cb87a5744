import { type DrawerSession, drawerDifference, formatINR } from '@pawdesk/shared';

/** How the difference of a count reads: balanced, over or short (counted − expected), and its colour. */
export function differenceText(difference: number | null): { text: string; color: string } | null {
  if (difference === null) return null;
  if (difference === 0) return { text: 'Balanced', color: 'teal' };
  if (difference > 0) return { text: `Over by ${formatINR(difference)}`, color: 'orange' };
  return { text: `Short by ${formatINR(-difference)}`, color: 'red' };
}

/** The line that explains the expected figure: 'Float ₹2,000.00 + cash taken ₹700.50 − cash refunded ₹100.25'. */
export function expectedBreakdown(s: Pick<DrawerSession, 'float' | 'cashIn' | 'cashOut'>): string {
  return `Float ${formatINR(s.float)} + cash taken ${formatINR(s.cashIn)} − cash refunded ${formatINR(s.cashOut)}`;
}

/** What closing with `counted` would show, before it is sent (the same arithmetic as the server, in paise). */
export function previewDifference(expected: number, counted: number | null | undefined): { text: string; color: string } | null {
  if (counted === null || counted === undefined || Number.isNaN(counted)) return null;
  return differenceText(drawerDifference(counted, expected));
}

/** A difference with its sign before the rupee: '−₹10.50', '+₹5.00', '₹0.00'. */
export function signedINR(n: number): string {
  if (n === 0) return formatINR(0);
  return `${n < 0 ? '−' : '+'}${formatINR(Math.abs(n))}`;
}

import { formatINR, formatRs } from '@pawdesk/shared/money';

/** Rupees as `₹1,234.00` (or `Rs. 1,234.00` with variant="rs"). */
export function Money({ value, variant = 'inr' }: { value: number | null | undefined; variant?: 'inr' | 'rs' }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{variant === 'rs' ? formatRs(value) : formatINR(value)}</span>;
}

/**
 * Amounts in words, Indian numbering (thousand, lakh, crore), for tax invoices, bills of supply, receipts and credit
 * notes. The wording, exactly:
 * - `Rupees <rupees in words>[ and <paise in words> Paise] Only`, words in Title Case separated by single spaces,
 *   no hyphens and no "and" inside a number: ₹12,34,56,789.05 →
 *   'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Five Paise Only'.
 * - "Rupees" always (cheque style: 'Rupees One Only'); "Paise", but 'One Paisa' for a single paisa.
 * - No rupees: 'Rupees Zero and Fifty Paise Only' (₹0.50); nothing: 'Rupees Zero Only'. No paise: no paise part
 *   (₹1,00,000 → 'Rupees One Lakh Only').
 * - Groups: crore (10^7), lakh (10^5), thousand, hundred; a crore count of 100 or more is itself written in Indian
 *   numbering ('One Lakh Crore' for ₹10^12).
 * - A negative amount starts with 'Minus ' (documents normally show positive amounts).
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${t} ${ONES[n % 10]}` : t;
}

/** A whole number ≥ 1 in Indian-numbering words ('' for 0). */
function groups(n: number): string[] {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(...groups(crore), 'Crore');
  const lakh = Math.floor(rest / 100_000);
  rest %= 100_000;
  if (lakh) parts.push(belowHundred(lakh), 'Lakh');
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand) parts.push(belowHundred(thousand), 'Thousand');
  const hundred = Math.floor(rest / 100);
  rest %= 100;
  if (hundred) parts.push(ONES[hundred]!, 'Hundred');
  if (rest) parts.push(belowHundred(rest));
  return parts;
}

/** A whole number (0 or more, safe integer) in Indian-numbering words: 100000 → 'One Lakh', 0 → 'Zero'. */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`numberInIndianWords: ${n} is not a whole number of 0 or more`);
  return n === 0 ? 'Zero' : groups(n).join(' ');
}

/** The amount (integer paise) in words, as described above. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`amountInWords: ${paise} is not a whole number of paise`);
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const p = abs % 100;
  const sign = paise < 0 ? 'Minus ' : '';
  const paisePart = p === 0 ? '' : ` and ${numberInIndianWords(p)} ${p === 1 ? 'Paisa' : 'Paise'}`;
  return `${sign}Rupees ${numberInIndianWords(rupees)}${paisePart} Only`;
}

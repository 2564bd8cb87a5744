/**
 * What a phone input keeps (issue 9, spec 000 §5): digits only; a leading country code 91 or trunk prefix 0 is
 * dropped when what remains is 10 digits; then at most 10 digits. So a pasted '+91 98123 45678', '919812345678' or
 * '09812345678' all become 9812345678, never a wrong number cut from the front.
 */
export function cleanPhone(v: string): string {
  const digits = v.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits.slice(0, 10);
}

/**
 * A name with its phone, as lists and messages show a person: 'Asha Verma, 9812345678', or the name alone when there
 * is no phone (an owner imported from the original system without one, issue 21): never 'null' or a dangling comma.
 */
export function nameAndPhone(name: string, phone: string | null | undefined, separator = ', '): string {
  return phone ? `${name}${separator}${phone}` : name;
}

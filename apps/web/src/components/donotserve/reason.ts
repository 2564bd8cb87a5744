import { DNS_REASON_MAX, hasControlChars } from '@pawdesk/shared';

/**
 * The check a reason or note gets before it is sent (the server checks the same): required once trimmed, at most
 * 500 characters, one line without control characters. Null when it may be sent.
 */
export function reasonError(value: string, label = 'A reason'): string | null {
  const v = value.trim();
  if (!v) return `${label} is required`;
  if (v.length > DNS_REASON_MAX) return `At most ${DNS_REASON_MAX} characters (${v.length} now)`;
  if (hasControlChars(v)) return 'Use one line of plain text';
  return null;
}

/**
 * The purpose New Visit starts with when the page that sent the staff member there names one in navigation state
 * (`purpose`: a visit type id, code or purpose name; e.g. a completed online appointment's service): the matching
 * type's id, or null (then Inquiry, as before).
 */
export function presetPurpose(types: readonly { _id: string; purpose: string; code?: string }[], state: unknown): string | null {
  const want = (state as { purpose?: unknown } | null)?.purpose;
  if (typeof want !== 'string' || !want.trim()) return null;
  const w = want.trim().toLowerCase();
  const hit = types.find((t) => t._id === want || t.code === w || t.purpose.toLowerCase() === w);
  return hit?._id ?? null;
}

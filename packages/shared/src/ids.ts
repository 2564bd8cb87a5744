/** Ids are 24 lowercase hex characters (ObjectId-shaped). */
export const ID_RE = /^[0-9a-f]{24}$/;

export function isId(s: unknown): s is string {
  return typeof s === 'string' && ID_RE.test(s);
}

import type { z } from 'zod';

/**
 * What the settings cards of the Prices screen share (the stay settings and the appointment settings): numbers as
 * typed, each invalid field's message from the shared schema the server checks with, and the changed fields (the
 * PUT takes only those).
 */

/** A typed number: '' (or not a number) stays as it is, so the schema names the field. */
export const asNumber = (v: number | string): number | string => (typeof v === 'number' ? v : v.trim() === '' ? v : Number(v));

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message of each top-level field (a nested field's message goes to its top-level field, or `path.join('.')`). */
export function fieldErrors<K extends string>(issues: readonly z.core.$ZodIssue[], nested = false): FieldErrors<K> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = nested ? issue.path.join('.') : String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors as FieldErrors<K>;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The keys whose value differs from the saved settings (objects and lists compared by value). */
export function changedKeys<S extends object>(saved: S, values: Record<keyof S, unknown>, keys: readonly (keyof S)[]) {
  return keys.filter((k) => !same(values[k], saved[k]));
}

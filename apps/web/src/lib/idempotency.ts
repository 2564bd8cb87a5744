import { IDEMPOTENCY_MESSAGES } from '@pawdesk/shared/idempotency';
import { useRef } from 'react';
import { ApiError } from './api-client';

/** A new key: a random UUID (crypto.getRandomValues where randomUUID is missing, as on plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** True when the server gave its answer to the submission (a success or a refusal), so it is over. */
function answered(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status === 0) return false;
  // The first request with this key is still running on the server: the next try waits for its answer.
  return !(err.status === 409 && err.message === IDEMPOTENCY_MESSAGES.processing);
}

/**
 * One Idempotency-Key per form submission (docs/decisions.md "Idempotent money writes"). `take()` when the form is
 * submitted (or its payment confirmed) gives the key of the submission under way, or a new one. The submission
 * lasts until the server answers it: `settle(err)` after a request that got no answer (a dropped connection,
 * offline) keeps the key, so saving again sends the same submission and the server does it at most once;
 * `settle()` after a success, or `settle(err)` after the server's refusal, ends it and the next submission gets a
 * new key. `scope` names what is submitted (a boarding being deboarded): a submission for something else is new.
 */
export class SubmissionKey {
  private current: { key: string; scope: string } | null = null;

  take(scope = ''): string {
    if (this.current?.scope !== scope) this.current = { key: newIdempotencyKey(), scope };
    return this.current.key;
  }

  settle(err?: unknown): void {
    if (err === undefined || answered(err)) this.current = null;
  }
}

/** A form's SubmissionKey, kept for the life of the component. */
export function useSubmissionKey(): SubmissionKey {
  const ref = useRef<SubmissionKey | null>(null);
  ref.current ??= new SubmissionKey();
  return ref.current;
}

/**
 * Runs one submission with its key: `send(key)` is the request; the key is settled by the outcome. A request that
 * got no answer is sent again at once with the same key, `retries` times (a dropped connection).
 */
export async function submitOnce<T>(
  submission: SubmissionKey,
  send: (key: string) => Promise<T>,
  { retries = 0, scope = '' }: { retries?: number; scope?: string } = {},
): Promise<T> {
  const key = submission.take(scope);
  for (let attempt = 0; ; attempt++) {
    try {
      const out = await send(key);
      submission.settle();
      return out;
    } catch (err) {
      if (attempt < retries && err instanceof ApiError && !answered(err)) continue;
      submission.settle(err);
      throw err;
    }
  }
}

/**
 * A mutation function whose every call is a form submission with an Idempotency-Key: the call that follows one
 * that got no answer (the receptionist saves again after a dropped connection) sends the same key, so the server
 * writes the money once. `scope` (default: one form) tells submissions for different records apart.
 */
export function useKeyedSubmit<V, T>(
  send: (vars: V, idempotencyKey: string) => Promise<T>,
  scope?: (vars: V) => string,
): (vars: V) => Promise<T> {
  const submission = useSubmissionKey();
  return (vars: V) => submitOnce(submission, (key) => send(vars, key), { scope: scope?.(vars) });
}

import { DEBOARD_MESSAGES as M } from '@pawdesk/shared';
import { serverAnswered } from '../../../lib/api-client';

/**
 * The message of a failed deboarding or stay update (spec 001 §8): the server's message when it refused (the 409
 * naming what is due, another category's boarding …), 'Authentication failed' on 401, 'There was an error in
 * deboarding pet' when the server failed, and 'Failed to deboard pet' when the request got no answer.
 */
export function deboardErrorMessage(err: unknown): string {
  if (!serverAnswered(err)) return M.failed;
  if (err.status === 401) return 'Authentication failed';
  if (err.status >= 500 || !err.message) return M.error;
  return err.message;
}

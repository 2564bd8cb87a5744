import { serverAnswered } from '../../../lib/api-client';

/**
 * What to show when a save fails (spec 000 §8): the server's message when it
 * answered, 'Error saving data' when the request itself failed. Field errors
 * from the server are put on the form's fields.
 */
export function saveFailure(err: unknown, setError?: (path: string, e: { message: string }) => void): string {
  if (serverAnswered(err)) {
    if (setError) for (const [path, message] of Object.entries(err.errors)) setError(path, { message });
    return err.message || 'Error saving data';
  }
  return 'Error saving data';
}

import { notifications } from '@mantine/notifications';

type Kind = 'success' | 'error' | 'invalid' | 'info';
const style: Record<Kind, { color: string; title?: string; autoClose: number }> = {
  success: { color: 'teal', title: 'Done', autoClose: 4000 },
  error: { color: 'red', title: 'Something went wrong', autoClose: 7000 },
  // Input the form or the server refused: titled by what happened, the field errors stay inline (issue 9).
  invalid: { color: 'orange', title: 'Check the form', autoClose: 7000 },
  info: { color: 'blue', autoClose: 4000 },
};

/** True for an error that is about the input: the server refused it (400) or named fields that are wrong. */
export function isValidationError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('status' in err)) return false;
  const { status, errors } = err as { status: unknown; errors?: Record<string, unknown> };
  return status === 400 || status === 422 || (errors !== undefined && Object.keys(errors).length > 0);
}

/**
 * Toasts for outcomes; the texts are the specification's. The toast code is
 * part of the app shell (see app/providers.tsx), so an error can be shown
 * even when the network is gone.
 */
export const notify = {
  success: (message: string) => notifications.show({ ...style.success, message }),
  /** A failure; given the error, one about the input is titled 'Check the form' instead. */
  error: (message: string, err?: unknown) =>
    notifications.show({ ...(isValidationError(err) ? style.invalid : style.error), message }),
  /** Input that fails the form's own checks (the fields show their messages). */
  invalid: (message: string) => notifications.show({ ...style.invalid, message }),
  info: (message: string) => notifications.show({ ...style.info, message }),
};

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
/** Toasts shown for one page only (`onlyOn`), by id: hidden once the app leaves that page. */
const pageToasts = new Map<string, string>();
let pageToastSeq = 0;

/**
 * Hides the page-bound toasts of pages other than `pathname` (called on every navigation, components/layout/
 * PageToasts.tsx): the signup toast, meant for the login page, does not linger over the dashboard (issue 18).
 */
export function leavePageToasts(pathname: string): void {
  for (const [id, path] of pageToasts) {
    if (path === pathname) continue;
    notifications.hide(id);
    pageToasts.delete(id);
  }
}

export const notify = {
  /** With `onlyOn` (a path), the toast is for that page: leaving it hides the toast. */
  success: (message: string, opts: { onlyOn?: string } = {}) => {
    if (!opts.onlyOn) return notifications.show({ ...style.success, message });
    pageToastSeq += 1;
    const id = `page-toast-${pageToastSeq}`;
    pageToasts.set(id, opts.onlyOn);
    return notifications.show({ ...style.success, message, id, onClose: () => pageToasts.delete(id) });
  },
  /** A failure; given the error, one about the input is titled 'Check the form' instead. */
  error: (message: string, err?: unknown) =>
    notifications.show({ ...(isValidationError(err) ? style.invalid : style.error), message }),
  /** Input that fails the form's own checks (the fields show their messages). */
  invalid: (message: string) => notifications.show({ ...style.invalid, message }),
  info: (message: string) => notifications.show({ ...style.info, message }),
};

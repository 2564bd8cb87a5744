import { notifications } from '@mantine/notifications';

type Kind = 'success' | 'error' | 'info';
const style: Record<Kind, { color: string; title?: string; autoClose: number }> = {
  success: { color: 'teal', title: 'Done', autoClose: 4000 },
  error: { color: 'red', title: 'Something went wrong', autoClose: 7000 },
  info: { color: 'blue', autoClose: 4000 },
};

/**
 * Toasts for outcomes; the texts are the specification's. The toast code is
 * part of the app shell (see app/providers.tsx), so an error can be shown
 * even when the network is gone.
 */
export const notify = {
  success: (message: string) => notifications.show({ ...style.success, message }),
  error: (message: string) => notifications.show({ ...style.error, message }),
  info: (message: string) => notifications.show({ ...style.info, message }),
};

import { requestHost } from './overlays';

type Kind = 'success' | 'error' | 'info';
const style: Record<Kind, { color: string; title?: string; autoClose: number }> = {
  success: { color: 'teal', title: 'Done', autoClose: 4000 },
  error: { color: 'red', title: 'Something went wrong', autoClose: 7000 },
  info: { color: 'blue', autoClose: 4000 },
};

function show(kind: Kind, message: string): void {
  void Promise.all([import('@mantine/notifications'), requestHost('notifications')]).then(([m]) =>
    m.notifications.show({ ...style[kind], message }),
  );
}

/** Toasts for outcomes; the texts are the specification's. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

import { Text } from '@mantine/core';
import { notify } from '../lib/notify';
import { type ModalsApi, requestModals } from '../lib/overlays';

/** Shown when the dialog's code cannot be loaded (offline before it was ever used). */
export const CONFIRM_UNAVAILABLE = 'Could not open the confirmation. Check your connection and try again.';

/** A modal confirmation; resolves true when confirmed (false when cancelled or the dialog cannot open). */
export async function confirm(opts: {
  title?: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  let modals: ModalsApi;
  try {
    modals = await requestModals();
  } catch {
    notify.error(CONFIRM_UNAVAILABLE);
    return false;
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (v: boolean) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    modals.openConfirmModal({
      title: opts.title ?? 'Please confirm',
      children: <Text size="sm">{opts.message}</Text>,
      labels: { confirm: opts.confirmLabel ?? 'Confirm', cancel: 'Cancel' },
      confirmProps: opts.danger ? { color: 'red' } : undefined,
      onConfirm: () => done(true),
      onCancel: () => done(false),
      onClose: () => done(false),
    });
  });
}

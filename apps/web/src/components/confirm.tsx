import { Text } from '@mantine/core';
import { requestHost } from '../lib/overlays';

/** A modal confirmation; resolves true when confirmed. */
export async function confirm(opts: {
  title?: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  const [{ modals }] = await Promise.all([import('@mantine/modals'), requestHost('modals')]);
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

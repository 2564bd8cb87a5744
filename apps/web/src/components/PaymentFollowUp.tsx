import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PaymentSubjectInput, VisitPayment } from '@pawdesk/shared';
import { formatINR } from '@pawdesk/shared/money';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { notify } from '../lib/notify';
import { useCardCheckout } from './CardCheckout';
import { CopyLinkField } from './CopyLinkField';

/** What a save answered: its message and the payment taken or asked for. */
export interface SavedWithPayment {
  message: string;
  payment: VisitPayment | null;
}

function PaymentLinkModal({ payment, onClose }: { payment: VisitPayment | null; onClose: () => void }) {
  return (
    <Modal opened={payment !== null} onClose={onClose} title="Payment Link" centered>
      {payment ? (
        <Stack gap="md">
          {payment.linkUrl ? (
            <>
              <Text size="sm">
                Payment link for <b>{formatINR(payment.amount)}</b>.{' '}
                {payment.linkEmailed === false
                  ? 'The owner has no email address on file: share the link with them.'
                  : 'It has been emailed to the owner.'}{' '}
                The amount stays owed until the link is paid.
              </Text>
              <CopyLinkField label="Link" url={payment.linkUrl} />
            </>
          ) : (
            <Alert color="yellow" title="No link yet">
              {payment.linkError ?? 'The payment link could not be created.'} The amount of {formatINR(payment.amount)} stays due.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/**
 * What follows a save that took a payment: a pending card payment opens the card checkout for its amount; a
 * payment link is shown with a Copy button (and whether it was emailed); otherwise the save's message is shown.
 * `after` resolves once the staff member is done (checkout settled, link dialog closed). Render `element` once.
 */
export function usePaymentFollowUp(): {
  after: (saved: SavedWithPayment, subject: PaymentSubjectInput, paidMessage: string) => Promise<void>;
  element: ReactNode;
} {
  const checkout = useCardCheckout();
  const [link, setLink] = useState<VisitPayment | null>(null);
  const closed = useRef<(() => void) | null>(null);

  const after = useCallback(
    async (saved: SavedWithPayment, subject: PaymentSubjectInput, paidMessage: string) => {
      const p = saved.payment;
      if (p?.method === 'card' && p.status === 'pending' && p.amount > 0) {
        // The checkout shows the one success message: `paidMessage` (issue 18: not two toasts).
        const outcome = await checkout.payByCard({ ...subject, amount: p.amount, successMessage: paidMessage });
        if (outcome !== 'paid') notify.info(`${saved.message}. The card payment of ${formatINR(p.amount)} is still due.`);
        return;
      }
      notify.success(saved.message);
      if (p?.method === 'payment_link') {
        await new Promise<void>((resolve) => {
          closed.current = resolve;
          setLink(p);
        });
      }
    },
    [checkout.payByCard],
  );

  const closeLink = () => {
    setLink(null);
    closed.current?.();
    closed.current = null;
  };

  return {
    after,
    element: (
      <>
        {checkout.element}
        <PaymentLinkModal payment={link} onClose={closeLink} />
      </>
    ),
  };
}

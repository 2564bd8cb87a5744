import { Button, Group } from '@mantine/core';
import { formatDateTime, type VisitDetails } from '@pawdesk/shared';
import { IconBan, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { RequireAdmin } from '../AdminOnly';
import { CancelRefundDialog, type VisitRef } from '../refunds/CancelRefundDialog';
import { type VoidTarget, VoidVisitDialog } from '../refunds/VoidVisitDialog';

/** How the visit reads in the action dialogs: 'Grooming of 1 Nov 2026, 3:05 pm'. */
const visitRef = (v: VisitDetails): VisitRef => ({
  _id: v._id,
  label: `${v.visitType.purpose || v.purpose} of ${formatDateTime(v.createdAt)}`,
});

/**
 * The ledger issue's money actions on the visit, for admins (the server checks again): Cancel & refund while the sale
 * was not cancelled yet and costs something, and Void visit. Each opens its dialog over this one; when it is done the
 * visit, its ledger and its documents are fetched again (the dialogs invalidate visits, payments and documents).
 */
export function SaleActions({ v }: { v: VisitDetails }) {
  const [cancelling, setCancelling] = useState<VisitRef | null>(null);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  if (v.voided) return null;
  const cancelled = (v.details.payment.credited ?? 0) > 0;
  return (
    <RequireAdmin fallback={null}>
      <Group gap="xs" justify="flex-end" wrap="wrap">
        {v.price > 0 && !cancelled ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconReceiptRefund size={14} />}
            onClick={() => setCancelling(visitRef(v))}
          >
            Cancel & refund
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconBan size={14} />}
          onClick={() => setVoiding({ ...visitRef(v), paid: v.details.payment.amount })}
        >
          Void visit
        </Button>
      </Group>
      <CancelRefundDialog visit={cancelling} onClose={() => setCancelling(null)} />
      <VoidVisitDialog visit={voiding} onClose={() => setVoiding(null)} />
    </RequireAdmin>
  );
}

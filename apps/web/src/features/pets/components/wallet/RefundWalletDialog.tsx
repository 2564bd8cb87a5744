import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatINR } from '@pawdesk/shared/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { serverMessage } from '../../../../lib/api-client';
import { invalidateWalletData, refundWallet } from '../../../../lib/endpoints/wallet';
import { useKeyedSubmit } from '../../../../lib/idempotency';
import { notify } from '../../../../lib/notify';

const REASON_MIN = 3;

/**
 * 'Refund wallet balance' (admins): the whole unspent balance goes back to the owner (cash top-ups in cash now, card
 * top-ups through the provider), with a reason, after a confirmation. Package days already charged stay charged.
 */
export function RefundWalletDialog({
  ownerId,
  ownerName,
  balance,
  opened,
  onClose,
}: {
  ownerId: string;
  ownerName: string;
  balance: number;
  opened: boolean;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const refund = useMutation({ networkMode: 'always', mutationFn: useKeyedSubmit(refundWallet) });
  useEffect(() => {
    if (opened) {
      setReason('');
      setTried(false);
    }
  }, [opened]);
  const problem = reason.trim().length < REASON_MIN ? 'Give the reason for the refund' : null;

  const submit = () => {
    setTried(true);
    if (problem) return;
    refund.mutate(
      { ownerId, reason: reason.trim() },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          void invalidateWalletData(qc);
          onClose();
        },
        onError: (err) => notify.error(serverMessage(err, 'Could not refund the wallet')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={() => (refund.isPending ? undefined : onClose())} title="Refund wallet balance" centered>
      <Stack gap="md">
        <Text size="sm">
          Refund the whole unspent balance of <b>{formatINR(balance)}</b> to {ownerName}?
        </Text>
        <Alert color="yellow" variant="light">
          <Text size="sm">
            Cash top-ups are refunded in cash now, card top-ups through the payment provider. Boarding package days already
            charged are not refunded. This is recorded with your name and the reason.
          </Text>
        </Alert>
        <Textarea
          label="Reason"
          placeholder="e.g. The owner asked to close the wallet"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={tried ? problem : undefined}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={refund.isPending}>
            Refund {formatINR(balance)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

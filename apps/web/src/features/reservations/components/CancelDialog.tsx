import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { formatDate, formatINR } from '@pawdesk/shared';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCancelQuote, useCancelReservation, useWaiveNoShow } from '../api/reservations';
import { cancelWording } from './booking-rules';

const TONE_COLOR = { none: 'gray', nothing: 'orange', part: 'yellow', all: 'teal' } as const;
const NO_ANSWER = 'The server did not answer. Confirm again: the reservation is cancelled and refunded at most once.';

/** A required reason (up to 500 characters), with the server's or the form's message. */
function Reason({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  disabled: boolean;
}) {
  return (
    <Textarea
      label="Reason"
      required
      autosize
      minRows={2}
      maxLength={500}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      disabled={disabled}
      data-autofocus
    />
  );
}

/**
 * Cancel a reservation: what cancelling now refunds (the server's cancel quote: the whole deposit inside the free
 * window, else the refund policy; said plainly when it refunds nothing), a reason, and the red confirm.
 */
export function CancelDialog({ id, label, onClose }: { id: string | null; label: string; onClose: () => void }) {
  const quote = useCancelQuote(id);
  const cancel = useCancelReservation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonError = (tried && !reason.trim() ? 'Please give a reason' : undefined) ?? undefined;

  const close = () => {
    if (cancel.isPending) return;
    setReason('');
    setTried(false);
    setFailure(null);
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!id || !reason.trim() || cancel.isPending) return;
    setFailure(null);
    try {
      const res = await cancel.mutateAsync({ id, body: { reason: reason.trim() } });
      notify.success(res.refunded > 0 ? `${res.message}: ${formatINR(res.refunded)} refunded` : res.message);
      setReason('');
      setTried(false);
      onClose();
    } catch (err) {
      setFailure(serverMessage(err, NO_ANSWER));
      if (err instanceof ApiError && err.status === 409) void quote.refetch();
    }
  };

  let body: React.ReactNode;
  if (quote.isPending) body = <LoadingState label="Working out the refund..." />;
  else if (!quote.data)
    body = (
      <ErrorState
        title="Could not work out the refund"
        message={serverMessage(quote.error, 'No answer from the server')}
        onRetry={() => void quote.refetch()}
      />
    );
  else {
    const q = quote.data;
    const w = cancelWording(q);
    body = (
      <form onSubmit={submit} noValidate aria-busy={cancel.isPending}>
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Alert
            color={TONE_COLOR[w.tone]}
            variant="light"
            icon={w.tone === 'nothing' ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
            title={w.tone === 'nothing' ? 'No refund' : w.tone === 'none' ? 'No deposit held' : 'Refund'}
            data-testid="cancel-refund"
          >
            <Stack gap={4}>
              <Text size="sm">{w.text}</Text>
              {q.depositHeld > 0 ? (
                <Text size="xs" c="dimmed">
                  Deposit held {formatINR(q.depositHeld)} · refund {formatINR(q.refund)} · kept {formatINR(q.kept)}.{' '}
                  {q.free
                    ? `Free cancellation until ${formatDate(q.freeUntil)}.`
                    : `Free cancellation ended ${formatDate(q.freeUntil)} (${q.freeCancellationDays} days before check-in).`}
                </Text>
              ) : null}
            </Stack>
          </Alert>
          <Reason value={reason} onChange={setReason} error={reasonError} disabled={cancel.isPending} />
          {failure ? (
            <Alert color="red" variant="light" role="alert" title="Could not cancel the reservation" p="sm">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              Keep reservation
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {q.refund > 0 ? `Cancel and refund ${formatINR(q.refund)}` : 'Cancel reservation'}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Modal
      opened={id !== null}
      onClose={close}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Cancel reservation"
      size="lg"
      centered
      closeOnClickOutside={!cancel.isPending}
    >
      {body}
    </Modal>
  );
}

/** Admins: refund a no-show's kept deposit, with a reason. */
export function WaiveDialog({
  id,
  label,
  held,
  onClose,
}: {
  id: string | null;
  label: string;
  held: number;
  onClose: () => void;
}) {
  const waive = useWaiveNoShow();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (waive.isPending) return;
    setReason('');
    setTried(false);
    setFailure(null);
    onClose();
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!id || !reason.trim() || waive.isPending) return;
    try {
      const res = await waive.mutateAsync({ id, body: { reason: reason.trim() } });
      notify.success(res.message);
      setReason('');
      setTried(false);
      onClose();
    } catch (err) {
      setFailure(serverMessage(err, 'The server did not answer. Confirm again: the deposit is refunded at most once.'));
    }
  };
  return (
    <Modal opened={id !== null} onClose={close} closeButtonProps={{ 'aria-label': 'Close' }} title="Waive the no-show" centered>
      <form onSubmit={submit} noValidate aria-busy={waive.isPending}>
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Text size="sm">
            The deposit of <b>{formatINR(held)}</b> kept for the no-show is refunded to the owner.
          </Text>
          <Reason
            value={reason}
            onChange={setReason}
            error={tried && !reason.trim() ? 'Please give a reason' : undefined}
            disabled={waive.isPending}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" title="Could not refund the deposit" p="sm">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={waive.isPending}>
              Keep the deposit
            </Button>
            <Button type="submit" color="red" loading={waive.isPending}>
              Refund {formatINR(held)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

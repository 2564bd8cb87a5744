import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, serverMessage } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useVoidVisit } from '../../api/refunds';
import type { VisitRef } from './CancelRefundDialog';
import { voidExplanation, voidPlan } from './void-plan';

export const VOIDED_MESSAGE = 'Visit voided';
const FAILED = 'Could not void the visit';
/** No answer (offline, a dropped connection): confirming again sends the same submission, done at most once. */
export const NO_ANSWER_VOID = 'The server did not answer. Void again: the visit is voided at most once.';

/** The visit to void and what was paid on it (rupees), which moves to the owner's unapplied balance. */
export interface VoidTarget extends VisitRef {
  paid: number;
}

function VoidForm({ visit, onDone }: { visit: VoidTarget; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useVoidVisit();
  const plan = voidPlan(visit._id, reason);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!plan.body || save.isPending) {
      setTouched(true);
      return;
    }
    setFailure(null);
    try {
      const res = await save.mutateAsync(plan.body);
      notify.success(res.message || VOIDED_MESSAGE);
      onDone();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.errors.reason : undefined);
      setFailure(serverMessage(err, NO_ANSWER_VOID));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {visit.label}
        </Text>
        <Text size="sm">{voidExplanation(visit.paid)}</Text>
        <Textarea
          label="Reason for voiding"
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setServerError(undefined);
          }}
          onBlur={() => setTouched(true)}
          error={serverError ?? (touched ? plan.error : undefined)}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={FAILED} icon={<IconAlertTriangle size={18} />} p="sm">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Keep the visit
          </Button>
          <Button type="submit" color="red" disabled={!plan.canConfirm} loading={save.isPending}>
            Void visit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Void visit (admin): a confirmation with a required reason; a refusal keeps the dialog and the reason typed. */
export function VoidVisitDialog({ visit, onClose }: { visit: VoidTarget | null; onClose: () => void }) {
  return (
    <Modal opened={visit !== null} onClose={onClose} title="Void visit" centered>
      {visit ? <VoidForm key={visit._id} visit={visit} onDone={onClose} /> : null}
    </Modal>
  );
}

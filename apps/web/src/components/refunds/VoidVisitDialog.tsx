import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useVoidVisit } from '../../lib/endpoints/refunds';
import { ActionForm, ReasonField, useMoneyAction } from './ActionForm';
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
  const save = useVoidVisit();
  const plan = voidPlan(visit._id, reason);

  const action = useMoneyAction({
    save,
    body: plan.body,
    done: VOIDED_MESSAGE,
    noAnswer: NO_ANSWER_VOID,
    onDone,
    onFailed: (err) => setServerError(err instanceof ApiError ? err.errors.reason : undefined),
    onInvalid: () => setTouched(true),
  });

  return (
    <ActionForm
      heading={visit.label}
      action={action}
      failedTitle={FAILED}
      keepLabel="Keep the visit"
      confirmLabel="Void visit"
      canConfirm={plan.canConfirm}
      onKeep={onDone}
    >
      <Text size="sm">{voidExplanation(visit.paid)}</Text>
      <ReasonField
        label="Reason for voiding"
        data-autofocus
        value={reason}
        onChange={(v) => {
          setReason(v);
          setServerError(undefined);
        }}
        onBlur={() => setTouched(true)}
        error={serverError ?? (touched ? plan.error : undefined)}
      />
    </ActionForm>
  );
}

/** Void visit (admin): a confirmation with a required reason; a refusal keeps the dialog and the reason typed. */
export function VoidVisitDialog({
  visit,
  onClose,
  onClosed,
}: {
  visit: VoidTarget | null;
  onClose: () => void;
  /** The dialog has gone (its closing transition is over): the caller puts the focus back (issue 22). */
  onClosed?: () => void;
}) {
  return (
    <Modal opened={visit !== null} onClose={onClose} onExitTransitionEnd={onClosed} title="Void visit" centered>
      {visit ? <VoidForm key={visit._id} visit={visit} onDone={onClose} /> : null}
    </Modal>
  );
}

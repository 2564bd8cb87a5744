import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { formatINR } from '@pawdesk/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LoadingState, ErrorState } from '../states';
import { MONEY_INPUT } from '../NumberField';
import { ApiError, serverMessage } from '../../lib/api-client';
import { type RefundQuoteView, useCancelSale, useRefundQuote } from '../../lib/endpoints/refunds';
import { ActionForm, ReasonField, useMoneyAction } from './ActionForm';
import { CANCEL_MESSAGES, type CancelFormValues, cancelPlan, initialCancelForm, overrideStart } from './cancel-plan';
import { QuoteSummary } from './QuoteSummary';

export const CANCELLED_MESSAGE = 'Sale cancelled and refund recorded';
const FAILED = 'Could not cancel the sale';
/** No answer (offline, a dropped connection): confirming again sends the same submission, done at most once. */
export const NO_ANSWER_CANCEL = 'The server did not answer. Confirm again: the sale is cancelled and refunded at most once.';

/** The visit a dialog acts on: its id and how it reads ('Grooming of 1 Nov 2026'). */
export interface VisitRef {
  _id: string;
  label: string;
}

type Field = 'reason' | 'amount' | 'overrideReason';
const SERVER_FIELD: Record<string, Field> = { reason: 'reason', refundAmount: 'amount', overrideReason: 'overrideReason' };

function CancelForm({ visit, quote, onDone }: { visit: VisitRef; quote: RefundQuoteView; onDone: () => void }) {
  const [values, setValues] = useState<CancelFormValues>(() => initialCancelForm(quote));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useCancelSale();
  const plan = cancelPlan(visit._id, quote, values);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // The first field takes the focus once the quote is shown (the dialog opened on its loading state).
  useEffect(() => reasonRef.current?.focus(), []);

  const set = <K extends keyof CancelFormValues>(k: K, v: CancelFormValues[K]) => {
    setValues((old) => ({ ...old, [k]: v }));
    if (k !== 'override') setServerErrors((old) => ({ ...old, [k]: undefined }));
  };
  const touch = (f: Field) => () => setTouched((t) => ({ ...t, [f]: true }));
  // A field's message once it was left (the amount's as soon as one is typed: over the limit says so at once).
  const shown = (f: Field) => touched[f] || (f === 'amount' && values.amount !== '');
  const errorOf = (f: Field) => serverErrors[f] ?? (shown(f) ? plan.errors[f] : undefined);

  const action = useMoneyAction({
    save,
    body: plan.body,
    done: CANCELLED_MESSAGE,
    noAnswer: NO_ANSWER_CANCEL,
    onDone,
    onFailed: (err) => {
      const fields: Partial<Record<Field, string>> = {};
      if (err instanceof ApiError)
        for (const [k, m] of Object.entries(err.errors)) if (SERVER_FIELD[k]) fields[SERVER_FIELD[k]] = m;
      setServerErrors(fields);
    },
  });

  return (
    <ActionForm
      heading={visit.label}
      action={action}
      failedTitle={FAILED}
      keepLabel="Keep the sale"
      confirmLabel="Confirm"
      canConfirm={plan.canConfirm}
      onKeep={onDone}
    >
      <QuoteSummary quote={quote} plan={plan} />
      {plan.nothingRefundable ? (
        <Alert color="gray" variant="light" p="sm">
          {plan.nothingRefundable}
        </Alert>
      ) : null}
      {plan.mustOverride ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          {CANCEL_MESSAGES.windowPassed}
        </Alert>
      ) : null}
      <ReasonField
        ref={reasonRef}
        label="Reason for cancelling"
        value={values.reason}
        onChange={(v) => set('reason', v)}
        onBlur={touch('reason')}
        error={errorOf('reason')}
      />
      <Checkbox
        label="Override the policy amount"
        description={plan.mustOverride ? 'Required: the refund window has passed.' : undefined}
        checked={plan.overriding}
        disabled={plan.mustOverride}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          set('override', on);
          // The amount starts from the policy's refund.
          if (on && values.amount === '') set('amount', overrideStart(quote));
        }}
      />
      {plan.overriding ? (
        <>
          <NumberInput
            {...MONEY_INPUT}
            label="Amount to refund"
            description={`From ${formatINR(0)} to ${formatINR(plan.maxOverride)} (what was paid)`}
            required
            max={plan.maxOverride}
            clampBehavior="none"
            value={values.amount}
            onChange={(v) => set('amount', v)}
            onBlur={touch('amount')}
            error={errorOf('amount')}
          />
          <ReasonField
            label="Reason for the override"
            value={values.overrideReason}
            onChange={(v) => set('overrideReason', v)}
            onBlur={touch('overrideReason')}
            error={errorOf('overrideReason')}
          />
        </>
      ) : null}
      {plan.blocked ? (
        <Text size="sm" c="dimmed">
          {plan.blocked}
        </Text>
      ) : null}
    </ActionForm>
  );
}

function QuoteThenForm({ visit, onDone }: { visit: VisitRef; onDone: () => void }) {
  const q = useRefundQuote(visit._id);
  if (q.isPending) return <LoadingState label="Loading the refund quote..." />;
  if (!q.data)
    return (
      <Stack>
        <ErrorState
          title="Could not load the refund quote"
          message={serverMessage(q.error, 'Failed to load the refund quote')}
          onRetry={() => void q.refetch()}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  return <CancelForm visit={visit} quote={q.data} onDone={onDone} />;
}

/**
 * Cancel & refund (admin): the quote under the refund policy, a reason, and optionally an override of the policy
 * amount; Confirm cancels the sale and records its refund. A refusal keeps the dialog and what was typed.
 */
export function CancelRefundDialog({
  visit,
  onClose,
  onClosed,
}: {
  visit: VisitRef | null;
  onClose: () => void;
  /** The dialog has gone (its closing transition is over): the caller puts the focus back (issue 22). */
  onClosed?: () => void;
}) {
  return (
    <Modal opened={visit !== null} onClose={onClose} onExitTransitionEnd={onClosed} title="Cancel & refund" centered size="lg">
      {visit ? <QuoteThenForm key={visit._id} visit={visit} onDone={onClose} /> : null}
    </Modal>
  );
}

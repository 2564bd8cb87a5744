import { Alert, Button, Group, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, type Ref, useState } from 'react';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** A refund dialog's submission as its form needs it: the submit handler, whether it is under way, and why it failed. */
export interface MoneyAction {
  onSubmit: (e: React.FormEvent) => Promise<void>;
  pending: boolean;
  failure: string | null;
}

/**
 * Submits a refund dialog's body once (nothing while one is under way or when the form cannot be sent: `onInvalid`
 * then). Success: the server's message (or `done`) in a toast, then `onDone`. Failure: `onFailed` puts the server's field
 * errors on the fields, and `failure` says why (`noAnswer` when the server did not answer); the form keeps what was typed.
 */
export function useMoneyAction<B, R extends { message?: string }>({
  save,
  body,
  done,
  noAnswer,
  onDone,
  onFailed,
  onInvalid,
}: {
  save: { mutateAsync: (body: B) => Promise<R>; isPending: boolean };
  body: B | null;
  done: string;
  noAnswer: string;
  onDone: () => void;
  onFailed: (err: unknown) => void;
  onInvalid?: () => void;
}): MoneyAction {
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!body || save.isPending) {
      onInvalid?.();
      return;
    }
    setFailure(null);
    try {
      const res = await save.mutateAsync(body);
      notify.success(res.message || done);
      onDone();
    } catch (err) {
      onFailed(err);
      setFailure(serverMessage(err, noAnswer));
    }
  };
  return { onSubmit, pending: save.isPending, failure };
}

/** A required reason (up to 500 characters) of a refund dialog. */
export function ReasonField({
  onChange,
  ...props
}: Omit<TextareaProps, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  return <Textarea {...props} required autosize minRows={2} maxLength={500} onChange={(e) => onChange(e.currentTarget.value)} />;
}

/**
 * A refund dialog's form: the visit it acts on, its fields, then why the last try failed and the two buttons (keep,
 * and the red confirm, busy while the submission is under way).
 */
export function ActionForm({
  heading,
  action,
  failedTitle,
  keepLabel,
  confirmLabel,
  canConfirm,
  onKeep,
  children,
}: {
  heading: string;
  action: MoneyAction;
  failedTitle: string;
  keepLabel: string;
  confirmLabel: string;
  canConfirm: boolean;
  onKeep: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={action.onSubmit} noValidate aria-busy={action.pending}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {heading}
        </Text>
        {children}
        {action.failure ? (
          <Alert color="red" variant="light" role="alert" title={failedTitle} icon={<IconAlertTriangle size={18} />} p="sm">
            {action.failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} disabled={action.pending}>
            {keepLabel}
          </Button>
          <Button type="submit" color="red" disabled={!canConfirm} loading={action.pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DNS_REASON_MAX } from '@pawdesk/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { reasonError } from './reason';

/**
 * A modal asking for a reason or note (flag, request, reject, lift, override, review): the reason is checked as the
 * server will (required, ≤ 500 characters, one line) before `onSubmit`; the server's refusal shows under the field.
 */
export function ReasonModal({
  opened,
  onClose,
  title,
  intro,
  label,
  confirmLabel,
  onSubmit,
  busy,
  serverError,
  danger,
  required = true,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro?: ReactNode;
  label: string;
  confirmLabel: string;
  onSubmit: (reason: string) => void;
  busy?: boolean;
  serverError?: string | null;
  danger?: boolean;
  /** An approval's note may be left empty. */
  required?: boolean;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setValue('');
      setError(null);
    }
  }, [opened]);

  const submit = () => {
    const problem = !required && value.trim() === '' ? null : reasonError(value, label);
    setError(problem);
    if (!problem) onSubmit(value.trim());
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="sm">
        {intro ? typeof intro === 'string' ? <Text size="sm">{intro}</Text> : intro : null}
        <Textarea
          label={label}
          required={required}
          autosize
          minRows={2}
          maxLength={DNS_REASON_MAX + 50}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value.replace(/[\r\n]+/g, ' '))}
          error={error ?? serverError ?? undefined}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={submit} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Appointment } from '../api/types';
import { APPOINTMENT_MESSAGES, type StaffAction, serviceNameOf, whenOf } from './appointment-view';

/**
 * The notes of Mark as Visited/Completed (optional) and the reason of Mark as Not Visited (required: without one,
 * nothing changes).
 */
export function StatusChangeModal({
  target,
  saving,
  onClose,
  onSubmit,
}: {
  target: { appointment: Appointment; action: Exclude<StaffAction, 'confirm'> } | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (notes: string) => void;
}) {
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setNotes('');
    setError(null);
  }, [target]);
  const complete = target?.action === 'complete';
  return (
    <Modal
      opened={target !== null}
      onClose={() => (saving ? undefined : onClose())}
      title={complete ? 'Mark as Visited/Completed' : 'Mark as Not Visited'}
      centered
    >
      {target ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const text = notes.trim();
            if (!complete && !text) {
              setError(APPOINTMENT_MESSAGES.reasonRequired);
              return;
            }
            onSubmit(text);
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {serviceNameOf(target.appointment)} for {target.appointment.petName}, {whenOf(target.appointment)}.
            </Text>
            <Textarea
              label={complete ? 'Visit notes' : 'Reason'}
              description={complete ? 'Optional' : 'Why the pet did not come (required). A payment made online is refunded in full.'}
              required={!complete}
              autosize
              minRows={3}
              maxLength={1000}
              value={notes}
              onChange={(e) => {
                setNotes(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose} disabled={saving}>
                Back
              </Button>
              <Button type="submit" loading={saving} color={complete ? 'green' : 'red'}>
                {complete ? 'Mark completed' : 'Mark not visited'}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

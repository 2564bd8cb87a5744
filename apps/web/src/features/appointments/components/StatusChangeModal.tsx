import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Appointment } from '../api/types';
import { APPOINTMENT_TEXT, type StaffAction, serviceNameOf, whenOf } from './appointment-view';

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
  const complete = target?.action === 'complete';
  return (
    <Modal
      opened={target !== null}
      onClose={() => (saving ? undefined : onClose())}
      title={complete ? 'Mark as Visited/Completed' : 'Mark as Not Visited'}
      centered
    >
      {target ? (
        <ChangeForm
          key={`${target.appointment._id}:${target.action}`}
          target={target}
          saving={saving}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      ) : null}
    </Modal>
  );
}

function ChangeForm({
  target,
  saving,
  onClose,
  onSubmit,
}: {
  target: { appointment: Appointment; action: Exclude<StaffAction, 'confirm'> };
  saving: boolean;
  onClose: () => void;
  onSubmit: (notes: string) => void;
}) {
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const complete = target.action === 'complete';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const text = notes.trim();
        if (!complete && !text) {
          setError(APPOINTMENT_TEXT.reasonRequired);
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
          withAsterisk={!complete}
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
  );
}

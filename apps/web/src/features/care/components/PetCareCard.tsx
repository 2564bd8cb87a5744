import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { FOOD_SOURCE_LABEL, type PetCareResponse } from '@pawdesk/shared';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { CareWarningBadges } from '../../../components/CareWarningBadges';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { usePetCare, useSavePetCare } from '../api/care-api';
import { CareInstructionsEditor } from './CareInstructionsEditor';

/**
 * A pet's standing care instructions (issue 20) on its details page: staff edit them (`editable`); the owner sees them
 * read-only in the customer area.
 */
export function PetCareCard({ petId, editable }: { petId: string; editable: boolean }) {
  const care = usePetCare(petId);
  const save = useSavePetCare(petId);
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Care instructions">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Care instructions
        </Title>
        {editable && care.data ? (
          <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null}
      </Group>
      {care.isPending ? (
        <LoadingState />
      ) : care.isError ? (
        <ErrorState message={errorMessage(care.error, 'Could not load the care instructions')} onRetry={() => care.refetch()} />
      ) : (
        <CareSummary care={care.data} />
      )}
      {editing && care.data ? (
        <Modal opened onClose={() => setEditing(false)} title="Care instructions" size="xl">
          <CareInstructionsEditor
            slots={care.data.slots}
            items={care.data.items}
            warnings={care.data.warnings}
            emergencyContact={care.data.emergencyContact}
            withProfile
            saving={save.isPending}
            onCancel={() => setEditing(false)}
            onSave={(v) =>
              save.mutate(v, {
                onSuccess: (r) => {
                  notify.success(r.message ?? 'Care instructions saved');
                  setEditing(false);
                },
                onError: (err) => notify.error(errorMessage(err, 'Could not save the care instructions'), err),
              })
            }
          />
        </Modal>
      ) : null}
    </Card>
  );
}

/** The instructions as a short read: warnings, then each meal, dose and task with its slot and how much. */
export function CareSummary({ care }: { care: PetCareResponse }) {
  const slotName = new Map(care.slots.map((s) => [s._id, s.name]));
  const when = (ids: string[], at: string | null) => (at ? at : ids.map((id) => slotName.get(id) ?? '—').join(', '));
  const contact = care.emergencyContact;
  if (care.items.length === 0 && care.warnings.length === 0 && !contact.name && !contact.phone) {
    return (
      <Text size="sm" c="dimmed">
        No care instructions yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <CareWarningBadges warnings={care.warnings} />
      {care.items.map((i) => (
        <Group key={i._id} gap="xs" wrap="nowrap" align="flex-start">
          <Badge size="sm" variant="light" color={i.kind === 'meal' ? 'teal' : i.kind === 'dose' ? 'indigo' : 'gray'} w={64}>
            {i.kind === 'meal' ? 'Meal' : i.kind === 'dose' ? 'Dose' : 'Task'}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {i.label} · {when(i.slotIds, i.atTime)}
            </Text>
            <Text size="xs" c="dimmed">
              {[
                i.source ? FOOD_SOURCE_LABEL[i.source] : null,
                i.inventoryItemName ? `From stock: ${i.inventoryItemName}` : null,
                i.startDate ? `From ${i.startDate}${i.endDate ? ` to ${i.endDate}` : ''}` : null,
                i.instructions,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        </Group>
      ))}
      {contact.name || contact.phone ? (
        <Text size="sm">Emergency contact: {[contact.name, contact.phone].filter(Boolean).join(', ')}</Text>
      ) : null}
    </Stack>
  );
}

import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, INCIDENT_KIND_LABELS, type Incident } from '@pawdesk/shared';
import { IconSend } from '@tabler/icons-react';
import { PhotoStrip } from './PhotoStrip';

const KIND_COLOUR: Record<Incident['kind'], string> = {
  injury: 'red',
  illness: 'orange',
  fight: 'grape',
  escape_attempt: 'yellow',
  other: 'gray',
};

export interface IncidentListProps {
  incidents: Incident[];
  /** Staff actions on a stay in house: photos and "Tell the owner". Absent: read only (the pet's history). */
  actions?: {
    onTell: (i: Incident) => void;
    onAddPhoto: (i: Incident, file: File) => void;
    onRemovePhoto: (i: Incident, hash: string) => void;
    busyId: string | null;
  };
  /** Show the pet's name on each (the pet's history lists one pet: no). */
  showPet?: boolean;
}

/** Incidents, each with its kind, when, what happened and the action taken, its photos and whether the owner was told. */
export function IncidentList({ incidents, actions, showPet }: IncidentListProps) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Incidents">
      {incidents.map((i) => {
        const busy = actions?.busyId === i._id;
        return (
          <Card key={i._id} component="li" withBorder radius="md" padding="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Badge color={KIND_COLOUR[i.kind]} variant="light">
                    {INCIDENT_KIND_LABELS[i.kind]}
                  </Badge>
                  {showPet ? <Text fw={600}>{i.petName}</Text> : null}
                  <Text size="sm" c="dimmed">
                    {formatDateTime(i.occurredAt)}
                  </Text>
                </Group>
                {i.ownerToldAt ? (
                  <Text size="xs" c="teal">
                    Owner told {formatDateTime(i.ownerToldAt)}
                    {i.ownerToldBy ? ` by ${i.ownerToldBy}` : ''}
                  </Text>
                ) : actions ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconSend size={14} />}
                    loading={busy}
                    onClick={() => actions.onTell(i)}
                  >
                    Tell the owner
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    Owner not told
                  </Text>
                )}
              </Group>
              <Text size="sm">
                <b>What happened:</b> {i.whatHappened}
              </Text>
              <Text size="sm">
                <b>Action taken:</b> {i.actionTaken}
              </Text>
              {i.recordedBy ? (
                <Text size="xs" c="dimmed">
                  Recorded by {i.recordedBy}
                </Text>
              ) : null}
              {i.photos.length || actions ? (
                <PhotoStrip
                  photos={i.photos}
                  label="Incident"
                  busy={busy}
                  readOnly={!actions}
                  onAdd={actions ? (f) => actions.onAddPhoto(i, f) : undefined}
                  onRemove={actions ? (h) => actions.onRemovePhoto(i, h) : undefined}
                />
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

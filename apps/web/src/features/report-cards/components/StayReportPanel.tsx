import { Alert, Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import {
  ACTIVITY_LABELS,
  formatDate,
  formatDateTime,
  type Incident,
  MOOD_LABELS,
  REPORT_CARD_MESSAGES,
  type ReportCard,
} from '@pawdesk/shared';
import { IconAlertTriangle, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/confirm';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  stayQuery,
  useAddCardPhoto,
  useAddIncidentPhoto,
  useCreateCard,
  useRecordIncident,
  useRemoveCardPhoto,
  useRemoveIncidentPhoto,
  useSendCard,
  useTellOwner,
  useUpdateCard,
} from '../api/report-cards';
import { IncidentForm } from './IncidentForm';
import { IncidentList } from './IncidentList';
import { PhotoStrip } from './PhotoStrip';
import { ReportCardForm } from './ReportCardForm';
import { StateBadge } from './StateBadge';

const fail = (fallback: string) => (err: unknown) => notify.error(errorMessage(err, fallback), err);

function SentCard({ card }: { card: ReportCard }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        <b>Mood:</b> {card.mood}/5 ({MOOD_LABELS[card.mood]}) · <b>Activity:</b> {card.activity}/5 (
        {ACTIVITY_LABELS[card.activity]})
      </Text>
      {card.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {card.note}
        </Text>
      ) : null}
      <PhotoStrip photos={card.photos} label="Report card" readOnly />
    </Stack>
  );
}

/** Today's card of a stay (write, edit, photos, send) and the stay's incidents (record, photos, tell the owner). */
export function StayReportPanel({ boardingId }: { boardingId: string }) {
  const q = useQuery(stayQuery(boardingId));
  const create = useCreateCard();
  const update = useUpdateCard();
  const send = useSendCard();
  const addPhoto = useAddCardPhoto();
  const removePhoto = useRemoveCardPhoto();
  const record = useRecordIncident();
  const tell = useTellOwner();
  const addIncidentPhoto = useAddIncidentPhoto();
  const removeIncidentPhoto = useRemoveIncidentPhoto();
  const [recording, setRecording] = useState(false);
  const [busyIncident, setBusyIncident] = useState<string | null>(null);

  if (q.isPending) return <LoadingState label="Loading the stay..." />;
  if (!q.data)
    return <ErrorState title="Could not load the stay" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const { stay, card, incidents, day } = q.data;
  const sent = card?.state === 'sent';
  const photoBusy = addPhoto.isPending || removePhoto.isPending;

  const onSend = async (c: ReportCard) => {
    const ok = await confirm({
      title: 'Send the report card',
      message: `Send ${stay.petName}'s report card to ${stay.ownerName}? It cannot be changed once sent.`,
      confirmLabel: 'Send',
    });
    if (!ok) return;
    send.mutate(c._id, {
      onSuccess: (r) => (r.emailed ? notify.success(r.message ?? REPORT_CARD_MESSAGES.sent) : notify.info(r.message ?? '')),
      onError: fail('Could not send the report card'),
    });
  };
  const onTell = async (i: Incident) => {
    const ok = await confirm({
      title: 'Tell the owner',
      message: `Tell ${stay.ownerName} about this incident (inbox and email)? This is done once.`,
      confirmLabel: 'Tell the owner',
    });
    if (!ok) return;
    setBusyIncident(i._id);
    tell.mutate(i._id, {
      onSuccess: (r) => notify.success(r.message ?? 'The owner has been told.'),
      onError: fail('Could not tell the owner'),
      onSettled: () => setBusyIncident(null),
    });
  };
  const incidentPhoto = (i: Incident, run: () => Promise<unknown>) => {
    setBusyIncident(i._id);
    run()
      .catch(fail('Could not change the photos'))
      .finally(() => setBusyIncident(null));
  };

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="card-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Title order={2} fz="lg" id="card-title">
                {stay.petName}
              </Title>
              <Text size="sm" c="dimmed">
                {stay.boardingType} · {stay.ownerName} · in since {formatDateTime(stay.entryTime)}
              </Text>
            </div>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {formatDate(day)}
              </Text>
              <StateBadge card={stay.card} />
            </Group>
          </Group>
          {!stay.isBoarded ? (
            <Alert color="gray" icon={<IconAlertTriangle size={16} />}>
              {REPORT_CARD_MESSAGES.notInHouse}
            </Alert>
          ) : null}
          {card?.summary ? (
            <Alert color="blue" variant="light" title="From the care log">
              {card.summary}
            </Alert>
          ) : card ? (
            <Text size="sm" c="dimmed">
              Nothing in today's care log yet; the summary fills in from it until the card is sent.
            </Text>
          ) : null}
          {sent && card ? (
            <>
              <Badge color="teal" variant="light" leftSection={<IconMail size={12} />}>
                Sent {formatDateTime(card.sentAt)}
              </Badge>
              <SentCard card={card} />
            </>
          ) : stay.isBoarded || card ? (
            <>
              <ReportCardForm
                key={card?._id ?? `new-${boardingId}`}
                card={card}
                saving={create.isPending || update.isPending}
                onSave={(body) =>
                  card
                    ? update
                        .mutateAsync({ id: card._id, body })
                        .then(() => notify.success('Report card saved'), fail('Could not save'))
                    : create
                        .mutateAsync({ ...body, boardingId })
                        .then(() => notify.success('Report card saved'), fail('Could not save the report card'))
                }
              />
              {card ? (
                <>
                  <PhotoStrip
                    photos={card.photos}
                    label="Report card"
                    busy={photoBusy}
                    onAdd={(file) => addPhoto.mutate({ id: card._id, file }, { onError: fail('Could not add the photo') })}
                    onRemove={(hash) =>
                      removePhoto.mutate({ id: card._id, hash }, { onError: fail('Could not remove the photo') })
                    }
                  />
                  <Group justify="flex-end">
                    <Button leftSection={<IconMail size={16} />} loading={send.isPending} onClick={() => void onSend(card)}>
                      Send to owner
                    </Button>
                  </Group>
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  Save the card to add photos and send it.
                </Text>
              )}
            </>
          ) : null}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="incidents-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg" id="incidents-title">
              Incidents
            </Title>
            {stay.isBoarded ? (
              <Button size="xs" color="red" variant="subtle" onClick={() => setRecording((v) => !v)} aria-expanded={recording}>
                {recording ? 'Close' : 'Record an incident'}
              </Button>
            ) : null}
          </Group>
          <Collapse expanded={recording}>
            {recording ? (
              <IncidentForm
                boardingId={boardingId}
                saving={record.isPending}
                onSave={(body) =>
                  record.mutateAsync(body).then((r) => {
                    notify.success(r.message ?? 'Incident recorded');
                    setRecording(false);
                  }, fail('Could not record the incident'))
                }
              />
            ) : null}
          </Collapse>
          {incidents.length === 0 ? (
            <Text size="sm" c="dimmed">
              No incidents during this stay.
            </Text>
          ) : (
            <IncidentList
              incidents={incidents}
              actions={{
                busyId: busyIncident,
                onTell: (i) => void onTell(i),
                onAddPhoto: (i, file) => incidentPhoto(i, () => addIncidentPhoto.mutateAsync({ id: i._id, file })),
                onRemovePhoto: (i, hash) => incidentPhoto(i, () => removeIncidentPhoto.mutateAsync({ id: i._id, hash })),
              }}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

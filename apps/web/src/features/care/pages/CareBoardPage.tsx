import {
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type BoardPet, type BoardTask, FEEDBACK_LABEL, formatDateTime } from '@pawdesk/shared';
import {
  IconArrowBackUp,
  IconCheck,
  IconClock,
  IconClockExclamation,
  IconNotes,
  IconPrinter,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CareWarningBadges } from '../../../components/CareWarningBadges';
import { PetAvatar } from '../../../components/media/AuthImage';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useCareBoard, useRecordTask, useUndoTask } from '../api/care-api';
import { canUndo, feedbackChoices, groupBySlot, isBadFeedback, matchesSearch, progressOf } from '../components/board-view';
import { CareSlotsModal } from '../components/CareSlotsModal';
import { StayPlanModal } from '../components/StayPlanModal';

/**
 * /staff/care (issue 20): every pet in house today with today's meals, doses and other tasks by slot. Phone-first:
 * one tap on a task opens its short feedback list; what another device records appears without a reload (the staff
 * stream's `care` event refetches the board). Late tasks are marked; pets still lacking today's report card say so.
 */
export default function CareBoardPage() {
  const [boardingType, setBoardingType] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [todo, setTodo] = useState(false);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<{ pet: BoardPet; task: BoardTask } | null>(null);
  const [planOf, setPlanOf] = useState<BoardPet | null>(null);
  const [editSlots, setEditSlots] = useState(false);
  const { user } = useAuth();
  const board = useCareBoard({ boardingType: boardingType ?? undefined, slot: slot ?? undefined, todo });
  const data = board.data;
  const pets = (data?.pets ?? []).filter((p) => matchesSearch(p, search));

  return (
    <>
      <PageHeader
        title="Care"
        subtitle={
          data
            ? `${data.counts.done} of ${data.counts.tasks} tasks done today · ${data.counts.late} late`
            : 'Today’s meals, doses and tasks'
        }
        actions={
          user?.isAdmin ? (
            <Button variant="light" leftSection={<IconClock size={16} />} onClick={() => setEditSlots(true)}>
              Care slots
            </Button>
          ) : null
        }
      />
      {editSlots ? <CareSlotsModal onClose={() => setEditSlots(false)} /> : null}
      <Paper withBorder radius="md" p="sm" mb="md">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Pet, owner or breed"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label="Boarding type"
            placeholder="All"
            clearable
            data={(data?.boardingTypes ?? []).map((t) => ({ value: t._id, label: t.purpose }))}
            value={boardingType}
            onChange={setBoardingType}
            w={{ base: '47%', xs: 170 }}
          />
          <Select
            label="Slot"
            placeholder="All day"
            clearable
            data={(data?.slots ?? []).map((s) => ({ value: s._id, label: s.name }))}
            value={slot}
            onChange={setSlot}
            w={{ base: '47%', xs: 150 }}
          />
          <Switch label="Only what is still to do" checked={todo} onChange={(e) => setTodo(e.currentTarget.checked)} mb={8} />
        </Group>
      </Paper>

      {board.isPending ? (
        <LoadingState label="Loading the care board…" />
      ) : board.isError ? (
        <ErrorState message={errorMessage(board.error, 'Could not load the care board')} onRetry={() => board.refetch()} />
      ) : pets.length === 0 ? (
        <EmptyState
          title={todo ? 'Nothing left to do' : 'No pets in house'}
          hint={todo ? 'Every task of the chosen slot is recorded.' : 'Pets appear here when their stay starts.'}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {pets.map((p) => (
            <PetCard
              key={p.boardingId}
              pet={p}
              slots={data!.slots}
              onTask={(task) => setOpen({ pet: p, task })}
              onPlan={() => setPlanOf(p)}
            />
          ))}
        </SimpleGrid>
      )}

      {open ? <RecordModal pet={open.pet} task={open.task} onClose={() => setOpen(null)} /> : null}
      {planOf ? <StayPlanModal boardingId={planOf.boardingId} petName={planOf.petName} onClose={() => setPlanOf(null)} /> : null}
    </>
  );
}

function PetCard({
  pet,
  slots,
  onTask,
  onPlan,
}: {
  pet: BoardPet;
  slots: NonNullable<ReturnType<typeof useCareBoard>['data']>['slots'];
  onTask: (t: BoardTask) => void;
  onPlan: () => void;
}) {
  const progress = progressOf(pet);
  const groups = groupBySlot(pet.tasks, slots);
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={pet.petName} data-testid="care-pet">
      <Group gap="sm" wrap="nowrap" align="center">
        <PetAvatar photo={pet.photo} name={pet.petName} size={44} radius="xl" variant="light" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg">
            {pet.petName}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {pet.breed} · {pet.ownerName} · {pet.boardingType.purpose}
          </Text>
        </Stack>
      </Group>
      <Group gap={6} mt={6} wrap="wrap">
        {progress.total === 0 ? (
          <Badge variant="light" color="gray">
            No tasks today
          </Badge>
        ) : (
          <Badge variant="light" color={progress.late ? 'red' : progress.done === progress.total ? 'green' : 'gray'}>
            {progress.done}/{progress.total} done{progress.late ? ` · ${progress.late} late` : ''}
          </Badge>
        )}
        {pet.reportCardDone ? null : (
          <Badge
            component={Link}
            to={`/staff/reportcards/${pet.boardingId}`}
            variant="outline"
            color="grape"
            data-testid="no-report-card"
            style={{ cursor: 'pointer' }}
          >
            No report card yet
          </Badge>
        )}
      </Group>
      <div style={{ marginTop: 6 }}>
        <CareWarningBadges warnings={pet.careWarnings} compact />
      </div>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          Nothing planned today: open the care plan to add meals and doses.
        </Text>
      ) : (
        <Stack gap={6} mt="xs">
          {groups.map((g) => (
            <div key={g.key}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
                {g.name}
              </Text>
              <Stack gap={4}>
                {g.tasks.map((t) => (
                  <TaskRow key={`${t.itemId}|${t.slotKey}`} task={t} onClick={() => onTask(t)} />
                ))}
              </Stack>
            </div>
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="xs" gap="xs">
        <Button
          size="compact-sm"
          variant="subtle"
          component={Link}
          to={`/staff/care/runcard/${pet.boardingId}`}
          leftSection={<IconPrinter size={14} />}
          aria-label={`${pet.petName}: run card`}
        >
          Run card
        </Button>
        <Button size="compact-sm" variant="subtle" leftSection={<IconNotes size={14} />} onClick={onPlan}>
          Care plan
        </Button>
      </Group>
    </Card>
  );
}

const KIND_LABEL = { meal: 'Meal', dose: 'Dose', other: 'Task' } as const;

function TaskRow({ task: t, onClick }: { task: BoardTask; onClick: () => void }) {
  const done = t.task;
  const bad = done && isBadFeedback(done.feedback);
  return (
    <UnstyledButton
      onClick={onClick}
      data-testid="care-task"
      data-state={done ? 'done' : t.late ? 'late' : 'todo'}
      aria-label={`${KIND_LABEL[t.kind]}: ${t.label}${done ? `, ${FEEDBACK_LABEL[done.feedback]}` : t.late ? ', late' : ''}`}
      style={{
        display: 'block',
        width: '100%',
        borderRadius: 8,
        padding: '10px 12px',
        minHeight: 44,
        border: `1px solid var(--mantine-color-${done ? (bad ? 'red' : 'green') : t.late ? 'red' : 'gray'}-${done ? 3 : t.late ? 5 : 3})`,
        background: done ? `var(--mantine-color-${bad ? 'red' : 'green'}-0)` : t.late ? 'var(--mantine-color-red-0)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge size="xs" variant="light" color={t.kind === 'meal' ? 'teal' : t.kind === 'dose' ? 'indigo' : 'gray'}>
            {KIND_LABEL[t.kind]}
          </Badge>
          <Text size="sm" fw={500} truncate>
            {t.label}
          </Text>
        </Group>
        {done ? (
          <Group gap={4} wrap="nowrap">
            <IconCheck size={14} aria-hidden />
            <Text size="xs" fw={600}>
              {FEEDBACK_LABEL[done.feedback]}
            </Text>
          </Group>
        ) : t.late ? (
          <Group gap={4} wrap="nowrap" c="red">
            <IconClockExclamation size={14} aria-hidden />
            <Text size="xs" fw={700}>
              Late
            </Text>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            To do
          </Text>
        )}
      </Group>
      {done ? (
        <Text size="xs" c="dimmed" mt={2}>
          {done.doneBy.name} · {formatDateTime(done.doneAt).slice(-8)}
          {done.note ? ` · ${done.note}` : ''}
        </Text>
      ) : t.instructions ? (
        <Text size="xs" c="dimmed" mt={2} lineClamp={2}>
          {t.instructions}
        </Text>
      ) : null}
    </UnstyledButton>
  );
}

/** One tap on a task: its feedback list and a note; a recorded task shows who and when, with Undo for its recorder. */
function RecordModal({ pet, task, onClose }: { pet: BoardPet; task: BoardTask; onClose: () => void }) {
  const me = useAuth().user?.id;
  const [feedback, setFeedback] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const record = useRecordTask();
  const undo = useUndoTask();
  const done = task.task;
  const title = `${pet.petName}: ${task.label}`;

  const submit = () => {
    if (!feedback) return;
    record.mutate(
      { boardingId: pet.boardingId, itemId: task.itemId, slotKey: task.slotKey, feedback, note: note.trim() || null },
      {
        onSuccess: (r) => {
          notify.success(`${r.message}: ${task.label}`);
          onClose();
        },
        onError: (err) => notify.error(errorMessage(err, 'Could not record the task'), err),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      {done ? (
        <Stack gap="sm">
          <Text>
            <b>{FEEDBACK_LABEL[done.feedback]}</b> · {task.slotName}
          </Text>
          <Text size="sm" c="dimmed">
            Recorded by {done.doneBy.name} at {formatDateTime(done.doneAt)}
          </Text>
          {done.note ? <Text size="sm">Note: {done.note}</Text> : null}
          {done.chargeVisitId ? (
            <Text size="sm" c="dimmed">
              Taken from stock and added to the stay’s bill.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {canUndo(done, me, Date.now()) && !done.chargeVisitId ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconArrowBackUp size={16} />}
                loading={undo.isPending}
                onClick={() =>
                  undo.mutate(done._id, {
                    onSuccess: (r) => {
                      notify.success(r.message);
                      onClose();
                    },
                    onError: (err) => notify.error(errorMessage(err, 'Could not undo the task'), err),
                  })
                }
              >
                Undo
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {task.instructions ? <Text size="sm">{task.instructions}</Text> : null}
          {task.fromStock ? (
            <Text size="xs" c="dimmed">
              A dose given from stock is added to the stay’s bill.
            </Text>
          ) : null}
          <Chip.Group value={feedback} onChange={(v) => setFeedback(v as string)}>
            <Group gap="xs" role="radiogroup" aria-label="How it went">
              {feedbackChoices(task.kind).map((c) => (
                <Chip key={c.value} value={c.value} size="md" color={isBadFeedback(c.value) ? 'red' : 'green'}>
                  {c.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Textarea
            label="Note (optional)"
            autosize
            minRows={1}
            maxRows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!feedback} loading={record.isPending}>
              Record
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { ActionIcon, Alert, Button, Group, Modal, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCareSlots, useSaveCareSlots } from '../api/care-api';
import { checkSlots, emptyRow, rowsOf, type SlotRow } from './slots-form';

/**
 * The care slots (admins; issue 20): the times of day tasks are planned in and become late after. The whole table is
 * saved at once; the server refuses removing a slot that plans still use (its message is shown).
 */
export function CareSlotsModal({ onClose }: { onClose: () => void }) {
  const q = useCareSlots();
  // On a phone the table takes the whole screen, so the three columns fit without scrolling sideways.
  const wide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  return (
    <Modal opened onClose={onClose} title="Care slots" size="lg" fullScreen={!wide}>
      {q.isPending ? (
        <LoadingState label="Loading the slots" />
      ) : q.isError ? (
        <ErrorState title="Could not load the slots" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <SlotsForm initial={rowsOf(q.data.slots)} onDone={onClose} />
      )}
    </Modal>
  );
}

function SlotsForm({ initial, onDone }: { initial: SlotRow[]; onDone: () => void }) {
  const [rows, setRows] = useState(initial);
  const [shown, setShown] = useState<ReturnType<typeof checkSlots> | null>(null);
  const save = useSaveCareSlots();
  const set = (key: string, field: 'name' | 'start' | 'end', value: string) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  const submit = () => {
    const checked = checkSlots(rows);
    setShown(checked);
    if (!checked.body) return;
    save.mutate(checked.body, {
      onSuccess: (res) => {
        notify.success(res.message ?? 'Care slots saved');
        onDone();
      },
    });
  };
  const errors = shown?.errors ?? {};

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Tasks are planned in these slots; one not done by its slot’s end is marked late. Times are the resort’s local time.
      </Text>
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>Until</Table.Th>
              <Table.Th w={40}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={r.key}>
                <Table.Td>
                  <TextInput
                    aria-label={`Slot ${i + 1} name`}
                    miw={84}
                    value={r.name}
                    maxLength={40}
                    onChange={(e) => set(r.key, 'name', e.currentTarget.value)}
                    error={errors[r.key]?.name}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`Slot ${i + 1} from`}
                    value={r.start}
                    onChange={(e) => set(r.key, 'start', e.currentTarget.value)}
                    error={errors[r.key]?.start}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`Slot ${i + 1} until`}
                    value={r.end}
                    onChange={(e) => set(r.key, 'end', e.currentTarget.value)}
                    error={errors[r.key]?.end}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove slot ${r.name || i + 1}`}
                    disabled={rows.length === 1}
                    onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {shown?.formError ? (
        <Alert color="red" variant="light">
          {shown.formError}
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={rows.length >= 12}
          onClick={() => setRows((rs) => [...rs, emptyRow()])}
        >
          Add slot
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save slots
        </Button>
      </Group>
    </Stack>
  );
}

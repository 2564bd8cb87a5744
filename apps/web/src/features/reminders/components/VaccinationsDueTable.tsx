import { Badge, Button, Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, type VaccinationDueRow } from '@pawdesk/shared';
import { IconSend } from '@tabler/icons-react';
import { NameWithPhone, PhoneLink } from '../../../components/PhoneLink';
import { TableHead } from '../../../components/TableHead';

interface Props {
  rows: VaccinationDueRow[];
  /** The row whose owner is being reminded now. */
  busyId: string | null;
  onRemind: (row: VaccinationDueRow) => void;
  label: string;
}

function RemindButton({ row, busyId, onRemind }: Pick<Props, 'busyId' | 'onRemind'> & { row: VaccinationDueRow }) {
  if (row.remindedToday) {
    return (
      <Badge color="teal" variant="light" size="sm">
        Reminded today
      </Badge>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconSend size={14} />}
      loading={busyId === row._id}
      disabled={busyId !== null && busyId !== row._id}
      onClick={() => onRemind(row)}
      aria-label={`Remind owner of ${row.petName} about ${row.vaccine}`}
    >
      Remind owner
    </Button>
  );
}

const dose = (r: VaccinationDueRow) => (r.numberOfDose === null ? '—' : String(r.numberOfDose));

/** Pet, owner, phone, vaccine, dose, next due and Remind owner; cards on a phone. */
export function VaccinationsDueTable({ rows, busyId, onRemind, label }: Props) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  if (!wide) {
    return (
      <Stack gap="sm" aria-label={label}>
        {rows.map((r) => (
          <Card key={r._id} withBorder radius="md" padding="sm">
            <Stack gap={4} align="flex-start">
              <Text fw={600}>
                {r.petName}
                <Text span size="sm" c="dimmed" fw={400}>
                  {' · '}
                  {r.vaccine}
                  {r.numberOfDose === null ? '' : ` (dose ${r.numberOfDose})`}
                </Text>
              </Text>
              <Text size="sm">Next due {formatDate(r.nextDue)}</Text>
              <Text size="sm" c="dimmed">
                <NameWithPhone name={r.ownerName} phone={r.phone} size="sm" c="inherit" underline="hover" />
              </Text>
              <RemindButton row={r} busyId={busyId} onRemind={onRemind} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={label}>
        <TableHead columns={['Pet', 'Owner', 'Phone', 'Vaccine', 'Dose', 'Next due', { label: 'Reminder', ta: 'right' }]} />
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r._id}>
              <Table.Td fw={600}>{r.petName}</Table.Td>
              <Table.Td>{r.ownerName}</Table.Td>
              <Table.Td>
                <PhoneLink phone={r.phone} size="sm" c="inherit" underline="hover" />
              </Table.Td>
              <Table.Td>{r.vaccine}</Table.Td>
              <Table.Td>{dose(r)}</Table.Td>
              <Table.Td>{formatDate(r.nextDue)}</Table.Td>
              <Table.Td ta="right">
                <RemindButton row={r} busyId={busyId} onRemind={onRemind} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AttendanceEntry, formatTime12 } from '@pawdesk/shared';
import { NameWithPhone, PhoneLink } from '../../../components/PhoneLink';
import { TableHead } from '../../../components/TableHead';
import classes from './attendance.module.css';

export interface SheetProps {
  rows: AttendanceEntry[];
  /** Present ticked for each row (local edits over the server's state). */
  checked: (row: AttendanceEntry) => boolean;
  /** The row differs from what the server has. */
  changed: (row: AttendanceEntry) => boolean;
  onToggle: (row: AttendanceEntry, present: boolean) => void;
  disabled?: boolean;
}

function Status({ row, changed }: { row: AttendanceEntry; changed: boolean }) {
  if (changed) {
    return (
      <Badge size="xs" color="yellow" variant="light">
        Unsaved
      </Badge>
    );
  }
  if (!row.marked) {
    return (
      <Badge size="xs" color="gray" variant="light">
        Not marked
      </Badge>
    );
  }
  return (
    <Badge size="xs" color={row.present ? 'teal' : 'red'} variant="light">
      {row.present ? 'Present' : 'Absent'}
    </Badge>
  );
}

const tel = (phone: string | null) => <PhoneLink phone={phone} size="sm" c="inherit" underline="hover" />;

/** The day's scheduled visits with a Present checkbox each: a table, or cards on a phone. */
export function AttendanceSheet({ rows, checked, changed, onToggle, disabled }: SheetProps) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" aria-label="Scheduled visits">
        {rows.map((r) => (
          <Card key={r._id} withBorder radius="md" padding="sm" className={changed(r) ? classes.changed : undefined}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {r.petId.name}{' '}
                  <Text span c="dimmed" size="sm" tt="capitalize">
                    ({r.petId.species})
                  </Text>
                </Text>
                <Text size="sm">{r.purpose}</Text>
                <Text size="sm" c="dimmed">
                  <NameWithPhone name={r.petId.owner.name} phone={r.petId.owner.phone} size="sm" c="inherit" underline="hover" />
                </Text>
                {r.time ? (
                  <Text size="xs" c="dimmed">
                    {formatTime12(r.time)}
                  </Text>
                ) : null}
              </div>
              <Stack gap={6} align="flex-end">
                <Checkbox
                  label="Present"
                  aria-label={`Present: ${r.petId.name}`}
                  checked={checked(r)}
                  disabled={disabled}
                  onChange={(e) => onToggle(r, e.currentTarget.checked)}
                  size="md"
                />
                <Status row={r} changed={changed(r)} />
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Scheduled visits">
        <TableHead
          columns={['Pet name', 'Species', 'Owner name', 'Contact', 'Purpose', 'Time', { label: 'Present', ta: 'center' }]}
        />
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r._id} className={changed(r) ? classes.changed : undefined}>
              <Table.Td fw={600}>{r.petId.name}</Table.Td>
              <Table.Td tt="capitalize">{r.petId.species}</Table.Td>
              <Table.Td>{r.petId.owner.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{tel(r.petId.owner.phone)}</Table.Td>
              <Table.Td>{r.purpose}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.time ? formatTime12(r.time) : '—'}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="center" wrap="nowrap">
                  <Checkbox
                    aria-label={`Present: ${r.petId.name}`}
                    checked={checked(r)}
                    disabled={disabled}
                    onChange={(e) => onToggle(r, e.currentTarget.checked)}
                  />
                  <Status row={r} changed={changed(r)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, formatTime12, type ReminderItem } from '@pawdesk/shared';
import { IconCake } from '@tabler/icons-react';
import { NameWithPhone, PhoneLink } from '../../../components/PhoneLink';
import { TableHead } from '../../../components/TableHead';

function Purpose({ r }: { r: ReminderItem }) {
  if (r.kind === 'birthday') {
    return (
      <Group gap={6} wrap="nowrap">
        <IconCake size={16} aria-hidden color="var(--mantine-color-pink-6)" />
        <Text size="sm">Birthday</Text>
      </Group>
    );
  }
  return <Text size="sm">{r.purpose}</Text>;
}

function Attendance({ r }: { r: ReminderItem }) {
  if (r.kind === 'birthday') return null;
  if (r.present === true)
    return (
      <Badge size="xs" color="teal" variant="light">
        Present
      </Badge>
    );
  if (r.present === false)
    return (
      <Badge size="xs" color="red" variant="light">
        Absent
      </Badge>
    );
  return (
    <Badge size="xs" color="gray" variant="light">
      Not marked
    </Badge>
  );
}

/** Number, pet name, owner name, contact, purpose, scheduled date (spec 000 §2); scrolls sideways on a phone. */
export function RemindersTable({ rows, showAttendance }: { rows: ReminderItem[]; showAttendance: boolean }) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  if (!wide) {
    return (
      <Stack gap="sm" aria-label="Reminders">
        {rows.map((r, i) => (
          <Card key={`${r.kind}:${r._id}:${r.scheduledDate}`} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  <Text span c="dimmed" size="sm">
                    {i + 1}.{' '}
                  </Text>
                  {r.petName}
                </Text>
                <Purpose r={r} />
                <Text size="sm" c="dimmed">
                  <NameWithPhone name={r.ownerName} phone={r.contact} size="sm" c="inherit" underline="hover" />
                </Text>
              </div>
              <Stack gap={4} align="flex-end">
                <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(r.scheduledDate)}
                </Text>
                {r.time ? (
                  <Text size="xs" c="dimmed">
                    {formatTime12(r.time)}
                  </Text>
                ) : null}
                {showAttendance ? <Attendance r={r} /> : null}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={showAttendance ? 820 : 720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Reminders">
        <TableHead
          columns={[
            { label: 'No.', w: 48 },
            'Pet name',
            'Owner name',
            'Contact',
            'Purpose',
            'Scheduled date',
            showAttendance && 'Attendance',
          ]}
        />
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={`${r.kind}:${r._id}:${r.scheduledDate}`}>
              <Table.Td c="dimmed">{i + 1}</Table.Td>
              <Table.Td fw={600}>{r.petName}</Table.Td>
              <Table.Td>{r.ownerName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <PhoneLink phone={r.contact} size="sm" c="inherit" underline="hover" />
              </Table.Td>
              <Table.Td>
                <Purpose r={r} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(r.scheduledDate)}
                {r.time ? (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    · {formatTime12(r.time)}
                  </Text>
                ) : null}
              </Table.Td>
              {showAttendance ? (
                <Table.Td>
                  <Attendance r={r} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Button, Card, Group, Spoiler, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, formatDateTime, type NotificationStatus, type SentMessage } from '@pawdesk/shared';
import { IconRefresh } from '@tabler/icons-react';
import { TableHead } from '../../../components/TableHead';

const STATUS: Record<NotificationStatus, { color: string; label: string }> = {
  queued: { color: 'blue', label: 'Queued' },
  sending: { color: 'blue', label: 'Sending' },
  sent: { color: 'teal', label: 'Sent' },
  failed: { color: 'red', label: 'Failed' },
  unreachable: { color: 'gray', label: 'No email' },
};

const KIND: Record<string, string> = { reminder: 'Reminder', overdue: 'Missed follow-up', vaccines_due: 'Vaccinations due' };

function When({ m }: { m: SentMessage }) {
  if (m.status === 'sent' && m.sentAt) {
    return (
      <Text size="sm">
        {formatDateTime(m.sentAt)}
        {m.transport === 'log' ? (
          <Text span size="xs" c="dimmed" display="block">
            written to the server log (no mail server configured)
          </Text>
        ) : null}
      </Text>
    );
  }
  if (m.status === 'queued' && m.nextAttemptAt && m.attempts > 0) {
    return <Text size="sm">Next try {formatDateTime(m.nextAttemptAt)}</Text>;
  }
  if (m.status === 'unreachable') {
    return (
      <Text size="sm" c="dimmed">
        Not reachable by email
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Queued {formatDateTime(m.createdAt)}
    </Text>
  );
}

/** What was sent about the chosen dates: recipient, subject, status, attempts, last error. */
export function MessagesTable({
  rows,
  onRetry,
  retrying,
}: {
  rows: SentMessage[];
  onRetry: (m: SentMessage) => void;
  retrying: string | null;
}) {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const retryButton = (m: SentMessage) =>
    m.status === 'failed' ? (
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconRefresh size={14} />}
        onClick={() => onRetry(m)}
        loading={retrying === m._id}
        aria-label={`Retry message to ${m.ownerName ?? m.toAddress ?? ''}`}
      >
        Retry
      </Button>
    ) : null;
  if (!wide) {
    return (
      <Stack gap="sm" aria-label="Messages">
        {rows.map((m) => (
          <Card key={m._id} withBorder radius="md" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb={4}>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {m.ownerName ?? '—'}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {m.toAddress ?? 'Not reachable by email'}
                </Text>
              </div>
              <Stack gap={4} align="flex-end">
                <Badge color={STATUS[m.status].color} variant="light">
                  {STATUS[m.status].label}
                </Badge>
                {retryButton(m)}
              </Stack>
            </Group>
            <Text size="sm">{m.subject}</Text>
            <Text size="xs" c="dimmed">
              {KIND[m.kind] ?? m.kind} · {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
            </Text>
            {m.lastError ? (
              <Text size="xs" c="red">
                {m.lastError}
              </Text>
            ) : null}
            <When m={m} />
            <Spoiler
              maxHeight={0}
              showLabel={<Text size="xs">Show message</Text>}
              hideLabel={<Text size="xs">Hide message</Text>}
              mt={4}
            >
              <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                {m.body}
              </Text>
            </Spoiler>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="sm" aria-label="Messages">
        <TableHead
          columns={[
            'Recipient',
            'Subject',
            { label: 'Status', miw: 110 },
            { label: 'Attempts', ta: 'right' },
            { label: 'Last error', style: { whiteSpace: 'nowrap' } },
            'When',
          ]}
        />
        <Table.Tbody>
          {rows.map((m) => (
            <Table.Tr key={m._id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {m.ownerName ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {m.toAddress ?? 'Not reachable by email'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Tooltip
                  label={
                    <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                      {m.body}
                    </Text>
                  }
                  multiline
                  w={420}
                  withinPortal
                >
                  <Text size="sm" style={{ cursor: 'help' }}>
                    {m.subject}
                  </Text>
                </Tooltip>
                <Text size="xs" c="dimmed">
                  {KIND[m.kind] ?? m.kind}
                  {m.refDate ? ` · ${formatDate(m.refDate)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <Badge color={STATUS[m.status].color} variant="light">
                    {STATUS[m.status].label}
                  </Badge>
                  {retryButton(m)}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{m.attempts}</Table.Td>
              <Table.Td maw={260}>
                <Text size="sm" c={m.lastError ? 'red' : 'dimmed'} lineClamp={3}>
                  {m.lastError ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <When m={m} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

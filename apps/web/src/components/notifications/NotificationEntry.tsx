import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@pawdesk/shared';
import { Link } from 'react-router';

export interface EntryLink {
  to: string;
  state?: unknown;
  label: string;
}

export interface NotificationEntryProps {
  n: { title: string; body: string; createdAt: string; readAt: string | null };
  /** Where the entry leads, or null. */
  link: EntryLink | null;
  /** Mark read, offered while the entry is unread. */
  onRead?: () => void;
  busy?: boolean;
  testId: string;
  /**
   * In a list that mixes read and unread entries, the tint an unread one stands out with (its title bold, "Unread:"
   * in its label); without it the entry is plain (a list of unread ones only).
   */
  unreadTint?: string;
  /** The header bell's smaller row instead of a card. */
  compact?: boolean;
  /** Following the link (the bell closes its dropdown). */
  onFollow?: () => void;
}

/** One notification: title, text, time, its link, and Mark read while unread. Staff and customer inboxes alike. */
export function NotificationEntry({ n, link, onRead, busy, testId, unreadTint, compact, onFollow }: NotificationEntryProps) {
  const unread = !n.readAt;
  const marked = unread && unreadTint !== undefined;
  const size = compact ? 'xs' : 'sm';
  const content = (
    <>
      <Text fw={unreadTint === undefined ? 600 : marked ? 700 : 500} size="sm">
        {n.title}
      </Text>
      <Text size={size} c="dimmed" lineClamp={compact ? 3 : 4}>
        {n.body}
      </Text>
      <Group justify="space-between" mt={compact ? undefined : 6} gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
          {formatDateTime(n.createdAt)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {link ? (
            <Anchor component={Link} to={link.to} state={link.state} size={size} fw={500} onClick={onFollow}>
              {link.label}
            </Anchor>
          ) : null}
          {unread && onRead ? (
            <Button
              size={compact ? 'compact-xs' : 'compact-sm'}
              variant="subtle"
              onClick={onRead}
              disabled={busy}
              aria-label={`Mark read: ${n.title}`}
            >
              Mark read
            </Button>
          ) : null}
        </Group>
      </Group>
    </>
  );
  const label = `${marked ? 'Unread: ' : ''}${n.title}`;
  const tint = marked ? unreadTint : undefined;
  return compact ? (
    <Stack component="li" gap={2} p="xs" aria-label={label} data-testid={testId} style={{ borderRadius: 8, background: tint }}>
      {content}
    </Stack>
  ) : (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={label} data-testid={testId} bg={tint}>
      {content}
    </Card>
  );
}

import { Anchor, Button, Card, Group, Text } from '@mantine/core';
import { type CustomerNotification, formatDateTime } from '@pawdesk/shared';
import { Link } from 'react-router';

/** An app path the entry links to, or null (anything else is not followed). */
export function entryLink(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

/** One inbox entry: title (bold while unread), text, time, its link, and Mark read while unread. */
export function InboxEntry({ n, onRead, busy }: { n: CustomerNotification; onRead?: () => void; busy?: boolean }) {
  const to = entryLink(n.link);
  const unread = !n.readAt;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="li"
      aria-label={`${unread ? 'Unread: ' : ''}${n.title}`}
      data-testid="customer-notification"
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Text fw={unread ? 700 : 500} size="sm">
        {n.title}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={4}>
        {n.body}
      </Text>
      <Group justify="space-between" mt={6} gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
          {formatDateTime(n.createdAt)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {to ? (
            <Anchor component={Link} to={to} size="sm" fw={500}>
              View
            </Anchor>
          ) : null}
          {unread && onRead ? (
            <Button size="compact-sm" variant="subtle" onClick={onRead} disabled={busy} aria-label={`Mark read: ${n.title}`}>
              Mark read
            </Button>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}

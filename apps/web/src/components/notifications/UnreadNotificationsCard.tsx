import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { STAFF_NOTIFICATION_MESSAGES as M } from '@pawdesk/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InlineErrorState, SkeletonRows } from '../states';

interface Unread<N> {
  notifications: N[];
  unreadCount: number;
}

export interface UnreadNotificationsCardProps<N extends { _id: string }> {
  /** The latest unread notifications with the unread count. */
  q: UseQueryResult<Unread<N>>;
  entry: (n: N) => ReactNode;
  /** The card's accessible name. */
  label: string;
  icon: ReactNode;
  /** The icon's colour while some are unread. */
  color: string;
  countTestId: string;
  /** The line under the title when none is unread. */
  noneUnread: string;
  /** The body when the list is empty. */
  empty: string;
  listLabel?: string;
  skeletonRows: number;
  /** Below the list: links, Mark all read. */
  footer?: ReactNode;
}

/**
 * A dashboard's Notifications card (staff and customer): the unread count, the latest unread entries and "and N
 * more unread", loading / error / empty states, and what the caller puts below.
 */
export function UnreadNotificationsCard<N extends { _id: string }>(p: UnreadNotificationsCardProps<N>) {
  const { q } = p;
  const count = q.data?.unreadCount ?? 0;
  const shown = q.data?.notifications ?? [];

  let body: ReactNode;
  if (q.data) {
    body = shown.length ? (
      <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={p.listLabel}>
        {shown.map(p.entry)}
        {count > shown.length ? (
          <Text size="xs" c="dimmed" component="li">
            and {count - shown.length} more unread
          </Text>
        ) : null}
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        {p.empty}
      </Text>
    );
  } else if (q.isError) {
    body = <InlineErrorState message={M.load} onRetry={() => q.refetch()} />;
  } else {
    body = <SkeletonRows label="Loading notifications" rows={p.skeletonRows} height={56} />;
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={p.label}>
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={count ? p.color : 'gray'}>
          {p.icon}
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            Notifications
          </Title>
          <Text size="sm" c="dimmed" data-testid={p.countTestId} aria-live="polite">
            {q.data ? (count ? `${count} unread` : p.noneUnread) : ' '}
          </Text>
        </div>
      </Group>
      {body}
      {p.footer}
    </Card>
  );
}

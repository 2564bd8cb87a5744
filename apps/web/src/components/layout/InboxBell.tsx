import { ActionIcon, Anchor, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { STAFF_NOTIFICATION_MESSAGES as M } from '@pawdesk/shared';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificationTarget } from '../../lib/notification-target';
import {
  invalidateStaffNotifications,
  markStaffNotificationsRead,
  recentNotificationsQuery,
} from '../../lib/endpoints/staff-notifications';
import { MarkAllReadButton, NotificationEntry, UnreadIndicator, useMarkRead } from '../notifications';
import { InlineErrorState, SkeletonRows } from '../states';

export const BELL_EMPTY = 'No notifications yet';

/**
 * The staff header's bell: the unread count, and a dropdown of the latest notifications (read or not) with their
 * links, Mark read per item and Mark all read. New notifications arrive without a reload: StaffLive (one per page,
 * while the header shows two bells, desktop and phone) keeps the live stream and updates the cached list and count.
 * Loaded only for a signed-in staff member.
 */
export default function InboxBell() {
  const [opened, setOpened] = useState(false);
  const q = useQuery(recentNotificationsQuery());
  const mark = useMarkRead(markStaffNotificationsRead, invalidateStaffNotifications);
  const count = q.data?.unreadCount ?? 0;
  const label = count ? `Notifications: ${count} unread` : 'Notifications: none unread';
  const list = q.data?.notifications ?? [];

  let body: React.ReactNode;
  if (q.data) {
    body = list.length ? (
      <ScrollArea.Autosize mah={420} type="auto">
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((n) => (
            <NotificationEntry
              key={n._id}
              n={n}
              link={notificationTarget(n.link)}
              busy={mark.isPending}
              onRead={() => mark.mutate({ ids: [n._id] })}
              onFollow={() => setOpened(false)}
              testId="bell-notification"
              unreadTint="var(--mantine-color-orange-light)"
              compact
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    ) : (
      <Text size="sm" c="dimmed" py="md" ta="center">
        {BELL_EMPTY}
      </Text>
    );
  } else if (q.isError) {
    body = <InlineErrorState message={M.load} onRetry={() => q.refetch()} />;
  } else {
    body = <SkeletonRows label="Loading notifications" rows={3} height={48} />;
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <UnreadIndicator count={count} testId="inbox-bell">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </UnreadIndicator>
      </Popover.Target>
      <Popover.Dropdown p="sm" maw="calc(100vw - 16px)" role="dialog" aria-label="Recent notifications">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={700}>Notifications</Text>
          {count ? <MarkAllReadButton mark={mark} compact /> : null}
        </Group>
        {body}
        <Group justify="flex-end" mt="xs">
          <Anchor component={Link} to="/staff/dashboard" onClick={() => setOpened(false)} size="xs">
            Open dashboard
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

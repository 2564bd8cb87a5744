import { Group } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MarkAllReadButton, NotificationEntry, UnreadNotificationsCard, useMarkRead } from '../../../components/notifications';
import {
  invalidateStaffNotifications,
  markStaffNotificationsRead,
  unreadNotificationsQuery,
} from '../../../lib/endpoints/staff-notifications';
import { notificationTarget } from './notification-target';

/**
 * The staff dashboard's Notifications card: how many are unread and the latest of them (money captured that pays
 * no sale, a refund the provider failed…), each with a link to the screen that deals with it; Mark read per item,
 * Mark all read. The inbox is shared: what one marks read is read for every staff member.
 */
export function NotificationsCard() {
  const q = useQuery(unreadNotificationsQuery());
  const mark = useMarkRead(markStaffNotificationsRead, invalidateStaffNotifications);
  return (
    <UnreadNotificationsCard
      q={q}
      entry={(n) => (
        <NotificationEntry
          key={n._id}
          n={n}
          link={notificationTarget(n.link)}
          busy={mark.isPending}
          onRead={() => mark.mutate({ ids: [n._id] })}
          testId="staff-notification"
        />
      )}
      label="Notifications"
      icon={<IconBellRinging />}
      color="orange"
      countTestId="notifications-unread"
      noneUnread="All caught up"
      empty="Nothing needs your attention."
      skeletonRows={3}
      footer={
        q.data?.unreadCount ? (
          <Group justify="flex-end" mt="sm">
            <MarkAllReadButton mark={mark} />
          </Group>
        ) : null
      }
    />
  );
}

import { Anchor, Group } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MarkAllReadButton, UnreadNotificationsCard, useMarkRead } from '../../../components/notifications';
import {
  invalidateCustomerNotifications,
  markCustomerNotificationsRead,
  unreadCustomerNotificationsQuery,
} from '../../../lib/endpoints/customer-notifications';
import { InboxEntry } from './InboxEntry';

export const INBOX_CAUGHT_UP = 'You are all caught up';

/** Marking read: the inbox's lists and counts reload; a failure is told. */
export const useMarkCustomerRead = () => useMarkRead(markCustomerNotificationsRead, invalidateCustomerNotifications);

/**
 * The customer dashboard's Notifications card: the unread count and the latest unread entries (appointments, visits,
 * prescriptions, wallet and packages), each with its link and Mark read; Mark all read; a link to the whole inbox.
 */
export function CustomerInboxCard() {
  const q = useQuery(unreadCustomerNotificationsQuery());
  const mark = useMarkCustomerRead();
  return (
    <UnreadNotificationsCard
      q={q}
      entry={(n) => <InboxEntry key={n._id} n={n} busy={mark.isPending} onRead={() => mark.mutate({ ids: [n._id] })} />}
      label="My notifications"
      icon={<IconBell />}
      color="blue"
      countTestId="customer-notifications-unread"
      noneUnread="No unread notifications"
      empty={INBOX_CAUGHT_UP}
      listLabel="Unread notifications"
      skeletonRows={2}
      footer={
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Anchor component={Link} to="/customer/notifications" size="sm">
            See all notifications
          </Anchor>
          {q.data?.unreadCount ? <MarkAllReadButton mark={mark} /> : null}
        </Group>
      }
    />
  );
}

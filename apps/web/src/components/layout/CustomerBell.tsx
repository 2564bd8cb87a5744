import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unreadCustomerNotificationsQuery } from '../../lib/endpoints/customer-notifications';
import { UnreadIndicator } from '../notifications';

/** The customer header's bell: the inbox's unread count, a link to /customer/notifications. */
export default function CustomerBell() {
  const q = useQuery(unreadCustomerNotificationsQuery());
  const count = q.data?.unreadCount ?? 0;
  const label = count ? `My notifications: ${count} unread` : 'My notifications: none unread';
  return (
    <Tooltip label={label} withinPortal>
      <UnreadIndicator count={count} testId="customer-bell">
        <ActionIcon component={Link} to="/customer/notifications" variant="subtle" color="gray" size="lg" aria-label={label}>
          <IconBell size={20} />
        </ActionIcon>
      </UnreadIndicator>
    </Tooltip>
  );
}

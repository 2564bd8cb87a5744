import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unreadNotificationsQuery } from '../../lib/endpoints/staff-notifications';

/**
 * The staff navigation's bell: the count of unread staff notifications (the dashboard's Notifications card lists
 * them). Loaded only for a signed-in staff member, so the public pages never carry it; shows nothing it cannot load.
 */
export default function InboxBell() {
  const q = useQuery(unreadNotificationsQuery());
  const count = q.data?.unreadCount ?? 0;
  const label = count ? `Notifications: ${count} unread` : 'Notifications: none unread';
  return (
    <Tooltip label={label} withinPortal>
      <Indicator
        label={count > 99 ? '99+' : count}
        size={16}
        color="red"
        disabled={!count}
        offset={6}
        data-testid="inbox-bell"
        data-count={count}
      >
        <ActionIcon component={Link} to="/staff/dashboard" variant="subtle" color="gray" size="lg" aria-label={label}>
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

import { Group, Stack } from '@mantine/core';
import { STAFF_NOTIFICATION_MESSAGES as M } from '@pawdesk/shared';
import { IconBell } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMore } from '../../../components/LoadMore';
import { MarkAllReadButton } from '../../../components/notifications';
import { PageHeader } from '../../../components/PageHeader';
import { RequireCustomer } from '../../../components/RequireCustomer';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { customerInboxQuery } from '../../../lib/endpoints/customer-notifications';
import { useMarkCustomerRead } from '../components/CustomerInboxCard';
import { InboxEntry } from '../components/InboxEntry';

export const NO_NOTIFICATIONS = 'No notifications yet';
const NO_NOTIFICATIONS_HINT = 'We tell you here about your appointments, visits, prescriptions, wallet and packages.';

function Inbox() {
  const q = useInfiniteQuery(customerInboxQuery());
  const mark = useMarkCustomerRead();
  if (q.isPending) return <LoadingState label="Loading your notifications..." />;
  if (!q.data) return <ErrorState title={M.load} message={serverMessage(q.error, M.load)} onRetry={() => void q.refetch()} />;
  const list = q.data.pages.flatMap((p) => p.notifications);
  const unread = q.data.pages[0]?.unreadCount ?? 0;
  if (list.length === 0)
    return <EmptyState title={NO_NOTIFICATIONS} hint={NO_NOTIFICATIONS_HINT} icon={<IconBell size={26} />} />;
  return (
    <Stack gap="sm" maw={720}>
      {unread ? (
        <Group justify="flex-end">
          <MarkAllReadButton mark={mark}>Mark all read ({unread})</MarkAllReadButton>
        </Group>
      ) : null}
      <Stack component="ul" gap="xs" m={0} p={0} aria-label="My notifications" style={{ listStyle: 'none' }}>
        {list.map((n) => (
          <InboxEntry key={n._id} n={n} busy={mark.isPending} onRead={() => mark.mutate({ ids: [n._id] })} />
        ))}
      </Stack>
      <LoadMore q={q} label="Load more" />
    </Stack>
  );
}

/** /customer/notifications: the pet owner's whole inbox, newest first. */
export default function CustomerNotificationsPage() {
  return (
    <RequireCustomer>
      <PageHeader title="My Notifications" subtitle="Appointments, visits, prescriptions, wallet and packages" />
      <Inbox />
    </RequireCustomer>
  );
}

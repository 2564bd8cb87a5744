import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { STAFF_NOTIFICATION_MESSAGES as M } from '@pawdesk/shared';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { InlineErrorState, SkeletonRows } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  invalidateCustomerNotifications,
  markCustomerNotificationsRead,
  unreadCustomerNotificationsQuery,
} from '../../../lib/endpoints/customer-notifications';
import { InboxEntry } from './InboxEntry';

export const INBOX_CAUGHT_UP = 'You are all caught up';

/** Marking read: the inbox's lists and counts reload; a failure is told. */
export function useMarkCustomerRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markCustomerNotificationsRead,
    onSuccess: () => invalidateCustomerNotifications(qc),
    onError: (err) => notify.error(serverMessage(err, M.markFailed), err),
    networkMode: 'always',
  });
}

/**
 * The customer dashboard's Notifications card: the unread count and the latest unread entries (appointments, visits,
 * prescriptions, wallet and packages), each with its link and Mark read; Mark all read; a link to the whole inbox.
 */
export function CustomerInboxCard() {
  const q = useQuery(unreadCustomerNotificationsQuery());
  const mark = useMarkCustomerRead();
  const count = q.data?.unreadCount ?? 0;
  const shown = q.data?.notifications ?? [];

  let body: React.ReactNode;
  if (q.data) {
    body = shown.length ? (
      <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Unread notifications">
        {shown.map((n) => (
          <InboxEntry key={n._id} n={n} busy={mark.isPending} onRead={() => mark.mutate({ ids: [n._id] })} />
        ))}
        {count > shown.length ? (
          <Text size="xs" c="dimmed" component="li">
            and {count - shown.length} more unread
          </Text>
        ) : null}
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        {INBOX_CAUGHT_UP}
      </Text>
    );
  } else if (q.isError) {
    body = <InlineErrorState message={M.load} onRetry={() => q.refetch()} />;
  } else {
    body = <SkeletonRows label="Loading notifications" rows={2} height={56} />;
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="My notifications">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={count ? 'blue' : 'gray'}>
          <IconBell />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            Notifications
          </Title>
          <Text size="sm" c="dimmed" data-testid="customer-notifications-unread" aria-live="polite">
            {q.data ? (count ? `${count} unread` : 'No unread notifications') : ' '}
          </Text>
        </div>
      </Group>
      {body}
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Anchor component={Link} to="/customer/notifications" size="sm">
          See all notifications
        </Anchor>
        {count ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconChecks size={14} />}
            onClick={() => mark.mutate({ all: true })}
            loading={mark.isPending && mark.variables?.all === true}
          >
            Mark all read
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

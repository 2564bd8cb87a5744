import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatDateTime, STAFF_NOTIFICATION_MESSAGES as M, type StaffNotification } from '@pawdesk/shared';
import { IconBellRinging, IconChecks } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { InlineErrorState, SkeletonRows } from '../../../components/states';
import { serverMessage } from '../../../lib/api-client';
import {
  invalidateStaffNotifications,
  markStaffNotificationsRead,
  unreadNotificationsQuery,
} from '../../../lib/endpoints/staff-notifications';
import { notify } from '../../../lib/notify';
import { notificationTarget } from './notification-target';

function Item({ n, onRead, busy }: { n: StaffNotification; onRead: () => void; busy: boolean }) {
  const target = notificationTarget(n.link);
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={n.title} data-testid="staff-notification">
      <Text fw={600} size="sm">
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
          {target ? (
            <Anchor component={Link} to={target.to} state={target.state} size="sm" fw={500}>
              {target.label}
            </Anchor>
          ) : null}
          <Button size="compact-sm" variant="subtle" onClick={onRead} disabled={busy} aria-label={`Mark read: ${n.title}`}>
            Mark read
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/**
 * The staff dashboard's Notifications card: how many are unread and the latest of them (money captured that pays
 * no sale, a refund the provider failed…), each with a link to the screen that deals with it; Mark read per item,
 * Mark all read. The inbox is shared: what one marks read is read for every staff member.
 */
export function NotificationsCard() {
  const q = useQuery(unreadNotificationsQuery());
  const qc = useQueryClient();
  const mark = useMutation({
    mutationFn: markStaffNotificationsRead,
    onSuccess: () => invalidateStaffNotifications(qc),
    onError: (err) => notify.error(serverMessage(err, M.markFailed), err),
    networkMode: 'always',
  });
  const count = q.data?.unreadCount ?? 0;
  const shown = q.data?.notifications ?? [];

  let body: React.ReactNode;
  if (q.data) {
    body = shown.length ? (
      <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {shown.map((n) => (
          <Item key={n._id} n={n} busy={mark.isPending} onRead={() => mark.mutate({ ids: [n._id] })} />
        ))}
        {count > shown.length ? (
          <Text size="xs" c="dimmed" component="li">
            and {count - shown.length} more unread
          </Text>
        ) : null}
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        Nothing needs your attention.
      </Text>
    );
  } else if (q.isError) {
    body = <InlineErrorState message={M.load} onRetry={() => q.refetch()} />;
  } else {
    body = <SkeletonRows label="Loading notifications" rows={3} height={56} />;
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Notifications">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={count ? 'orange' : 'gray'}>
          <IconBellRinging />
        </ThemeIcon>
        <div>
          <Title order={2} fz="lg">
            Notifications
          </Title>
          <Text size="sm" c="dimmed" data-testid="notifications-unread" aria-live="polite">
            {q.data ? (count ? `${count} unread` : 'All caught up') : ' '}
          </Text>
        </div>
      </Group>
      {body}
      {count ? (
        <Group justify="flex-end" mt="sm">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconChecks size={14} />}
            onClick={() => mark.mutate({ all: true })}
            loading={mark.isPending && mark.variables?.all === true}
          >
            Mark all read
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

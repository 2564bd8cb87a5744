import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTime, STAFF_NOTIFICATION_MESSAGES as M, type StaffNotification } from '@pawdesk/shared';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificationTarget } from '../../lib/notification-target';
import { serverMessage } from '../../lib/api-client';
import {
  invalidateStaffNotifications,
  markStaffNotificationsRead,
  recentNotificationsQuery,
} from '../../lib/endpoints/staff-notifications';
import { notify } from '../../lib/notify';
import { InlineErrorState, SkeletonRows } from '../states';

export const BELL_EMPTY = 'No notifications yet';

function Row({ n, onRead, busy, onFollow }: { n: StaffNotification; onRead: () => void; busy: boolean; onFollow: () => void }) {
  const target = notificationTarget(n.link);
  const unread = !n.readAt;
  return (
    <Stack
      component="li"
      gap={2}
      p="xs"
      aria-label={`${unread ? 'Unread: ' : ''}${n.title}`}
      data-testid="bell-notification"
      style={{ borderRadius: 8, background: unread ? 'var(--mantine-color-orange-light)' : undefined }}
    >
      <Text size="sm" fw={unread ? 700 : 500}>
        {n.title}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={3}>
        {n.body}
      </Text>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" component="time" dateTime={n.createdAt}>
          {formatDateTime(n.createdAt)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {target ? (
            <Anchor component={Link} to={target.to} state={target.state} size="xs" fw={500} onClick={onFollow}>
              {target.label}
            </Anchor>
          ) : null}
          {unread ? (
            <Button size="compact-xs" variant="subtle" onClick={onRead} disabled={busy} aria-label={`Mark read: ${n.title}`}>
              Mark read
            </Button>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * The staff header's bell: the unread count, and a dropdown of the latest notifications (read or not) with their
 * links, Mark read per item and Mark all read. New notifications arrive without a reload: StaffLive (one per page,
 * while the header shows two bells, desktop and phone) keeps the live stream and updates the cached list and count.
 * Loaded only for a signed-in staff member.
 */
export default function InboxBell() {
  const qc = useQueryClient();
  const [opened, setOpened] = useState(false);
  const q = useQuery(recentNotificationsQuery());
  const mark = useMutation({
    mutationFn: markStaffNotificationsRead,
    onSuccess: () => invalidateStaffNotifications(qc),
    onError: (err) => notify.error(serverMessage(err, M.markFailed), err),
    networkMode: 'always',
  });
  const count = q.data?.unreadCount ?? 0;
  const label = count ? `Notifications: ${count} unread` : 'Notifications: none unread';
  const list = q.data?.notifications ?? [];

  let body: React.ReactNode;
  if (q.data) {
    body = list.length ? (
      <ScrollArea.Autosize mah={420} type="auto">
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((n) => (
            <Row
              key={n._id}
              n={n}
              busy={mark.isPending}
              onRead={() => mark.mutate({ ids: [n._id] })}
              onFollow={() => setOpened(false)}
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
        <Indicator
          label={count > 99 ? '99+' : count}
          size={16}
          color="red"
          disabled={!count}
          offset={6}
          data-testid="inbox-bell"
          data-count={count}
        >
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
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="sm" maw="calc(100vw - 16px)" role="dialog" aria-label="Recent notifications">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Text fw={700}>Notifications</Text>
          {count ? (
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconChecks size={14} />}
              onClick={() => mark.mutate({ all: true })}
              loading={mark.isPending && mark.variables?.all === true}
            >
              Mark all read
            </Button>
          ) : null}
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

import { ActionIcon, Badge, Card, Group, Menu, Text } from '@mantine/core';
import type { StaffUser } from '@pawdesk/shared';
import { IconDots, IconKey, IconLock, IconLockOpen, IconLogout, IconShield, IconShieldOff } from '@tabler/icons-react';

export type UserAction = 'disable' | 'enable' | 'makeAdmin' | 'removeAdmin' | 'password' | 'logout';

/** One staff account: name, email, its flags and a menu of what an admin can do with it. */
export function UserCard({
  user,
  isSelf,
  busy,
  onAction,
}: {
  user: StaffUser;
  isSelf: boolean;
  busy: boolean;
  onAction: (action: UserAction) => void;
}) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="staff-user" aria-label={user.fullName} component="li">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} c={user.disabled ? 'dimmed' : undefined} truncate>
              {user.fullName}
            </Text>
            {isSelf ? (
              <Badge size="sm" variant="outline">
                You
              </Badge>
            ) : null}
            {user.isAdmin ? (
              <Badge size="sm" variant="light" color="grape">
                Admin
              </Badge>
            ) : null}
            {user.disabled ? (
              <Badge size="sm" variant="light" color="red">
                Disabled
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" loading={busy} aria-label={`Actions for ${user.fullName}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {isSelf ? null : user.isAdmin ? (
              <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => onAction('removeAdmin')}>
                Remove admin
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconShield size={16} />} onClick={() => onAction('makeAdmin')}>
                Make admin
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction('password')}>
              Set password
            </Menu.Item>
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => onAction('logout')}>
              Log out everywhere
            </Menu.Item>
            {isSelf ? null : user.disabled ? (
              <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction('enable')}>
                Enable
              </Menu.Item>
            ) : (
              <Menu.Item color="red" leftSection={<IconLock size={16} />} onClick={() => onAction('disable')}>
                Disable
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}

import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { AuthUser } from '@pawdesk/shared/auth/schemas';
import { IconChevronDown, IconFileInvoice, IconLayoutDashboard, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dashboardFor } from '../../lib/auth';
import classes from './layout.module.css';

/** The signed-in user's menu: Dashboard (their own), My Profile and My Documents (customers), My Account (staff) and Logout. Loaded only when signed in. */
export default function ProfileMenu({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.profile} aria-label="Profile menu">
          <Group gap={6} wrap="nowrap">
            <Avatar size={28} color="orange" radius="xl">
              {user.fullName.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={500} maw={140} truncate>
              {user.fullName}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.role === 'staff' ? 'Staff Member' : 'Pet Owner'}</Menu.Label>
        <Menu.Item leftSection={<IconLayoutDashboard size={16} />} component={Link} to={dashboardFor(user.role)}>
          Dashboard
        </Menu.Item>
        {user.role === 'customer' ? (
          <Menu.Item leftSection={<IconUserCircle size={16} />} component={Link} to="/customer/profile">
            My Profile
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconUserCircle size={16} />} component={Link} to="/staff/account">
            My Account
          </Menu.Item>
        )}
        {user.role === 'customer' ? (
          <Menu.Item leftSection={<IconFileInvoice size={16} />} component={Link} to="/customer/documents">
            My Documents
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

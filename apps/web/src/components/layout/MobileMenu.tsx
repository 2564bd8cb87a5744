import { Button, Divider, Drawer, NavLink as MNavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { NavLink } from './nav';

/** The phone menu drawer; its code loads the first time the menu is opened. */
export default function MobileMenu(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  links: NavLink[];
  onLogout?: () => void;
}) {
  const location = useLocation();
  return (
    <Drawer opened={props.opened} onClose={props.onClose} title={props.title} hiddenFrom="md" size="80%" position="right">
      <Stack gap={2} component="nav" aria-label="Mobile">
        {props.links.map((l) => (
          <MNavLink
            key={l.to}
            component={Link}
            to={l.to}
            label={l.label}
            active={location.pathname === l.to}
            onClick={props.onClose}
          />
        ))}
        {props.onLogout ? (
          <>
            <Divider my="sm" />
            <Button variant="light" color="red" leftSection={<IconLogout size={16} />} onClick={props.onLogout}>
              Logout
            </Button>
          </>
        ) : null}
      </Stack>
    </Drawer>
  );
}

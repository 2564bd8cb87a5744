import { Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPaw } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { auth, dashboardFor, useAuth } from '../../lib/auth';
import { useBusiness } from '../../lib/business';
import classes from './layout.module.css';
import { navFor, STAFF_MOBILE_EXTRA } from './nav';

const ProfileMenu = lazy(() => import('./ProfileMenu'));
const MobileMenu = lazy(() => import('./MobileMenu'));

export function Header() {
  const { isAuthenticated, user } = useAuth();
  const business = useBusiness();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const links = navFor(isAuthenticated ? user?.role : undefined);
  const mobileLinks = isAuthenticated
    ? user?.role === 'staff'
      ? [...links, ...STAFF_MOBILE_EXTRA]
      : [...links, { label: 'Dashboard', to: dashboardFor(user?.role) }]
    : links;

  const logout = () => {
    auth.signOut();
    queryClient.clear();
    close();
    navigate('/login');
  };

  return (
    <Box component="header" className={classes.header}>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" maw={1280} mx="auto">
        <Link to="/" className={classes.brand} aria-label={`${business.name} home`}>
          <IconPaw size={26} aria-hidden />
          <Text fw={700} fz="lg" truncate component="span">
            {business.name}
          </Text>
        </Link>

        <Group gap={4} visibleFrom="md" component="nav" aria-label="Main" wrap="nowrap">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className={({ isActive }) => `${classes.link} ${isActive ? classes.active : ''}`}>
              {l.label}
            </NavLink>
          ))}
          {isAuthenticated && user ? (
            <Suspense fallback={null}>
              <ProfileMenu user={user} onLogout={logout} />
            </Suspense>
          ) : null}
        </Group>

        <Burger
          opened={opened}
          onClick={() => {
            setMenuLoaded(true);
            toggle();
          }}
          hiddenFrom="md"
          aria-label="Open menu"
        />
      </Group>

      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            title={business.name}
            links={mobileLinks}
            onLogout={isAuthenticated ? logout : undefined}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

import { Box, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPaw } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { dashboardFor, useAuth } from '../../lib/auth';
import { logoutOnServer } from '../../lib/auth-server';
import { useBusiness } from '../../lib/business';
import { lazyRetry, whenIdle } from '../../lib/lazy';
import { notify } from '../../lib/notify';
import { ErrorBoundary } from '../ErrorBoundary';
import classes from './layout.module.css';
import { navFor, STAFF_MOBILE_EXTRA } from './nav';

const ProfileMenu = lazyRetry(() => import('./ProfileMenu'));
const MobileMenu = lazyRetry(() => import('./MobileMenu'));
const NavMenu = lazyRetry(() => import('./NavMenu'));
const InboxBell = lazyRetry(() => import('./InboxBell'));
const StaffLive = lazyRetry(() => import('./StaffLive'));
const CustomerBell = lazyRetry(() => import('./CustomerBell'));

/** Shown when the phone menu's code cannot be fetched (offline before it was first opened). */
export const MENU_UNAVAILABLE = 'Could not open the menu. Check your connection and try again.';

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
      : [
          ...links,
          { label: 'Dashboard', to: dashboardFor(user?.role) },
          { label: 'My Profile', to: '/customer/profile' },
          { label: 'My Documents', to: '/customer/documents' },
        ]
    : links;

  // Signed in: fetch the phone menu's code while idle, so it opens offline too.
  useEffect(() => (isAuthenticated ? whenIdle(MobileMenu.preload) : undefined), [isAuthenticated]);

  // Staff see the count of unread staff notifications by the menu, customers their inbox's (nothing while its code
  // loads, or if it cannot). Both bells (desktop and phone) read one query; staff pages keep one live stream.
  const bell =
    isAuthenticated && (user?.role === 'staff' || user?.role === 'customer') ? (
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>{user.role === 'staff' ? <InboxBell /> : <CustomerBell />}</Suspense>
      </ErrorBoundary>
    ) : null;
  const live =
    isAuthenticated && user?.role === 'staff' ? (
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <StaffLive />
        </Suspense>
      </ErrorBoundary>
    ) : null;

  // The server ends this session first (its token is refused at once everywhere), then the browser forgets it.
  const logout = async () => {
    close();
    await logoutOnServer();
    queryClient.clear();
    navigate('/login');
  };

  return (
    <Box component="header" className={classes.header}>
      {live}
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" maw={1280} mx="auto">
        <Link to="/" className={classes.brand} aria-label={`${business.name} home`}>
          <IconPaw size={26} aria-hidden />
          <Text fw={700} fz="lg" truncate component="span">
            {business.name}
          </Text>
        </Link>

        <Group gap={4} visibleFrom="md" component="nav" aria-label="Main" wrap="nowrap">
          {links.map((l) => {
            const plain = (
              <NavLink key={l.to} to={l.to} end className={({ isActive }) => `${classes.link} ${isActive ? classes.active : ''}`}>
                {l.label}
              </NavLink>
            );
            if (!l.children) return plain;
            // A menu (Sales): the plain link stands in while its code loads, or if it cannot.
            return (
              <ErrorBoundary key={l.to} fallback={plain}>
                <Suspense fallback={plain}>
                  <NavMenu link={{ ...l, children: l.children }} />
                </Suspense>
              </ErrorBoundary>
            );
          })}
          {bell}
          {isAuthenticated && user ? (
            <ErrorBoundary
              fallback={
                <Button variant="subtle" color="red" onClick={logout}>
                  Logout
                </Button>
              }
            >
              <Suspense fallback={null}>
                <ProfileMenu user={user} onLogout={logout} />
              </Suspense>
            </ErrorBoundary>
          ) : null}
        </Group>

        <Group gap={4} hiddenFrom="md" wrap="nowrap">
          {bell}
          <Burger
            opened={opened}
            onClick={() => {
              setMenuLoaded(true);
              toggle();
            }}
            aria-label="Open menu"
          />
        </Group>
      </Group>

      {menuLoaded ? (
        <ErrorBoundary
          fallback={null}
          onError={() => {
            notify.error(MENU_UNAVAILABLE);
            close();
            setMenuLoaded(false);
          }}
        >
          <Suspense fallback={null}>
            <MobileMenu
              opened={opened}
              onClose={close}
              title={business.name}
              links={mobileLinks}
              onLogout={isAuthenticated ? logout : undefined}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </Box>
  );
}

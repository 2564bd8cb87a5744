import { Button, Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { dashboardFor, useAuth } from '../lib/auth';

/** Shown to a signed-in staff user on a pet owner's page (issue 9). */
export const FOR_PET_OWNERS = 'This page is for pet owners. You are signed in as a staff member.';

/**
 * Customer screens without a signed-in customer show 'Please login to continue' and a way to /login (which returns
 * here after login); a signed-in staff user is told the page is for pet owners.
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  if (user?.role === 'customer' && user.id) return <>{children}</>;
  const staff = user?.role === 'staff';
  return (
    <Card withBorder padding="xl" radius="md" maw={480} mx="auto" mt="xl">
      <Stack align="center" ta="center">
        <Text fw={600}>{staff ? FOR_PET_OWNERS : 'Please login to continue'}</Text>
        {staff ? (
          <Button component={Link} to={dashboardFor('staff')}>
            Go to the staff dashboard
          </Button>
        ) : (
          <Button component={Link} to="/login" state={{ from: pathname + search }}>
            Login
          </Button>
        )}
      </Stack>
    </Card>
  );
}

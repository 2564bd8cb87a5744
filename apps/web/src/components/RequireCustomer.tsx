import { Button, Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../lib/auth';

/** Customer screens without a signed-in customer show 'Please login to continue' and a way to /login. */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'customer' && user.id) return <>{children}</>;
  return (
    <Card withBorder padding="xl" radius="md" maw={480} mx="auto" mt="xl">
      <Stack align="center" ta="center">
        <Text fw={600}>Please login to continue</Text>
        <Button component={Link} to="/login">
          Login
        </Button>
      </Stack>
    </Card>
  );
}

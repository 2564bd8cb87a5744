import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" ta="center" py={80} gap="sm">
      <Text fz={64} fw={800} c="orange.7" lh={1}>
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Button component={Link} to="/" mt="sm">
        Back to home
      </Button>
    </Stack>
  );
}

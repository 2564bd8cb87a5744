import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** A clearly marked placeholder for a screen whose feature has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Card withBorder padding="xl" radius="md" maw={640} mx="auto" mt="xl">
      <Stack align="center" ta="center" gap="sm">
        <IconTools size={40} stroke={1.5} />
        <Badge color="yellow" variant="light">
          Coming soon
        </Badge>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">This screen is being built and will be available in an upcoming release.</Text>
      </Stack>
    </Card>
  );
}

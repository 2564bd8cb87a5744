import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPhone, IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBusiness } from '../lib/business';

export interface WayBack {
  label: string;
  to: string;
}

/**
 * A clearly marked placeholder for a screen whose feature has not landed yet. Never a dead end (issue 18): it
 * always offers a way back (`back`, first one the main button) and the business's phone to do the same by call.
 * Nothing in the app's navigation links to a placeholder; only a typed or old address reaches one.
 */
export function ComingSoon({ title, back, children }: { title: string; back: readonly WayBack[]; children?: ReactNode }) {
  const b = useBusiness();
  const [first, ...others] = back;
  return (
    <Card withBorder padding="xl" radius="md" maw={640} mx="auto" mt="xl">
      <Stack align="center" ta="center" gap="sm">
        <IconTools size={40} stroke={1.5} aria-hidden />
        <Badge color="yellow" variant="light">
          Coming soon
        </Badge>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">This screen is being built and will be available in an upcoming release.</Text>
        {children}
        <Text size="sm">
          Meanwhile, call us on{' '}
          <Anchor href={`tel:${b.phone.replace(/[^\d+]/g, '')}`} fw={600}>
            <IconPhone size={14} aria-hidden style={{ verticalAlign: -2 }} /> {b.phone}
          </Anchor>
          .
        </Text>
        <Group justify="center" gap="sm" mt="xs" wrap="wrap">
          {first ? (
            <Button component={Link} to={first.to} leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {first.label}
            </Button>
          ) : null}
          {others.map((o) => (
            <Button key={o.to} component={Link} to={o.to} variant="default">
              {o.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

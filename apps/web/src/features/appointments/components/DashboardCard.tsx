import { Card, Group, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A customer dashboard card of appointments: an icon and a title (its name), an optional link beside it, the body. */
export function DashboardCard({
  id,
  title,
  icon,
  aside,
  children,
}: {
  /** The title's id, which names the section. */
  id: string;
  title: string;
  icon: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" size={40} radius="md">
        {icon}
      </ThemeIcon>
      <Title order={2} fz="lg" id={id}>
        {title}
      </Title>
    </Group>
  );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        {aside ? (
          <Group justify="space-between" wrap="nowrap">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}

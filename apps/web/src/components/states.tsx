import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function EmptyState({
  title,
  hint,
  icon,
  action,
}: {
  title: string;
  hint?: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap={6} maw={420} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" color="gray">
          {icon ?? <IconInbox size={26} />}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {hint ? (
          <Text c="dimmed" size="sm">
            {hint}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Center>
  );
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle />} role="alert" my="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try Again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** A card's failed load, on one line: the message and a small Try Again (a page's is `ErrorState`). */
export function InlineErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="red.8" role="alert">
        {message}
      </Text>
      <Button size="compact-xs" variant="light" color="red" onClick={() => onRetry()}>
        Try Again
      </Button>
    </Group>
  );
}

/** A card's loading placeholder: `rows` grey bars `height` px high, named by `label`. */
export function SkeletonRows({ label, rows, height }: { label: string; rows: number; height: number }) {
  return (
    <Stack gap={10} aria-label={label}>
      {Array.from({ length: rows }, (_, i) => i).map((i) => (
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  );
}

import { Button } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { MarkRead } from './use-mark-read';

/** Mark all read, busy while that request runs. */
export function MarkAllReadButton({
  mark,
  compact,
  children = 'Mark all read',
}: {
  mark: MarkRead;
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <Button
      size={compact ? 'compact-xs' : 'compact-sm'}
      variant="light"
      leftSection={<IconChecks size={14} />}
      onClick={() => mark.mutate({ all: true })}
      loading={mark.isPending && mark.variables?.all === true}
    >
      {children}
    </Button>
  );
}

import { Indicator } from '@mantine/core';
import type { ReactNode } from 'react';

/** A header bell's red badge with the unread count (99+ past 99), hidden at none. */
export function UnreadIndicator({ count, testId, children }: { count: number; testId: string; children: ReactNode }) {
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      color="red"
      disabled={!count}
      offset={6}
      data-testid={testId}
      data-count={count}
    >
      {children}
    </Indicator>
  );
}

import { Indicator, type IndicatorProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

/**
 * A header bell's red badge with the unread count (99+ past 99), hidden at none. Whatever else it is given (the
 * popover target's ref and handlers) goes to the Indicator.
 */
export function UnreadIndicator({
  count,
  testId,
  children,
  ...rest
}: Omit<IndicatorProps, 'label' | 'children'> & {
  count: number;
  testId: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={16}
      color="red"
      disabled={!count}
      offset={6}
      data-testid={testId}
      data-count={count}
      {...rest}
    >
      {children}
    </Indicator>
  );
}

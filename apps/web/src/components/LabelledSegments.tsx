import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A segmented choice with a visible label that names it for screen readers (`id` links them), and what the caller
 * puts under it (an explanation).
 */
export function LabelledSegments<T extends string>({
  id,
  label,
  value,
  onChange,
  gap = 6,
  children,
  ...rest
}: Omit<SegmentedControlProps, 'value' | 'onChange' | 'aria-labelledby'> & {
  id: string;
  label: ReactNode;
  value: T;
  onChange: (value: T) => void;
  gap?: number;
  children?: ReactNode;
}) {
  return (
    <Stack gap={gap}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} value={value} onChange={(v) => onChange(v as T)} {...rest} />
      {children}
    </Stack>
  );
}

import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label/value pairs in a dense, readable grid (a description list for screen readers). */
export function InfoGrid({ items, cols = 2 }: { items: [string, ReactNode][]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: Math.min(2, cols), md: cols }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

import { formatDate, formatDateTime } from '@pawdesk/shared';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The dialog's texts (spec 000 §8 "Detail dialog"). */
export const VISIT_DIALOG_TEXT = {
  invalidVet: 'Invalid veterinary visit data',
  invalidSubscription: 'Invalid subscription data',
  auth: 'Authentication failed',
  failedVet: 'Failed to load veterinary visit details',
  failedSubscription: 'Failed to load subscription details',
  failedOther: 'Failed to load visit details',
  errorTitle: 'Error loading details',
  hint: 'Please try closing and reopening this dialog.',
  unknownDate: 'Unknown Date',
} as const;

/** A date the dialog shows, or 'Unknown Date' when it cannot be read. */
export function dialogDate(value: string | null | undefined, withTime = false): string {
  if (!value) return VISIT_DIALOG_TEXT.unknownDate;
  const shown = withTime ? formatDateTime(value) : formatDate(value);
  return shown || VISIT_DIALOG_TEXT.unknownDate;
}

/** A titled part of the dialog (a region named by its title). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Label and value pairs, two to a row. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
      {items.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A small table that scrolls sideways on a phone rather than squeezing its columns. */
export function Lines({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines that never reorder; a name may repeat
            <Table.Tr key={i}>
              {r.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A value, or '—' when there is none. */
export const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

import { Table, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column heading: its text, or its content with Table.Th props (alignment, width, visibility). */
export type Column = string | ({ label: ReactNode } & Omit<TableThProps, 'children'>);

/** The heading row of a table; a false or null column (one shown only sometimes) is left out. */
export function TableHead({ columns }: { columns: (Column | false | null)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) => {
          if (!c) return null;
          if (typeof c === 'string') return <Table.Th key={c}>{c}</Table.Th>;
          const { label, ...th } = c;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list; a heading may be markup, not text
            <Table.Th key={i} {...th}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';

describe('the theme', () => {
  it('makes a table that scrolls sideways reachable from the keyboard (its viewport takes focus)', async () => {
    const { user } = renderWithProviders(
      <Table.ScrollContainer minWidth={900}>
        <Table aria-label="Tax collected by rate">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>18%</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>,
    );
    const table = screen.getByRole('table', { name: 'Tax collected by rate' });
    const viewport = table.closest('[tabindex="0"]');
    expect(viewport).not.toBeNull();
    await user.tab();
    expect(viewport).toHaveFocus();
  });
});

import type { ReminderItem } from '@pawdesk/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RemindersTable } from './RemindersTable';

const row = (o: Partial<ReminderItem>): ReminderItem => ({
  _id: '650000000000000000000a01',
  kind: 'followup',
  petId: '650000000000000000000b01',
  petName: 'Bruno',
  species: 'dog',
  ownerId: '650000000000000000000c01',
  ownerName: 'Asha Verma',
  contact: '9812345678',
  email: null,
  purpose: 'Review',
  scheduledDate: '2026-12-01',
  time: null,
  present: null,
  ...o,
});

describe('RemindersTable', () => {
  it('an owner imported without a phone (issue 21): no call link, a dash, never "null"', () => {
    renderWithProviders(
      <RemindersTable
        rows={[row({}), row({ _id: '650000000000000000000a02', petName: 'Moti', ownerName: 'Kamla Devi', contact: null })]}
        showAttendance={false}
      />,
    );
    expect(screen.getByRole('link', { name: '9812345678' })).toHaveAttribute('href', 'tel:9812345678');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('Kamla Devi')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('null');
  });
});

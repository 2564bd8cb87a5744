import { CONTROL_CHARS_MESSAGE, REPORT_CARD_MESSAGES, type ReportCard } from '@pawdesk/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReportCardForm } from './ReportCardForm';

const draft: ReportCard = {
  _id: '650000000000000000000031',
  boardingId: '650000000000000000000021',
  petId: '650000000000000000000011',
  petName: 'Toffee',
  day: '2026-11-28',
  mood: 4,
  activity: 2,
  note: 'Napped a lot',
  photos: [],
  summary: '',
  state: 'draft',
  sentAt: null,
  createdAt: '2026-11-28T05:00:00.000Z',
  updatedAt: '2026-11-28T05:00:00.000Z',
};

const scale = (name: string) => screen.getByRole('radiogroup', { name });

describe('ReportCardForm', () => {
  it('a new card needs a mood and an activity: nothing is sent until both are chosen', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<ReportCardForm card={null} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save report card' }));
    expect(await screen.findByText(REPORT_CARD_MESSAGES.mood)).toBeInTheDocument();
    expect(screen.getByText(REPORT_CARD_MESSAGES.activity)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(within(scale('Mood')).getByText('5'));
    await user.click(within(scale('Activity')).getByText('3'));
    await user.type(screen.getByLabelText(/Note for the owner/), '  Swam twice  ');
    await user.click(screen.getByRole('button', { name: 'Save report card' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({ mood: 5, activity: 3, note: 'Swam twice' });
  });

  it('refuses a note over 2000 characters or with control characters, and counts what is typed', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<ReportCardForm card={draft} onSave={onSave} />);
    expect(screen.getByText('12/2000')).toBeInTheDocument();
    const note = screen.getByLabelText(/Note for the owner/);
    fireEvent.change(note, { target: { value: 'x'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(REPORT_CARD_MESSAGES.noteTooLong)).toBeInTheDocument();
    expect(screen.getByText('2001/2000')).toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'bad\u0007bell' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CONTROL_CHARS_MESSAGE)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(note, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ mood: 4, activity: 2, note: null }));
  });
});

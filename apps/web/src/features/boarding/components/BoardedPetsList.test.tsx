/** Deboard's list of a category (issue 22): the focus goes back to a row's Show Details, wherever the row is. */
import type { BoardedPetRow } from '@pawdesk/shared';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { boardingKeys } from '../api/keys';
import { BOARDED_PAGE_SIZE } from '../api/get-boarded-pets';
import { BoardedPetsList } from './BoardedPetsList';

const HOSTEL = { _id: '650000000000000000000051', purpose: 'Hostel', code: 'hostel' };
const row = (id: string, name: string, isBoarded: boolean): BoardedPetRow => ({
  _id: id,
  isBoarded,
  entryTime: '2026-11-25T05:00:00.000Z',
  exitTime: isBoarded ? null : '2026-11-26T05:00:00.000Z',
  numberOfDays: 1,
  petId: {
    _id: `${id.slice(0, 22)}99`,
    name,
    owner: { _id: '650000000000000000000071', name: 'Asha', phone: '9876543210' },
    photo: null,
    careWarnings: [],
  },
  boardingType: HOSTEL,
  due: 0,
});
const BRUNO = '650000000000000000000021';
const COCO = '650000000000000000000022';

/** The category's list answers `rows` (changed by the test to play a refetch after a deboarding). */
function listAnswers(rows: { current: BoardedPetRow[] }) {
  server.use(
    http.get('/api/v1/pet/getboardedpetslist/', () =>
      HttpResponse.json({ success: true, boardedPetList: rows.current, nextCursor: null }),
    ),
  );
}

const category = { _id: HOSTEL._id, purpose: 'Hostel', code: 'hostel' } as never;

describe('BoardedPetsList: where the focus goes back (issue 22)', () => {
  it('a pet deboarded moves to Finished stays: its new Show Details gets the focus there', async () => {
    const rows = { current: [row(BRUNO, 'Bruno', true), row(COCO, 'Coco', true)] };
    listAnswers(rows);
    const { queryClient } = renderWithProviders(
      <BoardedPetsList category={category} onOpen={() => {}} compact={false} focusRow={BRUNO} />,
    );
    // The row named by focusRow has the focus on its Show Details; no other.
    const before = await screen.findByRole('button', { name: 'Show Details of Bruno' });
    expect(before).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Show Details of Coco' })).not.toHaveFocus();
    // Bruno leaves: the list, fetched again, shows him under Finished stays.
    rows.current = [row(COCO, 'Coco', true), row(BRUNO, 'Bruno', false)];
    await queryClient.invalidateQueries({ queryKey: boardingKeys.boardedPets(HOSTEL._id, BOARDED_PAGE_SIZE) });
    const finished = await screen.findByRole('region', { name: 'Hostel pets' });
    const section = within(finished).getByText('Finished stays').closest('section') as HTMLElement;
    const after = await within(section).findByRole('button', { name: 'Show Details of Bruno' });
    expect(after).not.toBe(before);
    expect(after).toHaveFocus();
  });
});

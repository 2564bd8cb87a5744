import type { Owner, Pet } from '@pawdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { OwnerPetPicker } from './OwnerPetPicker';

/** An owner imported from the original system without a phone (issue 21). */
const OWNER: Owner = { _id: '650000000000000000000015', name: 'Kamla Devi', phone: null, email: null, address: 'Old Gurgaon' };
const pet = (_id: string, name: string): Pet => ({
  _id,
  name,
  species: 'dog',
  breed: 'Indie',
  customBreed: null,
  sex: 'Male',
  color: 'Brown',
  dob: '2021-05-04',
  neutered: false,
  registrationDate: '2025-01-10',
  segment: null,
  createdAt: '2025-01-10T00:00:00.000Z',
  owner: OWNER,
  photo: null,
  careWarnings: [],
});
const MOTI = pet('650000000000000000000016', 'Moti');
const RANI = pet('650000000000000000000017', 'Rani');

function Picker() {
  const [owner, setOwner] = useState<Owner | null>(null);
  const [petIds, setPetIds] = useState<string[]>([]);
  return <OwnerPetPicker owner={owner} petIds={petIds} onOwner={setOwner} onPets={setPetIds} />;
}

describe('OwnerPetPicker: an owner without a phone (issue 21)', () => {
  it('is found by a pet’s name, shown without a phone, and their pets are listed by owner id', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/v1/pet/getfilteredpetsbynameandphone', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        return HttpResponse.json({
          success: true,
          list: q.get('ownerId') === OWNER._id ? [MOTI, RANI] : [MOTI],
          nextCursor: null,
        });
      }),
    );
    const { user } = renderWithProviders(<Picker />);
    await user.type(screen.getByRole('searchbox', { name: /Find the owner/ }), 'Moti');
    const choose = await screen.findByRole('button', { name: 'Choose Kamla Devi' }, { timeout: 4000 });
    expect(choose).toHaveTextContent('—');
    expect(choose).not.toHaveTextContent('null');
    await user.click(choose);
    expect(await screen.findByTestId('reservation-owner')).toHaveTextContent(/^Kamla Devi$/);
    expect(await screen.findByRole('checkbox', { name: /Rani/ })).toBeInTheDocument();
    await waitFor(() => expect(asked.some((q) => q.get('ownerId') === OWNER._id && !q.has('phone'))).toBe(true));
  });
});

import { addDays, todayIn } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import AddPetPage from './AddPetPage';

const OWNER = {
  _id: '650000000000000000000005',
  name: 'Asha Verma',
  phone: '9812345678',
  email: 'asha@example.in',
  address: '12 MG Road, Gurugram',
};

/** The phone lookup (one pet of the owner), and the save, whose bodies are collected. */
function mockApi() {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/v1/pet/getfilteredpetsbynameandphone', ({ request }) => {
      const phone = new URL(request.url).searchParams.get('phone');
      const list = phone === OWNER.phone ? [{ _id: '650000000000000000000001', name: 'Bruno', owner: OWNER }] : [];
      return HttpResponse.json({ success: true, list, nextCursor: null });
    }),
    http.post('/api/v1/pet/addpet', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(
        {
          success: true,
          message: 'Data saved successfully',
          ownerId: OWNER._id,
          ownerExisted: true,
          petIds: ['650000000000000000000009'],
        },
        { status: 201 },
      );
    }),
  );
  return posted;
}

const render = () =>
  renderWithProviders(<AddPetPage />, { route: '/staff/pet', routes: { '/staff/history': <p>Pet Records</p> } });

describe('Add Pet (issue 18)', () => {
  it("an existing owner's phone asks for no name, email or address, and saves the pets to that owner", async () => {
    const posted = mockApi();
    const { user } = render();
    expect(screen.getByRole('textbox', { name: /Address/ })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Owner name/ }), 'Someone Else');
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), OWNER.phone);

    const notice = await screen.findByText(
      `This number belongs to ${OWNER.name}; the pets will be added to that owner`,
      {},
      { timeout: 5000 },
    );
    expect(notice).toBeVisible();
    expect(screen.getByTestId('owner-on-file')).toHaveTextContent(OWNER.address);
    expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: /Owner name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Address/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();

    const pet = screen.getByRole('group', { name: 'Pet 1' });
    await user.type(within(pet).getByRole('textbox', { name: /Pet name/ }), 'Coco');
    await user.selectOptions(within(pet).getByLabelText(/Species/), 'dog');
    await user.selectOptions(within(pet).getByLabelText(/Breed/), 'Beagle');
    await user.selectOptions(within(pet).getByLabelText(/Sex/), 'Female');
    await user.type(within(pet).getByRole('textbox', { name: /Color/ }), 'Brown');
    await user.type(within(pet).getByRole('textbox', { name: /Date of birth/ }), '14/03/2022');
    await user.click(screen.getByRole('button', { name: 'Save owner and pets' }));

    expect(await screen.findByText('Pet Records', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    // The details on file go with the pets: nothing typed is discarded by the server.
    expect(posted[0]).toMatchObject({
      ownerName: OWNER.name,
      phone: OWNER.phone,
      email: OWNER.email,
      address: OWNER.address,
      pets: [expect.objectContaining({ name: 'Coco', dob: '2022-03-14' })],
    });
  }, 20_000);

  it('a new number brings the typed owner fields back', async () => {
    mockApi();
    const { user } = render();
    await user.type(screen.getByRole('textbox', { name: /Address/ }), 'Typed address');
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.type(phone, OWNER.phone);
    await screen.findByText(/This number belongs to/, {}, { timeout: 5000 });
    await user.clear(phone);
    await user.type(phone, '9000000001');
    expect(await screen.findByRole('textbox', { name: /Address/ })).toHaveValue('Typed address');
  }, 20_000);

  it('a future date of birth shows with every other error on the first Save', async () => {
    const posted = mockApi();
    const { user } = render();
    const pet = screen.getByRole('group', { name: 'Pet 1' });
    const tomorrow = addDays(todayIn(), 1);
    const [y, m, d] = tomorrow.split('-');
    await user.type(within(pet).getByRole('textbox', { name: /Date of birth/ }), `${d}/${m}/${y}`);
    await user.click(screen.getByRole('button', { name: 'Save owner and pets' }));

    await waitFor(() => expect(screen.getByText('Date of birth cannot be later than today')).toBeInTheDocument());
    for (const message of [
      'Owner name is required',
      'Phone number is required',
      'Address is required',
      'Pet name is required',
      'Breed is required',
      'Sex is required',
      'Color is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(within(pet).getByRole('textbox', { name: /Date of birth/ })).toHaveValue(`${d}/${m}/${y}`);
    expect(posted).toHaveLength(0);
  }, 20_000);
});

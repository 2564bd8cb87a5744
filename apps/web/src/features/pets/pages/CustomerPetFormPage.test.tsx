import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '../../../lib/auth';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import CustomerPetFormPage from './CustomerPetFormPage';

const EMAIL = 'gauri@owner.test';

beforeEach(() =>
  auth.signIn({
    success: true,
    message: 'ok',
    token: 't',
    user: { id: 'u1', role: 'customer', fullName: 'Gauri Nair', email: EMAIL, isAdmin: false, phone: null, address: null },
  }),
);

/** The owner details the form starts from, the pet list, and the save (its bodies collected). */
function mockApi(owner: { phone: string; address: string }) {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/v1/customer/pet/ownerinfo', () =>
      HttpResponse.json({
        success: true,
        owner: { ownerName: 'Gauri Nair', email: EMAIL, linked: Boolean(owner.phone), ...owner },
      }),
    ),
    http.post('/api/v1/customer/pet/getallpets', () => HttpResponse.json({ success: true, pets: [] })),
    http.post('/api/v1/customer/pet/addpet', async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ success: true, message: 'Data saved successfully', pet: {} }, { status: 201 });
    }),
  );
  return posted;
}

describe('Register New Pet (customer)', () => {
  it('a customer who signed up without a phone or address is asked to complete the profile first, with the way there', async () => {
    const posted = mockApi({ phone: '', address: '' });
    renderWithProviders(<CustomerPetFormPage />, { route: '/customer/petform' });
    expect(await screen.findByText('Complete your profile first')).toBeInTheDocument();
    expect(screen.getByText(/please add your phone number and address to your profile/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute(
      'href',
      '/customer/profile?next=%2Fcustomer%2Fpetform',
    );
    // No form whose save would fail on fields it never showed.
    expect(screen.queryByRole('form', { name: 'Register New Pet' })).not.toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it('only the missing detail is named', async () => {
    mockApi({ phone: '9812345678', address: '' });
    renderWithProviders(<CustomerPetFormPage />, { route: '/customer/petform' });
    expect(await screen.findByText(/please add your address to your profile/)).toBeInTheDocument();
  });

  it('takes vaccination dates and serial numbers, as the staff form does, and sends them', async () => {
    const posted = mockApi({ phone: '9812345678', address: 'DLF Phase 2, Gurugram' });
    const { user } = renderWithProviders(<CustomerPetFormPage />, { route: '/customer/petform' });
    const form = await screen.findByRole('form', { name: 'Register New Pet' });
    await user.type(within(form).getByRole('textbox', { name: /Pet name/ }), 'Bruno');
    await user.selectOptions(within(form).getByLabelText(/Species/), 'dog');
    await user.selectOptions(within(form).getByLabelText(/Breed/), 'Beagle');
    await user.selectOptions(within(form).getByLabelText(/Sex/), 'Male');
    await user.type(within(form).getByRole('textbox', { name: /Color/ }), 'Tan');
    await user.type(within(form).getByRole('textbox', { name: /Date of birth/ }), '14/03/2022');
    await user.click(within(form).getByRole('radio', { name: 'Day Care' }));

    await user.click(within(form).getByRole('button', { name: 'Add vaccination' }));
    await user.type(within(form).getByRole('textbox', { name: 'Vaccine name' }), 'Rabies');
    await user.type(within(form).getByRole('textbox', { name: 'Number of doses' }), '1');
    await user.type(within(form).getByRole('textbox', { name: 'Date given' }), '10/01/2026');
    await user.type(within(form).getByRole('textbox', { name: 'Batch / serial no.' }), 'RB-2291');
    expect(within(form).getByRole('textbox', { name: 'Next due' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Register Pet' }));
    expect(await screen.findByText('Data saved successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(posted[0]).toMatchObject({
      name: 'Bruno',
      segment: 'Day Care',
      phone: '9812345678',
      address: 'DLF Phase 2, Gurugram',
      vaccinations: [{ name: 'Rabies', numberOfDose: 1, givenOn: '2026-01-10', serialNo: 'RB-2291', nextDue: null }],
    });
  }, 20_000);
});

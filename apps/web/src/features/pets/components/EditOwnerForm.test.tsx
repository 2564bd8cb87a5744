import { gstinCheckChar, PET_MSG } from '@pawdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { EditOwnerForm } from './EditOwnerForm';

const GSTIN_07 = `07AAACP1234C1Z${gstinCheckChar('07AAACP1234C1Z')}`;
const owner = { _id: '650000000000000000000011', name: 'Firm', phone: '9876543210', email: null, address: 'Gurugram' };

describe('Edit Owner Details: GSTIN and State', () => {
  it('a bad check character is refused before sending; a valid GSTIN fills in its state and is saved with it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/pet/editownerdetails', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, message: 'Changes saved successfully' });
      }),
    );
    const { user } = renderWithProviders(
      <EditOwnerForm owner={{ ...owner, gstin: null, stateCode: null }} onCancel={() => {}} />,
    );
    const gstin = screen.getByLabelText('GSTIN (optional)');
    await user.type(gstin, `${GSTIN_07.slice(0, 14)}${GSTIN_07[14] === 'A' ? 'B' : 'A'}`);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a valid GSTIN')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(gstin);
    await user.type(gstin, GSTIN_07.toLowerCase());
    expect(screen.getByRole('combobox', { name: 'State (optional)' })).toHaveValue('07 Delhi');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: owner._id, gstin: GSTIN_07, stateCode: '07' });
  });
});

describe('Edit Owner Details: an owner imported without a phone (issue 21)', () => {
  function mockSave() {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/v1/pet/editownerdetails', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ success: true, message: 'Changes saved successfully' });
      }),
    );
    return sent;
  }

  it('saves the other details with the phone left blank, saying why the phone is empty', async () => {
    const sent = mockSave();
    const { user } = renderWithProviders(<EditOwnerForm owner={{ ...owner, phone: null }} onCancel={() => {}} />);
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveValue('');
    expect(phone).not.toBeRequired();
    expect(screen.getByText(PET_MSG.noPhoneOnFile)).toBeInTheDocument();
    const address = screen.getByLabelText(/Address/);
    await user.clear(address);
    await user.type(address, 'Sohna Road');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: owner._id, address: 'Sohna Road', phone: null });
  });

  it('a phone typed is still checked; an owner with a phone keeps needing one', async () => {
    const sent = mockSave();
    const { user, unmount } = renderWithProviders(<EditOwnerForm owner={{ ...owner, phone: null }} onCancel={() => {}} />);
    await user.type(screen.getByLabelText('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a valid 10-digit phone number')).toBeInTheDocument();
    unmount();

    const withPhone = renderWithProviders(<EditOwnerForm owner={owner} onCancel={() => {}} />);
    expect(screen.getByLabelText(/Phone/)).toBeRequired();
    expect(screen.queryByText(PET_MSG.noPhoneOnFile)).toBeNull();
    await withPhone.user.clear(screen.getByLabelText(/Phone/));
    await withPhone.user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

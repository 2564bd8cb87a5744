import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { auth } from '../../../lib/auth';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import ProfilePage, { nextPath } from './ProfilePage';

const EMAIL = 'gauri@owner.test';

beforeEach(() =>
  auth.signIn({
    success: true,
    message: 'ok',
    token: 't',
    user: { id: 'u1', role: 'customer', fullName: 'Gauri Nair', email: EMAIL, isAdmin: false, phone: null, address: null },
  }),
);

function mockProfile() {
  const saved: unknown[] = [];
  server.use(
    http.get('/api/v1/customer/profile', () =>
      HttpResponse.json({ success: true, profile: { fullName: 'Gauri Nair', email: EMAIL, phone: null, address: null } }),
    ),
    http.post('/api/v1/customer/profile', async ({ request }) => {
      const body = (await request.json()) as { fullName: string; phone: string; address: string };
      saved.push(body);
      return HttpResponse.json({ success: true, message: 'Profile saved successfully', profile: { ...body, email: EMAIL } });
    }),
  );
  return saved;
}

describe('My Profile, reached from the pet form to complete it', () => {
  it('says why, and after saving goes straight back to the pet form', async () => {
    const saved = mockProfile();
    const { user } = renderWithProviders(<ProfilePage />, {
      route: '/customer/profile?next=%2Fcustomer%2Fpetform',
      routes: { '/customer/petform': <p>Pet form</p> },
    });
    expect(await screen.findByText('Complete your profile first')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '9812345678');
    await user.type(screen.getByRole('textbox', { name: /Address/ }), 'DLF Phase 2');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Pet form')).toBeInTheDocument();
    expect(saved).toEqual([{ fullName: 'Gauri Nair', phone: '9812345678', address: 'DLF Phase 2' }]);
  });

  it('follows only a path of the customer area back', () => {
    expect(nextPath(new URLSearchParams('next=/customer/petform'))).toBe('/customer/petform');
    expect(nextPath(new URLSearchParams('next=https://evil.example/'))).toBeNull();
    expect(nextPath(new URLSearchParams('next=//evil.example/customer/x'))).toBeNull();
    expect(nextPath(new URLSearchParams('next=/staff/dashboard'))).toBeNull();
    expect(nextPath(new URLSearchParams(''))).toBeNull();
  });
});

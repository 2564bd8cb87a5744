import { AUTH_MSG } from '@pawdesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { SessionsSection } from './SessionsSection';

const confirmMock = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../confirm', () => ({ confirm: confirmMock }));

const sessions = [
  {
    _id: 'a'.repeat(24),
    device: 'Chrome on Android',
    ipPrefix: '203.0.113.x',
    createdAt: '2026-11-27T04:00:00.000Z',
    lastSeenAt: '2026-11-28T04:00:00.000Z',
    current: true,
  },
  {
    _id: 'b'.repeat(24),
    device: 'Safari on macOS',
    ipPrefix: null,
    createdAt: '2026-11-20T04:00:00.000Z',
    lastSeenAt: '2026-11-21T04:00:00.000Z',
    current: false,
  },
];

const signedIn = () => {
  localStorage.setItem('token', 'old-token');
  localStorage.setItem('user', JSON.stringify({ id: 'u1', role: 'customer', fullName: 'Asha' }));
};

describe('Your sessions', () => {
  it('lists the devices with this one marked, and ends another after a confirmation', async () => {
    signedIn();
    const ended: string[] = [];
    let list = sessions;
    server.use(
      http.get('/api/v1/auth/sessions', () => HttpResponse.json({ success: true, sessions: list })),
      http.delete('/api/v1/auth/sessions/:id', ({ params }) => {
        ended.push(String(params.id));
        list = list.filter((s) => s._id !== params.id);
        return HttpResponse.json({ success: true, message: AUTH_MSG.sessionEnded });
      }),
    );
    const { user } = renderWithProviders(<SessionsSection />);
    const mine = await screen.findByRole('listitem', { name: 'Chrome on Android (this device)' });
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: 'Safari on macOS' });
    expect(within(other).queryByText('This device')).not.toBeInTheDocument();
    await user.click(within(other).getByRole('button', { name: 'End the session on Safari on macOS' }));
    expect(confirmMock).toHaveBeenCalled();
    await waitFor(() => expect(ended).toEqual(['b'.repeat(24)]));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on macOS' })).not.toBeInTheDocument());
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('log out everywhere: the server is told, and this browser forgets the token', async () => {
    signedIn();
    let called = false;
    server.use(
      http.get('/api/v1/auth/sessions', () => HttpResponse.json({ success: true, sessions })),
      http.post('/api/v1/auth/logout-all', () => {
        called = true;
        return HttpResponse.json({ success: true, message: AUTH_MSG.loggedOutEverywhere });
      }),
    );
    const { user } = renderWithProviders(<SessionsSection />, { routes: { '/login': <p>Login page</p> } });
    await screen.findByText('Chrome on Android');
    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(called).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('change password: checks the fields, shows a wrong current password on its field, keeps the new token', async () => {
    signedIn();
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/v1/auth/sessions', () => HttpResponse.json({ success: true, sessions })),
      http.post('/api/v1/auth/change-password', async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        bodies.push(body);
        if (body.currentPassword !== 'secret123') {
          return HttpResponse.json(
            {
              success: false,
              message: AUTH_MSG.currentPasswordWrong,
              errors: { currentPassword: AUTH_MSG.currentPasswordWrong },
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({ success: true, message: AUTH_MSG.passwordChanged, token: 'new-token' });
      }),
    );
    const { user } = renderWithProviders(<SessionsSection />);
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(form).getByLabelText(/^Current password/), 'wrong-one');
    await user.type(within(form).getByLabelText(/^New password/), 'brand-new-1');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'brand-new-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(AUTH_MSG.currentPasswordWrong)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Current password/));
    await user.type(within(form).getByLabelText(/^Current password/), 'secret123');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('new-token'));
    expect(bodies.at(-1)).toEqual({ currentPassword: 'secret123', newPassword: 'brand-new-1' });
  });
});

import { AUTH_MSG } from '@pawdesk/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

describe('Forgot password', () => {
  it('asks for the email, sends it trimmed and shows the same answer the server gives', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v1/auth/forgot-password', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: AUTH_MSG.forgotSent });
      }),
    );
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), '  asha@example.in ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AUTH_MSG.forgotSent)).toBeInTheDocument();
    expect(sent).toEqual({ email: 'asha@example.in' });
  });

  it("shows the server's refusal (too many requests)", async () => {
    const message = 'Too many password reset requests. Please try again in 15 minutes.';
    server.use(http.post('/api/v1/auth/forgot-password', () => HttpResponse.json({ success: false, message }, { status: 429 })));
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Reset password', () => {
  const fill = async (user: ReturnType<typeof renderWithProviders>['user'], a: string, b: string) => {
    await user.type(screen.getByLabelText(/^New password/), a);
    await user.type(screen.getByLabelText(/^Confirm new password/), b);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  };

  it('without a token in the link: says so, offers a new link and cannot submit', async () => {
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MSG.resetInvalid);
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('checks the length and that both passwords match before sending', async () => {
    let calls = 0;
    server.use(
      http.post('/api/v1/auth/reset-password', () => {
        calls++;
        return HttpResponse.json({ success: true, message: AUTH_MSG.resetDone });
      }),
    );
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    await fill(user, '12345', '12345');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await fill(user, 'secret12', 'secret13');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('sends the token and the password, signs this browser out and goes to login', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/v1/auth/reset-password', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: AUTH_MSG.resetDone });
      }),
    );
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('user', JSON.stringify({ id: 'u1', role: 'customer' }));
    const { user } = renderWithProviders(<ResetPasswordPage />, {
      route: '/reset-password?token=tok_-123',
      routes: { '/login': <p>Login page</p> },
    });
    await fill(user, 'secret12', 'secret12');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok_-123', password: 'secret12' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows why a used or expired link is refused, with a way to a new one', async () => {
    server.use(
      http.post('/api/v1/auth/reset-password', () =>
        HttpResponse.json({ success: false, message: AUTH_MSG.resetExpired }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password?token=abc' });
    await fill(user, 'secret12', 'secret12');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MSG.resetExpired));
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});

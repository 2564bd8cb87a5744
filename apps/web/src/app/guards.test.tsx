import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import LoginPage from '../features/auth/pages/LoginPage';
import { LOGIN_TO_CONTINUE } from '../lib/auth';
import { renderWithProviders } from '../test/render';
import { server } from '../test/server';
import { AuthGuard, LoginGuard } from './guards';

const customer = {
  id: 'u1',
  role: 'customer',
  fullName: 'Asha Rao',
  email: 'asha@example.in',
  isAdmin: false,
  phone: null,
  address: null,
};

describe('a signed-in page without a signed-in user', () => {
  it("says 'Please login to continue', and after login returns to the page with its query string", async () => {
    server.use(
      http.post('/api/v1/auth/login', () =>
        HttpResponse.json({ success: true, token: 't', user: customer, message: 'Login successful' }),
      ),
    );
    const { user } = renderWithProviders(<p>Home</p>, {
      route: '/customer/seeappointment?date=2026-12-01',
      routes: {
        '/customer/seeappointment': (
          <AuthGuard>
            <SeeWhere />
          </AuthGuard>
        ),
        '/login': (
          <LoginGuard>
            <LoginPage />
          </LoginGuard>
        ),
      },
    });
    expect(await screen.findByText(LOGIN_TO_CONTINUE)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pet Owner' }));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'asha@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('At /customer/seeappointment?date=2026-12-01')).toBeInTheDocument();
  });

  it("the login page opened directly has no 'Please login to continue', and links to Forgot password", async () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByText(LOGIN_TO_CONTINUE)).not.toBeInTheDocument();
  });
});

function SeeWhere() {
  const { pathname, search } = useLocation();
  return <p>At {pathname + search}</p>;
}

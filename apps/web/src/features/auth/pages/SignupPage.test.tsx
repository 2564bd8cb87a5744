import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageToasts } from '../../../components/layout/PageToasts';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import SignupPage from './SignupPage';

const DONE = 'Account created successfully! Please login to continue.';

describe('Signup: the toast is for the login page only (issue 18)', () => {
  it('shows on the login page and is gone once the app moves on (the dashboard)', async () => {
    server.use(http.post('/api/v1/auth/signup', () => HttpResponse.json({ success: true, message: DONE }, { status: 201 })));
    const { user } = renderWithProviders(
      <>
        <PageToasts />
        <SignupPage />
      </>,
      {
        route: '/signup',
        routes: {
          '/login': (
            <>
              <PageToasts />
              <p>Login page</p>
              <Link to="/customer/dashboard">Sign in</Link>
            </>
          ),
          '/customer/dashboard': (
            <>
              <PageToasts />
              <p>Dashboard page</p>
            </>
          ),
        },
      },
    );
    await user.type(screen.getByRole('textbox', { name: /Full name/ }), 'Asha Rao');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'asha@example.in');
    await user.type(screen.getByLabelText(/Password/), 'secret12');
    await user.click(screen.getByRole('button', { name: /Create account|Sign up/ }));

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(screen.getByText(DONE)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(DONE)).not.toBeInTheDocument());
  });
});

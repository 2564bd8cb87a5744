import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { theme } from '../app/providers';

export interface RenderOptions {
  /** The path the router starts at, with any `?query` (the element under test renders on every path but `routes`'). */
  route?: string;
  /** Navigation state of the first entry (pages that take an id from `useLocation().state`). */
  state?: unknown;
  /** Other pages by path, to see where the element navigates (e.g. `{ '/staff/dashboard': <p>Dashboard</p> }`). */
  routes?: Record<string, ReactNode>;
}

/**
 * Renders `ui` as the app does (app/providers.tsx: the theme, react-query, toasts) inside a MemoryRouter, with
 * Mantine's test environment (no transitions, no portals) and a fresh QueryClient that never retries.
 */
export function renderWithProviders(ui: ReactElement, { route = '/', state, routes = {} }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter
          initialEntries={[
            { pathname: route.split('?')[0], search: route.includes('?') ? route.slice(route.indexOf('?')) : '', state },
          ]}
        >
          <Routes>
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
            <Route path="*" element={ui} />
          </Routes>
        </MemoryRouter>
        <Notifications />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient };
}

import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { OverlayHosts } from './OverlayHosts';

export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A table that scrolls sideways on a phone can be scrolled from the keyboard (axe: scrollable-region-focusable);
    // tables with links or buttons in them are reachable anyway, the others need the stop.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on retry.
      retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 2,
    },
    // A save while offline fails at once ('Error saving data', the form kept) instead of waiting
    // silently behind a spinner until the connection returns, when the user may have left.
    mutations: { networkMode: 'always' },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        {/* Part of the shell, not a lazy chunk: an error toast must show even offline. */}
        <Notifications position="top-right" zIndex={1000} />
        <OverlayHosts />
      </QueryClientProvider>
    </MantineProvider>
  );
}

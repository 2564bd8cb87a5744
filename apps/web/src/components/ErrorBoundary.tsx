import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedImports } from '../lib/lazy';

interface Props {
  children: ReactNode;
  /** What to show instead of the default page error; `retry` renders the children again. */
  fallback?: ReactNode | ((retry: () => void) => ReactNode);
  onError?: (error: Error) => void;
  /** Runs before a retry, e.g. to drop the failed page's cached data. */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
}

/** A page's code could not be fetched (offline, or a deploy replaced it). */
const isChunkError = (e: Error) =>
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(
    e.message,
  );

/**
 * Catches a page that fails to render or whose code cannot be loaded. The app
 * shell (header, navigation, footer) sits outside it and stays; 'Try again'
 * renders the page again, and navigating elsewhere starts afresh (the layout
 * keys it by path).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack);
    // Code that failed to load is fetched again when the children next render.
    retryFailedImports();
    this.props.onError?.(error);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { fallback } = this.props;
    if (fallback !== undefined) return typeof fallback === 'function' ? fallback(this.retry) : fallback;
    const chunk = isChunkError(error);
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return (
      <Stack align="center" ta="center" py={80} gap="sm" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed" maw={480}>
          {offline
            ? 'You are offline, so this page could not be shown. Reconnect and choose Try again.'
            : chunk
              ? 'This page could not be loaded. Try again; if a new version of the app was released, reload the page.'
              : 'This page could not be shown. Please try again; if it keeps happening, contact support.'}
        </Text>
        <Group>
          <Button onClick={this.retry}>Try again</Button>
          {chunk && !offline ? (
            <Button variant="default" onClick={() => window.location.reload()}>
              Reload
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }
}

import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Catches a page that fails to render or whose code cannot be loaded (e.g. after a deploy). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunkFailed = /dynamically imported module|Importing a module script failed/i.test(error.message);
    return (
      <Stack align="center" ta="center" py={80} gap="sm" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed" maw={480}>
          {chunkFailed
            ? 'A new version of the app is available. Reload the page to continue.'
            : 'This page could not be shown. Please try again; if it keeps happening, contact support.'}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component="a" href="/" variant="default">
            Home
          </Button>
        </Group>
      </Stack>
    );
  }
}

import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError, reportRenderError } from '../lib/error-reporting';

interface State {
  error: unknown;
}

/**
 * The last line of defence around the whole app: an error outside the router's own error screens (in a
 * provider, or in the router itself) is reported to error_logs and shown instead of a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportRenderError(error, 'AppErrorBoundary', info.componentStack ?? undefined);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Container size="sm" py={64} role="alert">
        <Stack gap="md">
          <Title order={2}>Unexpected Application Error!</Title>
          <Code block c="red.3">
            {describeError(this.state.error).message}
          </Code>
          <Text c="dimmed" size="sm">
            Reloading usually fixes this. If it keeps happening, please let us know through the contact form.
          </Text>
          <Button onClick={() => window.location.reload()} w="fit-content">
            Reload page
          </Button>
        </Stack>
      </Container>
    );
  }
}

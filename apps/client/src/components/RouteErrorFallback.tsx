import { Button, Code, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { reportRenderError } from '../lib/error-reporting';

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/**
 * The fallback for an error in a page (docs/product.md#layout): 'Unexpected Application Error!' and the error
 * text.
 */
export function RouteErrorFallback({ error }: { error: unknown }) {
  // Into error_logs; the reporter drops the duplicate of StrictMode's second effect run.
  useEffect(() => reportRenderError(error, 'RouteErrorFallback'), [error]);
  return (
    <Container size="sm" py={64}>
      <Paper withBorder p="xl" radius="lg" role="alert">
        <Stack gap="md">
          <Title order={2}>Unexpected Application Error!</Title>
          {/* Wrapped, not scrolled: the whole message (often a long chunk URL) is visible on a phone. */}
          <Code block c="red.3" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {errorText(error)}
          </Code>
          <Text c="dimmed" size="sm">
            Reloading usually fixes this. If it keeps happening, please let us know through the contact form.
          </Text>
          <Group>
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            {/* A plain link: after an error the router state may be the thing that is broken. */}
            <Button component="a" href="/" variant="default">
              Go to the home page
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

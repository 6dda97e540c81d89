import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useState } from 'react';
import { AppErrorBoundary } from './components/AppErrorBoundary';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { theme } from './theme';

/**
 * Everything around the router: the browser (main.tsx) and the build's prerender (prerender.tsx) wrap their
 * own router in it, so the prerendered HTML is the markup the browser's first render produces.
 */
export function App({ router }: { router: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <StrictMode>
      <MantineProvider theme={theme} forceColorScheme="dark">
        {/* The spec shows one toast at a time. */}
        <Notifications limit={1} position="top-center" zIndex={1000} />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <AppErrorBoundary>{router}</AppErrorBoundary>
          </TRPCProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}

// The typed tRPC client. The only thing the client takes from the server is the AppRouter *type*.
import type { AppRouter } from '@exrated/server/router';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A rejected request (bad input, not allowed) will not succeed on a retry; a network blip might.
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
    },
  });
}

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        // The device session lives in an HttpOnly cookie on this origin; never send it anywhere else.
        fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}

function isClientError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('httpStatus' in data)) return false;
  const { httpStatus } = data;
  return typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500;
}

// The typed tRPC client. All the client takes from the server are types: AppRouter and the batch limit.
import { RATING_CLAIMS_HEADER } from '@exrated/content/rating-claims';
import type { AppRouter, MaxCallsPerRequest } from '@exrated/server/router';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { tabRatingClaims } from './rating-claims';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * The server refuses a request of more calls (docs/security.md#limits); the type holds this to its number.
 */
const MAX_CALLS_PER_REQUEST: MaxCallsPerRequest = 10;

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
        maxItems: MAX_CALLS_PER_REQUEST,
        // The device session lives in an HttpOnly cookie on this origin; never send it anywhere else.
        fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
        // What this tab rated before a phone stood behind it is shown to this tab only (docs/security.md#sessions).
        headers: () => {
          const claims = tabRatingClaims();
          return claims.length > 0 ? { [RATING_CLAIMS_HEADER]: claims.join(',') } : {};
        },
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

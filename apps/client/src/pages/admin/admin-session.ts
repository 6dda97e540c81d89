// A stored admin flag (docs/staff.md): the server's admin session decides; the
// flag in local storage only lets a returning administrator see the shell at once while admin.me answers.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';

const ADMIN_FLAG_KEY = 'exrated-admin';

function readCachedFlag(): boolean {
  try {
    return window.localStorage.getItem(ADMIN_FLAG_KEY) === 'true';
  } catch {
    return false;
  }
}

export function cacheAdminFlag(isAdmin: boolean): void {
  try {
    if (isAdmin) window.localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    else window.localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the server session still decides.
  }
}

export function isUnauthorized(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const { data } = error;
  return typeof data === 'object' && data !== null && 'code' in data && data.code === 'UNAUTHORIZED';
}

export type StaffRole = 'admin' | 'moderator';

/** What admin.me answers without a session. */
export const LOGGED_OUT = { isAdmin: false, name: null, role: null } as const;

/**
 * Whether this browser has a live staff session (whose, and of which role), and whether that is still being
 * asked. The cached flag shows the shell at once; the role comes from the server only.
 */
export function useAdminSession(): {
  isAdmin: boolean;
  checking: boolean;
  name: string | null;
  role: StaffRole | null;
} {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.admin.me.queryOptions(),
    placeholderData: () => (readCachedFlag() ? { isAdmin: true, name: null, role: null } : LOGGED_OUT),
    staleTime: 60_000,
  });
  const isAdmin = query.data?.isAdmin ?? false;
  useEffect(() => {
    if (!query.isPlaceholderData && query.data) cacheAdminFlag(query.data.isAdmin);
  }, [query.data, query.isPlaceholderData]);
  return {
    isAdmin,
    checking: query.isPlaceholderData && !isAdmin,
    name: query.data?.name ?? null,
    role: query.data?.role ?? null,
  };
}

/**
 * When any admin read is refused (the session idled out or hit its 8 hours), the area goes back to the login
 * screen instead of showing empty pages.
 */
export function useLogoutOnExpiredSession(): void {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  useEffect(() => {
    const meKey = trpc.admin.me.queryKey();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (!isUnauthorized(event.action.error)) return;
      markLoggedOut(queryClient, meKey);
    });
  }, [queryClient, trpc]);
}

export function markLoggedOut(queryClient: QueryClient, meKey: readonly unknown[]): void {
  cacheAdminFlag(false);
  queryClient.setQueryData(meKey, LOGGED_OUT);
  queryClient.removeQueries({
    predicate: (query) => {
      const [path] = query.queryKey;
      return Array.isArray(path) && path[0] === 'admin' && path[1] !== 'me';
    },
  });
}

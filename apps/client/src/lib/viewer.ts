// Who is looking at the app, as the header and the pages need it. The server decides (`profile.me`, from the
// device session's cookie and the tab's rating claims); local storage only keeps the last answer of a proven
// phone so a returning visitor's header shows at once while the server is asked again, and a number typed but
// not proven is this tab's own (docs/security.md#sessions).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from './notify';
import { forgetRatingClaims } from './rating-claims';
import { useTRPC } from './trpc';
import { forgetTypedPhone, subscribeTypedPhone, tabTypedPhone } from './typed-phone';

export interface Viewer {
  /** The proven phone in E.164, else the number this tab asked a code for, else null. */
  phoneNumber: string | null;
  /** The phone was proven with an SMS code in this device session. */
  isVerified: boolean;
  /** Two or more ratings given: the visitor may see their own ratings (never reverts). */
  isUnlocked: boolean;
  ratingsGiven: number;
  /** Optional public display name. */
  name: string | null;
  /** Whether rating texts go to the proven phone (the /settings switch); null without a proven phone. */
  textsOptIn: boolean | null;
  /** 'Do not rate me' of the proven phone (the /settings switch); null without a proven phone. */
  doNotRate: boolean | null;
  /** True while the viewer is being fetched for the first time. */
  loading: boolean;
}

type ServerViewer = Omit<Viewer, 'loading'>;

/** A visitor with no phone on this device: what a first visit is, before the server has answered. */
const VISITOR_WITHOUT_PHONE: Viewer = {
  phoneNumber: null,
  isVerified: false,
  isUnlocked: false,
  ratingsGiven: 0,
  name: null,
  textsOptIn: null,
  doNotRate: null,
  loading: false,
};

/** The stored profile (docs/product.md#log-out): a cache of the server's last answer, cleared by Log Out. */
const PROFILE_CACHE_KEY = 'exrated-profile';

function readCachedViewer(): ServerViewer | undefined {
  try {
    const raw = window.localStorage.getItem(PROFILE_CACHE_KEY);
    if (!raw) return undefined;
    const value: unknown = JSON.parse(raw);
    return isServerViewer(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeCachedViewer(viewer: ServerViewer | null): void {
  try {
    if (viewer?.phoneNumber) window.localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(viewer));
    else window.localStorage.removeItem(PROFILE_CACHE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the server still decides.
  }
}

function isServerViewer(value: unknown): value is ServerViewer {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.phoneNumber === 'string' || v.phoneNumber === null) &&
    (typeof v.name === 'string' || v.name === null) &&
    typeof v.isVerified === 'boolean' &&
    typeof v.isUnlocked === 'boolean' &&
    typeof v.ratingsGiven === 'number' &&
    (typeof v.textsOptIn === 'boolean' || v.textsOptIn === null) &&
    (typeof v.doNotRate === 'boolean' || v.doNotRate === null)
  );
}

export function useViewer(): Viewer {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.profile.me.queryOptions(), placeholderData: readCachedViewer });
  const confirmed = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (confirmed) writeCachedViewer(confirmed);
  }, [confirmed]);
  // The first answer re-renders the whole page (the header and the screen that waited for it). Taken as a
  // deferred value, that render is interruptible instead of one long task on a slow phone; until it is done
  // the page keeps showing that it is loading.
  const shown = useDeferredValue(query.data);
  const typedPhone = useSyncExternalStore(subscribeTypedPhone, tabTypedPhone, () => null);
  if (!shown) return { ...VISITOR_WITHOUT_PHONE, loading: query.isPending || query.data !== undefined };
  return { ...shown, phoneNumber: shown.phoneNumber ?? typedPhone, loading: false };
}

/** Asks the server again who the viewer is: after a proof, a saved phone or a rating. */
export function useRefreshViewer(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: trpc.profile.me.queryKey() }),
    [queryClient, trpc],
  );
}

/**
 * What 'Log Out' does: the server ends the device session (and deletes the profile of a proven phone), then
 * everything this device cached about the visitor is dropped and the visitor is back to having no phone.
 */
export function useLogOut(): () => void {
  const trpc = useTRPC();
  const forget = useForgetViewer();
  const { mutate } = useMutation(trpc.profile.logout.mutationOptions());
  return useCallback(() => {
    mutate(undefined, {
      onSuccess: () =>
        forget({ title: 'Profile cleared', message: 'All your data has been cleared from this device.' }),
      onError: () => {
        notify.error({ message: 'We could not log you out. Please check your connection and try again.' });
      },
    });
  }, [mutate, forget]);
}

/**
 * After the server ended the session (log out, account deletion): everything this device cached about the
 * visitor is dropped, the toast says what happened, and the visitor is back home without a phone.
 */
export function useForgetViewer(): (toast: { title: string; message: string }) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (toast) => {
      writeCachedViewer(null);
      forgetRatingClaims();
      forgetTypedPhone();
      queryClient.clear();
      notify.success(toast);
      navigate('/', { replace: true });
    },
    [queryClient, navigate],
  );
}

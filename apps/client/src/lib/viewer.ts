// Who is looking at the app, as the header and the pages need it. The server is the truth (DESIGN.md §2);
// the verification feature wires this to `profile.me` and `profile.logout`. Until those procedures exist
// every visitor is a visitor with no phone number.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

export interface Viewer {
  /** The visitor's phone number in E.164, or null when none is stored for this device. */
  phoneNumber: string | null;
  /** The phone was proven with an SMS code in this device session. */
  isVerified: boolean;
  /** Two or more ratings given: the visitor may see their own ratings (never reverts). */
  isUnlocked: boolean;
  ratingsGiven: number;
  /** Optional public display name. */
  name: string | null;
  /** True while the viewer is being fetched for the first time. */
  loading: boolean;
}

const VISITOR_WITHOUT_PHONE: Viewer = {
  phoneNumber: null,
  isVerified: false,
  isUnlocked: false,
  ratingsGiven: 0,
  name: null,
  loading: false,
};

export function useViewer(): Viewer {
  return VISITOR_WITHOUT_PHONE;
}

/** What 'Log Out' does: drop everything this device cached about the visitor and go home. */
export function useLogOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    queryClient.clear();
    navigate('/', { replace: true });
  }, [queryClient, navigate]);
}

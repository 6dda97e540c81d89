import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { afterNextPaint } from '../../lib/after-paint';
import { defaultCountryQuery } from '../../lib/default-country';
import { useTRPC } from '../../lib/trpc';
import { phoneValidation } from '../../lib/use-phone-validator';
import { loadPhoneNumberInput } from './PhoneEntryForm';

/**
 * While a screen that is about to send the visitor to /verify waits (the rate page's profile check), the
 * phone step's field, its number check and the country it starts on are fetched, so /verify's first screen
 * is complete when it shows instead of asking the network for them then.
 */
export function usePreloadPhoneStep(wanted: boolean): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!wanted) return;
    // After the waiting screen's first paint, so they do not share a slow network with it.
    return afterNextPaint(() => {
      void loadPhoneNumberInput();
      void phoneValidation.load().catch(() => undefined);
      void queryClient.prefetchQuery(defaultCountryQuery(trpc));
    });
  }, [wanted, trpc, queryClient]);
}

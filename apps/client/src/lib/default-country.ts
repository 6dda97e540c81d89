import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/**
 * The country a phone input starts on (docs/product.md#phone-numbers): the server reads it from the
 * request's proxy or language headers and falls back to 'us'. The same answer names the countries the server
 * texts (`textableCountries`), which the phone input lists first and the code forms check. Asked once per page
 * load. The phone input
 * picks its country when it mounts, so forms render it once this is no longer pending.
 */
export function useDefaultCountry() {
  return useQuery(defaultCountryQuery(useTRPC()));
}

/** The query `useDefaultCountry` reads, for a screen that fetches it ahead of the form that shows it. */
export function defaultCountryQuery(trpc: ReturnType<typeof useTRPC>) {
  return { ...trpc.verification.defaultCountry.queryOptions(), staleTime: Number.POSITIVE_INFINITY };
}

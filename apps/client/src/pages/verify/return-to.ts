// Where /verify sends a visitor after the proof. The /rate redirect (docs/security.md#sessions) passes
// `?returnTo=/rate?phone=...`; only paths on this site are followed, so the parameter cannot send anyone away.

export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat '\' like '/' ('/\evil.example' leaves the site); control characters and spaces have no
  // business in our own paths either.
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) <= 0x20)) return null;
  if (value === '/verify' || value.startsWith('/verify?') || value.startsWith('/verify/')) return null;
  return value;
}

/** /verify?returnTo=... for a page that sends an unverified visitor to verify and wants them back. */
export function verifyPathReturningTo(path: string): string {
  return `/verify?returnTo=${encodeURIComponent(path)}`;
}

/** Whether the visitor is on their way to rate, and from where: a shared link carries the ex's `phone`. */
export function rateReturnKind(returnTo: string | null): 'shared-link' | 'form' | null {
  if (!returnTo || !/^\/rate(\/|\?|$)/.test(returnTo)) return null;
  return new URLSearchParams(returnTo.split('?')[1] ?? '').has('phone') ? 'shared-link' : 'form';
}

/**
 * The number this tab asked a code for, before it proved one. The server shows a number back only once it is
 * proven, so a later visitor of a shared browser never reads the one typed before them
 * (docs/security.md#sessions); this tab keeps it in its own session storage for the code step and the header.
 */
export const TYPED_PHONE_STORAGE_KEY = 'exrated.typed-phone';

/** The screens showing the number re-render when it changes: no server answer changes with it. */
const listeners = new Set<() => void>();

export function subscribeTypedPhone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function tabTypedPhone(): string | null {
  try {
    return sessionStorage.getItem(TYPED_PHONE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function changed() {
  for (const listener of listeners) listener();
}

export function keepTypedPhone(phone: string) {
  try {
    sessionStorage.setItem(TYPED_PHONE_STORAGE_KEY, phone);
  } catch {
    // Storage refused (a private window's quota): the visitor types the number again.
  }
  changed();
}

export function forgetTypedPhone() {
  try {
    sessionStorage.removeItem(TYPED_PHONE_STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
  changed();
}

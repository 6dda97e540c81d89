import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'exrated:scroll-positions';

function readStoredPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

// Where the visitor was on each history entry (react-router's location key), kept for the tab's life:
// through a reload, the history entries and their keys stay and so does the place on each. Only the most
// recent entries are kept, so a long visit does not grow what is stored on every page hide.
const positions = readStoredPositions();
const KEPT_POSITIONS = 100;

function remember(key: string, top: number) {
  positions.delete(key);
  positions.set(key, top);
  if (positions.size > KEPT_POSITIONS) {
    const oldest = positions.keys().next();
    if (!oldest.done) positions.delete(oldest.value);
  }
}

const GIVE_UP_RESTORING_MS = 3000;
const VISITOR_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `top`, and keeps it there while the page is still growing (its code or data loading after a
 * reload), until the page is tall enough, the visitor scrolls, or a few seconds pass. Returns a cancel.
 */
function restoreScroll(top: number): () => void {
  const tallEnough = () => document.documentElement.scrollHeight - window.innerHeight >= top;
  window.scrollTo(0, top);
  if (tallEnough()) return () => undefined;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, top);
    if (tallEnough()) stop();
  });
  const timer = window.setTimeout(() => stop(), GIVE_UP_RESTORING_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of VISITOR_SCROLLS) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of VISITOR_SCROLLS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * A link or redirect opens its page at the top (or at the link's #anchor); Back, Forward and a reload
 * return to where the visitor was on that entry. The browser's own restoration is off because it runs at
 * the moment of the history change, before the page it restores has rendered.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const rememberPlace = () => remember(currentKey.current, window.scrollY);
    const persist = () => {
      rememberPlace();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // Storage full or blocked: only a reload's return to the same place is lost.
      }
    };
    // Scroll events come a frame late: a link followed (the click, seen before the app handles it) or Back
    // pressed (popstate, before the next page renders) within that frame would leave the place unrecorded.
    window.addEventListener('scroll', rememberPlace, { passive: true });
    window.addEventListener('click', rememberPlace, { capture: true });
    window.addEventListener('popstate', rememberPlace);
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', rememberPlace);
      window.removeEventListener('click', rememberPlace, { capture: true });
      window.removeEventListener('popstate', rememberPlace);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = key;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (saved !== undefined) return restoreScroll(saved);
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);
}

import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';

/** The height a toast takes at the edge of the viewport, its margins included. */
const TOAST_ZONE_PX = 150;
/**
 * How often the placement is checked again while the host is mounted, for what moves a page without changing
 * its DOM (a late font or image). A change to the DOM, a scroll or a resize is checked at once.
 */
const CHECK_INTERVAL_MS = 200;
// A page's primary actions: its submit buttons, and whatever it marks as such.
const PRIMARY_ACTIONS = 'button[type="submit"], [data-primary-action]';

interface Placement {
  position: 'bottom-center' | 'top-center';
  /** Below the sticky header when at the top, so the header and its menu stay usable. */
  top: number;
}

function headerBottom(): number {
  return Math.max(0, document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
}

function actionsWithin(from: number, to: number): boolean {
  for (const element of document.querySelectorAll<HTMLElement>(PRIMARY_ACTIONS)) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.bottom > from && box.top < to) return true;
  }
  return false;
}

/**
 * At the bottom, unless a primary action is there (at 375 px the /unlock form's only button sits at the
 * bottom of the screen); then at the top, under the header. A toast never covers a page's primary action.
 */
export function toastPlacement(): Placement {
  const top = headerBottom();
  const height = window.innerHeight;
  if (!actionsWithin(height - TOAST_ZONE_PX, height)) return { position: 'bottom-center', top };
  if (!actionsWithin(top, top + TOAST_ZONE_PX)) return { position: 'top-center', top };
  return { position: 'bottom-center', top };
}

/**
 * Where toasts render. One toast shows at a time (docs/product.md#messages). At the top they covered the
 * sticky header (and its account menu) on phones and the title and close button of dialogs; at the bottom, a
 * page's main button: the place is chosen, and kept up to date, so that neither happens.
 */
export default function NotificationsHost() {
  const [placement, setPlacement] = useState<Placement>(toastPlacement);
  useEffect(() => {
    const update = () =>
      setPlacement((current) => {
        const next = toastPlacement();
        return next.position === current.position && next.top === current.top ? current : next;
      });
    // A primary action rendered where the toast already is (the /unlock form's button, which arrives after
    // the toast of the rating that unlocked it) moves the toast in the next frame, not up to an interval
    // later: for that interval the toast would cover the button.
    let frame = 0;
    const updateNextFrame = () => {
      if (frame !== 0) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    const observer = new MutationObserver(updateNextFrame);
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setInterval(update, CHECK_INTERVAL_MS);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
      window.clearInterval(timer);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  // Mantine keeps one container per position and moves a toast whose position changes by leaving the old
  // container and entering the new one, so for a moment it showed twice. The toast stays in the bottom-center
  // container and that container moves instead. The root style reaches the other, always empty containers
  // too; with `bottom: auto` none of them stretches over the page.
  return (
    <Notifications
      limit={1}
      position="bottom-center"
      zIndex={1000}
      styles={
        placement.position === 'top-center' ? { root: { top: placement.top + 8, bottom: 'auto' } } : undefined
      }
    />
  );
}

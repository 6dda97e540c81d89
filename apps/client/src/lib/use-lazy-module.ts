import { useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/** A module the page loads on its own once the screen is up; `loaded` keeps it for later screens. */
export interface LazyModule<T> {
  load(): Promise<T>;
  loaded: T | null;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  const lazy: LazyModule<T> = {
    loaded: null,
    load: () =>
      importer().then((value) => {
        lazy.loaded = value;
        return value;
      }),
  };
  return lazy;
}

/**
 * The module, or null while it loads. It is asked for once the screen is up, so a slow network paints the
 * screen's text first. A failed load leaves it null: the checks it carries run on the server anyway.
 */
export function useLazyModule<T>(lazy: LazyModule<T>): T | null {
  const [value, setValue] = useState<T | null>(() => lazy.loaded);
  useEffect(() => {
    if (value !== null) return;
    let mounted = true;
    const cancel = afterNextPaint(() => {
      lazy.load().then(
        (loaded) => {
          if (mounted) setValue(() => loaded);
        },
        () => undefined,
      );
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, [lazy, value]);
  return value;
}

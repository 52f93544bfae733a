import { useSyncExternalStore } from 'react';

/** Whether the window matches a media query, kept up to date (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined;
      mq?.addEventListener?.('change', onChange);
      return () => mq?.removeEventListener?.('change', onChange);
    },
    () => (typeof window !== 'undefined' ? !!window.matchMedia?.(query).matches : false),
    () => false,
  );
}

/** The md breakpoint (900 px, spec 1 §9): tables from here, cards below. */
export const WIDE_SCREEN = '(min-width: 900px)';

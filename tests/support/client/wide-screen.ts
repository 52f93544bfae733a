import { afterEach } from 'vitest';
import { WIDE_SCREEN } from '../../../src/views/ui/use-media-query.ts';

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

/** Makes jsdom's window a wide screen until the test ends (it is narrow otherwise: cards, one column). */
export function widenScreen(): void {
  if (restore) return;
  const narrow = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...narrow(query), matches: query === WIDE_SCREEN }) as MediaQueryList;
  restore = () => {
    window.matchMedia = narrow;
  };
}

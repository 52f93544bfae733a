export type ThemeMode = 'light' | 'dark' | 'system';
const KEY = 'themeMode';

/** The theme mode lives in the browser; it defaults to system (spec 1 §4). */
export const themeStore = {
  read(): ThemeMode {
    try {
      const v = localStorage.getItem(KEY);
      return v === 'light' || v === 'dark' || v === 'system' ? v : 'system';
    } catch {
      return 'system';
    }
  },
  write(mode: ThemeMode) {
    localStorage.setItem(KEY, mode);
  },
  systemPrefersDark(): boolean {
    return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-color-scheme: dark)').matches;
  },
  /** Calls back when the operating system switches between light and dark. */
  watchSystem(onChange: (dark: boolean) => void): () => void {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!mq) return () => {};
    const listener = (e: MediaQueryListEvent) => onChange(e.matches);
    mq.addEventListener('change', listener);
    return () => mq.removeEventListener('change', listener);
  },
  apply(dark: boolean) {
    document.documentElement.classList.toggle('dark', dark);
  },
};

import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-hot-toast';

// react-hot-toast loads with the first toast rather than with the first page: most visits show none.
const load = () => import('react-hot-toast');
const Toaster = lazy(() => load().then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function show(kind: 'success' | 'error', message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of [...listeners]) listener();
  }
  load()
    .then((m) => m.default[kind](message, options))
    .catch(() => undefined);
}

/** Success and error toasts (react-hot-toast's), shown once its code has loaded. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};

/** Where toasts show: top right, below the sticky top bar, 5000 ms (DESIGN §3). Mounted with the first toast. */
export function AppToaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the sticky top bar, so a toast never covers the user menu or Messages. */}
      <Toaster position="top-right" containerStyle={{ top: 80 }} toastOptions={{ duration: 5000 }} />
    </Suspense>
  );
}

/**
 * The unread total the navigation shows, fed by the realtime connection once it has loaded. Kept
 * tiny and free of imports: the navigation is on every page, the connection is loaded only after
 * sign-in.
 */
export type UnreadListener = () => void;

let unread: number | null = null;
const listeners = new Set<UnreadListener>();

export const unreadStore = {
  /** Unread messages over all conversations; null while not known. */
  get: (): number | null => unread,
  set(next: number | null) {
    if (next === unread) return;
    unread = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: UnreadListener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

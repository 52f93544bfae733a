import { useSyncExternalStore } from 'react';
import { unreadStore } from '../services/unread-store.ts';

/** Unread messages over all conversations (null while not known), as the realtime connection last told. */
export const useUnread = (): number | null => useSyncExternalStore(unreadStore.subscribe, unreadStore.get, unreadStore.get);

import { createActor } from 'xstate';
import type { MessagingSide } from '../../services/messaging.ts';
import { unreadStore } from '../../services/unread-store.ts';
import { connectionMachine, selectUnread, type ConnectionActor } from './connection.machine.ts';

/**
 * The tab's one realtime connection, shared by the navigation's badge and the messaging page.
 * Loaded after sign-in (a dynamic import), so the first page downloads none of it.
 */
let current: { actor: ConnectionActor; key: string } | null = null;
const listeners = new Set<() => void>();

/** Starts the connection for the signed-in user (again only when the user changed). */
export function startConnection(key: string, side: MessagingSide, logic: typeof connectionMachine = connectionMachine): ConnectionActor {
  if (current?.key === key) return current.actor;
  stopConnection();
  const actor = createActor(logic, { input: { side } });
  actor.subscribe((s) => unreadStore.set(selectUnread(s)));
  actor.start();
  current = { actor, key };
  listeners.forEach((l) => l());
  return actor;
}

/** Ends the connection (sign-out). */
export function stopConnection() {
  if (!current) return;
  current.actor.stop();
  current = null;
  unreadStore.set(null);
  listeners.forEach((l) => l());
}

export const connectionStore = {
  get: (): ConnectionActor | null => current?.actor ?? null,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

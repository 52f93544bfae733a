/**
 * A small typed event bus: one area tells what happened, the areas that care listen, and neither
 * imports the other. `emit` awaits each listener in turn, in the order they were added, inside
 * the teller's own request: a listener's failure is the teller's, as a direct call was.
 */
export interface EventBus<Events> {
  on<K extends keyof Events>(name: K, listener: (event: Events[K]) => unknown): void;
  emit<K extends keyof Events>(name: K, event: Events[K]): Promise<void>;
}

export function createEventBus<Events>(): EventBus<Events> {
  const listeners = new Map<keyof Events, Array<(event: never) => unknown>>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as (event: never) => unknown]);
    },
    async emit(name, event) {
      for (const listener of listeners.get(name) ?? []) await (listener as (e: typeof event) => unknown)(event);
    },
  };
}

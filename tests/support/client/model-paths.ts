import type { EventObject, Snapshot } from 'xstate';
import type { TestModel } from 'xstate/graph';

export interface ModelState<S extends Snapshot<unknown>, E extends EventObject> {
  /** The state as the model tells it apart (what a user can observe). */
  key: string;
  /** The concrete snapshot the path below reaches. */
  state: S;
  /** Events from the initial state that reach `state` exactly. */
  path: E[];
  /** Every event the model tries here, with the snapshot it leads to. */
  transitions: Array<{ event: E; next: S }>;
}

/**
 * Every state of the model, each with a shortest path of events that reaches it exactly, and every
 * event tried from it. States are told apart by the model's `serializeState`; the concrete snapshot
 * kept for each is the first the traversal met, which is the one the breadth-first path replays to.
 */
export function modelStates<S extends Snapshot<unknown>, E extends EventObject>(
  model: TestModel<S, E, unknown>,
  serialize: (state: S) => string,
): Array<ModelState<S, E>> {
  const adjacency = model.getAdjacencyMap();
  const keys = Object.keys(adjacency) as Array<keyof typeof adjacency>;
  const first = keys[0]!;
  const paths = new Map<string, E[]>([[first, []]]);
  const order: Array<keyof typeof adjacency> = [first];
  for (let i = 0; i < order.length; i++) {
    const key = order[i]!;
    for (const t of Object.values(adjacency[key]!.transitions)) {
      const next = serialize(t.state) as keyof typeof adjacency;
      if (!paths.has(next)) {
        paths.set(next, [...paths.get(key)!, t.event]);
        order.push(next);
      }
    }
  }
  return order.map((key) => ({
    key,
    state: adjacency[key]!.state,
    path: paths.get(key)!,
    transitions: Object.values(adjacency[key]!.transitions).map((t) => ({ event: t.event, next: t.state })),
  }));
}

/** Names of the atomic states a snapshot is in, e.g. `form.editing`, `otp.counting.waiting`. */
export function atomicStates(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => atomicStates(v, `${prefix}${k}.`));
}

import { adjacencyMapToArray, serializeSnapshot, type TestModel } from 'xstate/graph';
import type { EventObject, Snapshot } from 'xstate';

export interface ModelCase<S extends Snapshot<unknown>, E extends EventObject> {
  /** e.g. `signedIn.active --session.logout--> signedOut` */
  name: string;
  /** Events that reach the starting state from the initial one (shortest path). */
  path: E[];
  event: E;
  from: S;
  expected: S;
}

const describeValue = (s: Snapshot<unknown>) => {
  const value = (s as unknown as { value: unknown }).value;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/**
 * Every transition of the model, each reached by the shortest path to its source state:
 * every state is reached and every event is tried in every state.
 */
export function transitionCases<S extends Snapshot<unknown>, E extends EventObject>(
  model: TestModel<S, E, unknown>,
): Array<ModelCase<S, E>> {
  // Keep paths that lie on the way to other states too, so every state has its own path.
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const paths = new Map(shortest.map((p) => [serializeSnapshot(p.state), p.steps.map((s) => s.event)]));
  // The initial state is reached by no event at all.
  const initial = shortest[0]?.steps[0]?.state;
  if (initial) paths.set(serializeSnapshot(initial), []);
  const cases: Array<ModelCase<S, E>> = [];
  const seen = new Set<string>();
  for (const edge of adjacencyMapToArray(model.getAdjacencyMap())) {
    const path = paths.get(serializeSnapshot(edge.state));
    if (!path) continue;
    const name = `${describeValue(edge.state)} --${edge.event.type}--> ${describeValue(edge.nextState)}`;
    const key = `${serializeSnapshot(edge.state)}|${JSON.stringify(edge.event)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cases.push({
      name,
      path: path.filter((e) => e.type !== 'xstate.init'),
      event: edge.event,
      from: edge.state,
      expected: edge.nextState,
    });
  }
  return cases;
}

/** Names of all states the cases reach, to assert the model covers the whole chart. */
export function reachedStates<S extends Snapshot<unknown>, E extends EventObject>(cases: Array<ModelCase<S, E>>): Set<string> {
  const out = new Set<string>();
  for (const c of cases) {
    out.add(describeValue(c.from));
    out.add(describeValue(c.expected));
  }
  return out;
}

/** A promise a stub actor returns, settled by the test when the model says so. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

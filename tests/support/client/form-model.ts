import { vi } from 'vitest';
import type { ActorLogic, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { adjacencyMapToArray, serializeSnapshot, TestModel } from 'xstate/graph';
import type { EventObject, Snapshot } from 'xstate';
import type { ModelCase } from './model.ts';

/**
 * The test model of a form machine. Its state is the whole snapshot (value and context), so
 * each path the model computes is exactly what the real actor goes through.
 */
export function formModel<M extends AnyStateMachine>(
  machine: M,
  options: { events: unknown[]; input?: InputFrom<M> },
): TestModel<SnapshotFrom<M>, EventFromLogic<M>, InputFrom<M>> {
  // Machines that emit events do not fit TestModel's ActorLogic parameter as declared.
  const logic = machine as unknown as ActorLogic<SnapshotFrom<M>, EventFromLogic<M>, InputFrom<M>>;
  return new TestModel(logic, {
    events: options.events as EventFromLogic<M>[],
    // An invoked actor's result arrives only while that actor runs.
    filterEvents: (snapshot: SnapshotFrom<M>, event: EventFromLogic<M>) => {
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
      return actor === undefined || actor in (snapshot as { children: Record<string, unknown> }).children;
    },
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
}

const describeValue = (s: Snapshot<unknown>) => {
  const value = (s as unknown as { value: unknown }).value;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/**
 * Every transition of the model (every event tried in every reachable state), each reached by
 * the shortest path to its source state.
 */
export function allTransitions<S extends Snapshot<unknown>, E extends EventObject, I>(model: TestModel<S, E, I>): Array<ModelCase<S, E>> {
  // Keep the paths to intermediate states too: each is the start of some transitions.
  const paths = new Map(model.getShortestPaths({ allowDuplicatePaths: true }).map((p) => [serializeSnapshot(p.state), p]));
  const cases: Array<ModelCase<S, E>> = [];
  for (const edge of adjacencyMapToArray(model.getAdjacencyMap())) {
    const path = paths.get(serializeSnapshot(edge.state));
    if (!path) throw new Error(`No path reaches ${serializeSnapshot(edge.state)}`);
    cases.push({
      name: `${describeValue(edge.state)} --${edge.event.type}--> ${describeValue(edge.nextState)}`,
      path: path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init'),
      event: edge.event,
      from: edge.state,
      expected: edge.nextState,
    });
  }
  return cases;
}

/** Cases grouped by what they test: `from --event--> to`, one test per group. */
export function groupCases<C extends { name: string }>(cases: C[]): Array<[string, C[]]> {
  const groups = new Map<string, C[]>();
  for (const c of cases) {
    const list = groups.get(c.name) ?? [];
    list.push(c);
    groups.set(c.name, list);
  }
  return [...groups.entries()];
}

/** Every event type a machine's chart handles, done and error events of its actors included. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  return [...new Set(machine.root.events as string[])].filter((t) => t !== '' && !t.startsWith('xstate.init'));
}

/** Lets settled promises and the actor's reactions run. */
export const flush = () => vi.advanceTimersByTimeAsync(0);

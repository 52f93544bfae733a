/**
 * Model-based testing of machines: the model is the machine itself, walked by `TestModel` from
 * 'xstate/graph' over a list of event fixtures (user events, actor answers, timers). The tests then
 * replay each path on the real actor, with its actors swapped for controllable stubs, and check
 * that it ends where the model says.
 *
 * - `modelOf`: the TestModel of a machine and its fixtures.
 * - `transitionCases`: every transition of the model, each with the exact events that reach its
 *   source state first; `reachedStates` names the states they cover. `transitionPaths`: the same
 *   as TestModel paths, for `path.test({ events, states })`.
 * - `modelStates`: every state of the model with the exact events that reach it and every event
 *   tried there; `atomicStates` names the leaves of a snapshot's value.
 * - `userPaths`: the paths of a form as its user drives it on screen, one per thing they can tell apart.
 * - `groupCases`, `eventTypesOf`: one test per `from --event--> to`, and the events a chart handles.
 * - `deferred`, `settle`, `flush`: stub actors answered when the model says so, and letting the
 *   actor react.
 */
import { expect, vi } from 'vitest';
import {
  initialTransition,
  transition,
  type ActorLogic,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { serializeSnapshot, TestModel, type AdjacencyValue, type StatePath, type TestParam } from 'xstate/graph';

export interface ModelOptions<S, E extends EventObject, I> {
  /** Every event the model may take, with the results its actors and timers may give. */
  events: readonly E[];
  input?: I;
  /** What tells two states apart; by default the value and the context. */
  serializeState?: (snapshot: S) => string;
  /** Whether an event can happen in a state (see `whileActorRuns`). */
  filterEvents?: (snapshot: S, event: E) => boolean;
}

/** The test model of a machine, driven by the given event fixtures. */
export function modelOf<M extends AnyStateMachine, E extends EventObject>(
  machine: M,
  options: ModelOptions<SnapshotFrom<M>, E, InputFrom<M>>,
): TestModel<SnapshotFrom<M>, E, InputFrom<M>> {
  // The fixtures hold actor results and timers, which a machine's own event type leaves out, and
  // machines that emit events do not fit TestModel's ActorLogic parameter as declared.
  const logic = machine as unknown as ActorLogic<SnapshotFrom<M>, E, InputFrom<M>>;
  const { events, input, serializeState, filterEvents } = options;
  return new TestModel(logic, {
    events: [...events],
    ...(input !== undefined ? { input } : {}),
    // TestModel's own default also tells apart snapshots that differ only in their actor refs.
    serializeState: serializeState ?? ((s) => serializeSnapshot(s)),
    ...(filterEvents ? { filterEvents } : {}),
  });
}

/** An invoked actor's result arrives only while that actor runs. For `filterEvents`. */
export function whileActorRuns(snapshot: Snapshot<unknown>, event: EventObject): boolean {
  const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
  return actor === undefined || actor in (snapshot as unknown as { children: Record<string, unknown> }).children;
}

export interface ModelCase<S extends Snapshot<unknown>, E extends EventObject> {
  /** e.g. `signedIn.active --session.logout--> signedOut` */
  name: string;
  /** The source state as the model tells it apart. */
  key: string;
  /** Events that reach `from` from the initial state (a shortest path). */
  path: E[];
  event: E;
  /** The snapshot `path` reaches, exactly. */
  from: S;
  /** The snapshot `event` leads to from `from`. */
  expected: S;
}

const describeValue = (s: Snapshot<unknown>) => {
  const value = (s as unknown as { value: unknown }).value;
  return typeof value === 'string' ? value : JSON.stringify(value);
};

const isInit = (e: EventObject) => e.type === 'xstate.init';

/** The model's graph, by the keys its `serializeState` gives. */
function adjacencyOf<S extends Snapshot<unknown>, E extends EventObject, I>(model: TestModel<S, E, I>) {
  return model.getAdjacencyMap() as unknown as Record<string, AdjacencyValue<S, E>>;
}

/** Shortest paths (events only) to every state of the model, by the model's key. */
function pathsByKey<S extends Snapshot<unknown>, E extends EventObject, I>(model: TestModel<S, E, I>): Map<string, E[]> {
  const serialize = model.options.serializeState as (s: S) => string;
  // Keep the paths that lie on the way to other states too: each starts some transitions.
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  return new Map(shortest.map((p) => [serialize(p.state), p.steps.map((s) => s.event).filter((e) => !isInit(e))]));
}

/** The snapshots the real actor goes through on `path`, from the model's initial one (first). */
function replay<S extends Snapshot<unknown>, E extends EventObject, I>(model: TestModel<S, E, I>, path: E[]): S[] {
  const logic = model.testLogic as unknown as AnyStateMachine;
  const states = [initialTransition(logic, model.options.input)[0] as unknown as S];
  for (const event of path) states.push(transition(logic, states.at(-1) as never, event as never)[0] as unknown as S);
  return states;
}

/**
 * Every transition of the model (every event tried in every reachable state), each from the
 * snapshot a shortest path to its source state reaches. Throws when a state has no path, so no
 * transition is left out unnoticed.
 */
export function transitionCases<S extends Snapshot<unknown>, E extends EventObject, I>(model: TestModel<S, E, I>): Array<ModelCase<S, E>> {
  const paths = pathsByKey(model);
  const logic = model.testLogic as unknown as AnyStateMachine;
  const cases: Array<ModelCase<S, E>> = [];
  for (const [key, { transitions }] of Object.entries(adjacencyOf(model))) {
    const path = paths.get(key);
    if (!path) throw new Error(`No path reaches ${key}`);
    // Replayed rather than taken from the graph: states the model tells apart by what a user sees
    // may differ in context, and the test must expect what this path really leads to.
    const from = replay(model, path).at(-1)!;
    for (const { event } of Object.values(transitions)) {
      const expected = transition(logic, from as never, event as never)[0] as unknown as S;
      cases.push({ name: `${describeValue(from)} --${event.type}--> ${describeValue(expected)}`, key, path, event, from, expected });
    }
  }
  return cases;
}

export interface ModelPath<S extends Snapshot<unknown>, E extends EventObject> extends StatePath<S, E> {
  description: string;
  /** Runs the whole path (the transition included) with TestModel's `events` and `states` checks. */
  test(params: TestParam<S, E>): Promise<unknown>;
}

/**
 * The transitions of `transitionCases` as TestModel paths, for tests that drive the system with
 * `path.test({ events, states })`. Each path ends with its transition, and each step holds the
 * snapshot the real actor is in after that step's event.
 */
export function transitionPaths<S extends Snapshot<unknown>, E extends EventObject, I>(
  model: TestModel<S, E, I>,
  describe: (events: E[]) => string = (events) => events.map((e) => e.type).join(' → '),
): Array<ModelPath<S, E>> {
  return transitionCases(model).map((c) => {
    const events = [...c.path, c.event];
    const states = replay(model, events);
    const init = { type: 'xstate.init' } as E;
    const path: StatePath<S, E> = {
      state: states.at(-1)!,
      steps: states.map((state, i) => ({ state, event: i === 0 ? init : events[i - 1]! })),
      weight: events.length,
    };
    return { ...path, description: describe(events), test: (params) => model.testPath(path, params) };
  });
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
 * event tried from it. The concrete snapshot kept for each state is the first the breadth-first
 * walk met, which is the one its path replays to. Throws when a state has no path.
 */
export function modelStates<S extends Snapshot<unknown>, E extends EventObject, I>(model: TestModel<S, E, I>): Array<ModelState<S, E>> {
  const serialize = model.options.serializeState as (s: S) => string;
  const adjacency = adjacencyOf(model);
  const keys = Object.keys(adjacency);
  const first = keys[0]!;
  const paths = new Map<string, E[]>([[first, []]]);
  const order = [first];
  for (let i = 0; i < order.length; i++) {
    const key = order[i]!;
    for (const t of Object.values(adjacency[key]!.transitions)) {
      const next = serialize(t.state);
      if (!paths.has(next)) {
        paths.set(next, [...paths.get(key)!, t.event]);
        order.push(next);
      }
    }
  }
  const missing = keys.filter((k) => !paths.has(k));
  if (missing.length) throw new Error(`No path reaches ${missing.join(', ')}`);
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

/** Every event type a machine's chart handles, done and error events of its actors included. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  return [...new Set(machine.root.events as string[])].filter((t) => t !== '' && !t.startsWith('xstate.init'));
}

/**
 * What a user does to a form, in the words of its machine: typing a value and leaving the
 * field (a change, then a blur), pressing the submit button, or something from outside
 * (a server answer, the session ending).
 */
export type UserStep =
  { type: 'user.fill'; field: string; value: string } | { type: 'user.submit' } | { type: 'outside'; event: EventObject };

export type UserSnapshot<M extends AnyStateMachine> = Snapshot<undefined> & { machine: SnapshotFrom<M> };

/**
 * The test model of a form as its user drives it. Its states are the machine's own snapshots,
 * so every path it gives is one the machine really takes, step by step; a path is kept for
 * each thing the user can tell apart on screen (`seen`).
 */
export function userPaths<M extends AnyStateMachine>(
  machine: M,
  options: {
    input?: InputFrom<M>;
    steps: UserStep[];
    /** Whether the step can happen on screen in this state (a disabled button cannot be pressed). */
    possible: (snapshot: SnapshotFrom<M>, step: UserStep) => boolean;
    /** What the user sees; one path is walked for each. */
    seen: (snapshot: SnapshotFrom<M>) => unknown;
  },
) {
  const eventsOf = (step: UserStep): EventObject[] =>
    step.type === 'user.fill'
      ? [
          { type: 'field.change', field: step.field, value: step.value } as EventObject,
          { type: 'field.blur', field: step.field } as EventObject,
        ]
      : step.type === 'user.submit'
        ? [{ type: 'form.submit' }]
        : [step.event];

  const logic: ActorLogic<UserSnapshot<M>, UserStep, unknown> = {
    getInitialSnapshot: () => ({
      status: 'active',
      output: undefined,
      error: undefined,
      machine: (initialTransition as (m: M, i?: unknown) => [SnapshotFrom<M>, unknown])(machine, options.input)[0],
    }),
    transition: (snapshot, step) => {
      let next = snapshot.machine;
      for (const event of eventsOf(step)) next = transition(machine, next, event as never)[0];
      return { ...snapshot, machine: next };
    },
    getPersistedSnapshot: (snapshot) => snapshot,
  };

  const model = new TestModel(logic, {
    events: options.steps,
    serializeState: (s) => serializeSnapshot(s.machine),
    filterEvents: (s, step) => {
      if (step.type === 'outside' && !whileActorRuns(s.machine, step.event)) return false;
      return options.possible(s.machine, step);
    },
  });

  const byView = new Map<string, { steps: UserStep[]; states: Array<SnapshotFrom<M>> }>();
  const paths = model.getShortestPaths({ allowDuplicatePaths: true }).sort((a, b) => a.steps.length - b.steps.length);
  for (const path of paths) {
    const key = JSON.stringify(options.seen(path.state.machine));
    if (byView.has(key)) continue;
    const steps = path.steps.filter((s) => !isInit(s.event));
    byView.set(key, { steps: steps.map((s) => s.event), states: steps.map((s) => s.state.machine) });
  }
  return [...byView.entries()].map(([seen, path]) => ({
    name: seen,
    initial: logic.getInitialSnapshot(null as never, undefined).machine,
    ...path,
  }));
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

/**
 * Plays an actor's result from the model (`xstate.done.actor.<id>` or `xstate.error.actor.<id>`)
 * on the real actor by settling the stub's promise `pending[id]`. False for any other event.
 */
export function settle(
  pending: Record<string, { resolve(value: never): void; reject(error: unknown): void } | undefined>,
  event: EventObject,
): boolean {
  const [, outcome, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
  if (!outcome || !id) return false;
  const stub = pending[id];
  if (!stub) throw new Error(`${event.type} arrived while no ${id} call is pending`);
  const e = event as { output?: unknown; error?: unknown };
  if (outcome === 'done') stub.resolve(e.output as never);
  else stub.reject(e.error);
  return true;
}

/** Lets settled promises and the actor's reactions run (under fake timers). */
export const flush = () => vi.advanceTimersByTimeAsync(0);

/** A form machine's snapshot as the form rules see it (src/machines/form.ts). */
interface FormSnapshot<F extends string> {
  context: {
    errors: Partial<Record<F, string>>;
    touched: Partial<Record<F, boolean>>;
    serverErrors: Partial<Record<F, string>>;
  };
  matches(state: 'editing' | 'submitting'): boolean;
  hasTag(tag: 'loading'): boolean;
}

/**
 * The rules every form keeps in every state (spec 1 §5): submit only when valid and not busy;
 * a rule's error shows only for a field left once, or after a submit; busy exactly while submitting.
 */
export function expectFormRules<F extends string>(
  s: FormSnapshot<F>,
  view: { fields: readonly F[]; shown: Partial<Record<F, string>>; canSubmit: boolean },
) {
  const valid = Object.keys(s.context.errors).length === 0;
  expect(view.canSubmit).toBe(s.matches('editing') && valid);
  for (const field of view.fields) {
    const shown = view.shown[field];
    if (shown && shown !== s.context.serverErrors[field]) expect(s.context.touched[field]).toBe(true);
  }
  expect(s.hasTag('loading')).toBe(s.matches('submitting'));
}

import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  initialTransition,
  transition,
  type ActorLogic,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';
import { AppConfigContext } from '../../../src/app/app-config.tsx';
import { SessionContext, SessionProvider } from '../../../src/app/session.tsx';
import type { StoredSession } from '../../../src/services/session-store.ts';
import { offlineConfig, offlineSession } from './app-harness.tsx';

/**
 * What a user does to a form, in the words of its machine: typing a value and leaving the
 * field (a change, then a blur), pressing the submit button, or something from outside
 * (a server answer, the session ending).
 */
export type UserStep =
  | { type: 'user.fill'; field: string; value: string }
  | { type: 'user.submit' }
  | { type: 'outside'; event: EventObject };

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
      const actor = step.type === 'outside' ? /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(step.event.type)?.[1] : undefined;
      // An invoked actor's answer arrives only while that actor runs.
      if (actor !== undefined && !(actor in (s.machine as { children: Record<string, unknown> }).children)) return false;
      return options.possible(s.machine, step);
    },
  });

  const byView = new Map<string, { steps: UserStep[]; states: Array<SnapshotFrom<M>> }>();
  const paths = model.getShortestPaths({ allowDuplicatePaths: true }).sort((a, b) => a.steps.length - b.steps.length);
  for (const path of paths) {
    const key = JSON.stringify(options.seen(path.state.machine));
    if (byView.has(key)) continue;
    const steps = path.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init');
    byView.set(key, { steps: steps.map((s) => s.event), states: steps.map((s) => s.state.machine) });
  }
  return [...byView.entries()].map(([seen, path]) => ({ name: seen, initial: logic.getInitialSnapshot(null as never, undefined).machine, ...path }));
}

/** A stubbed actor's promise, answered by the test when the model says so. */
export function controllable<T>() {
  const calls: unknown[] = [];
  let settle: { resolve: (v: T) => void; reject: (e: unknown) => void } | undefined;
  return {
    calls,
    run(input: unknown) {
      calls.push(input);
      return new Promise<T>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    async answer(event: EventObject) {
      const e = event as { type: string; output?: T; error?: unknown };
      await act(async () => {
        if (e.type.startsWith('xstate.done.actor.')) settle!.resolve(e.output as T);
        else settle!.reject(e.error);
      });
    },
  };
}

/**
 * A view inside the app's real providers (settings, session, router, toaster), on an in-memory
 * location, with the server-bound actors of the session and settings stubbed.
 */
export function renderInApp(ui: ReactNode, { path = '/', stored = null }: { path?: string; stored?: StoredSession | null } = {}) {
  // Toasts live in one store for the whole page; each render starts without any.
  toast.remove();
  const location = memoryLocation({ path, record: true });
  const session = offlineSession(stored);
  let sessionActor: AnyActorRef | undefined;
  function GrabSession() {
    sessionActor = SessionContext.useActorRef();
    return null;
  }
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppConfigContext.Provider logic={offlineConfig()}>
        <SessionProvider logic={session.logic}>
          <GrabSession />
          {ui}
          <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
        </SessionProvider>
      </AppConfigContext.Provider>
    </Router>,
  );
  return { ...result, location, revoked: session.revoked, session: () => sessionActor! };
}

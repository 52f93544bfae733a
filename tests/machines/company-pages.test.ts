import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { DashboardCount, PublicCompany } from '../../src/contract/company.ts';
import { companyCountsMachine } from '../../src/machines/company/company-counts.machine.ts';
import { publicCompanyMachine } from '../../src/machines/company/public-company.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { samplePublicCompany } from '../../src/views/company/stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

const serverError = new ApiError('server', 500, 'Something went wrong!!!');

/** Walks every state of a read-only page's machine and every event there, on the real actor. */
function walk<M extends AnyStateMachine>(
  name: string,
  machine: M,
  options: { events: EventObject[]; input?: unknown; states: string[]; observable: (s: AnyMachineSnapshot) => string },
) {
  describe(`${name} (model-based)`, () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const model = modelOf(machine, {
      events: options.events,
      ...(options.input ? { input: options.input as never } : {}),
      serializeState: (s) => options.observable(s as AnyMachineSnapshot),
      filterEvents: (s, e) => !e.type.startsWith('xstate.') || (s as AnyMachineSnapshot).matches('loading'),
    });
    const states = modelStates(model);

    it('reaches every state of the chart and tries every event', () => {
      expect([...new Set(states.flatMap((s) => atomicStates((s.state as AnyMachineSnapshot).value)))].sort()).toEqual(options.states);
      expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(options.events.map((e) => e.type)));
    });

    it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
      const check = async (path: EventObject[], expected: AnyMachineSnapshot) => {
        const pending: Record<string, ReturnType<typeof deferred<never>> | undefined> = {};
        const loads: unknown[] = [];
        const logic = machine.provide({
          actors: {
            load: fromPromise(({ input }) => {
              loads.push(input);
              const d = deferred<never>();
              pending.load = d;
              return d.promise;
            }),
          },
        } as never);
        const actor = createActor(logic, options.input ? { input: options.input as never } : {}).start();
        let reads = 1;
        for (const event of path) {
          if (event.type.endsWith('.retry') && actor.getSnapshot().matches('failed')) reads++;
          if (!settle(pending, event)) actor.send(event as never);
          await flush();
        }
        expect(options.observable(actor.getSnapshot() as AnyMachineSnapshot)).toBe(options.observable(expected));
        // One read on the way in, one more for each retry after a failure; none otherwise.
        expect(loads.length).toBe(reads);
        actor.stop();
      };
      await check(s.path, s.state as AnyMachineSnapshot);
      for (const t of s.transitions) await check([...s.path, t.event], t.next as AnyMachineSnapshot);
    });
  });
}

const counts: DashboardCount = {
  postedJobs: 3,
  applicants: 12,
  activeJobs: 2,
  newApplicants: 4,
  toReview: 5,
  interviewing: 2,
  offered: 1,
  hired: 0,
};

walk('company counts machine', companyCountsMachine, {
  events: [
    { type: 'xstate.done.actor.load', output: counts },
    { type: 'xstate.error.actor.load', error: serverError },
    { type: 'counts.retry' },
  ] as unknown as EventObject[],
  states: ['failed', 'loaded', 'loading'],
  observable: (s) => JSON.stringify({ value: s.value, counts: s.context.counts }),
});

walk('public company machine', publicCompanyMachine, {
  input: { id: samplePublicCompany.id },
  events: [
    { type: 'xstate.done.actor.load', output: samplePublicCompany },
    { type: 'xstate.error.actor.load', error: ApiError.of('company.notFound', 'This company was not found.') },
    { type: 'xstate.error.actor.load', error: new ApiError('network', 0, 'Network Error!, Please check your connection.') },
    { type: 'xstate.error.actor.load', error: serverError },
    { type: 'company.retry' },
  ] as unknown as EventObject[],
  states: ['failed', 'loaded', 'loading', 'notFound'],
  observable: (s) => JSON.stringify({ value: s.value, company: s.context.company?.name ?? null }),
});

describe('the public company page machine', () => {
  it('asks for the company its address names', async () => {
    const seen: unknown[] = [];
    const logic = publicCompanyMachine.provide({
      actors: {
        load: fromPromise<PublicCompany, { id: string }>(async ({ input }) => {
          seen.push(input);
          return samplePublicCompany;
        }),
      },
    });
    const actor = createActor(logic, { input: { id: 'abc' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true));
    expect(seen).toEqual([{ id: 'abc' }]);
  });
});

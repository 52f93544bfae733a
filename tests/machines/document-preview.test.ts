import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { DocumentPreview } from '../../src/contract/applicants.ts';
import { documentPreviewMachine } from '../../src/machines/applicants/document-preview.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof documentPreviewMachine>;

const preview: DocumentPreview = { name: 'Resume.pdf', text: 'Maria Lopez, RN', complete: true };
const failure = new ApiError('server', 500, 'Something went wrong!!!');
const input = { documentId: 'd-1' };
const observable = (s: Snap) => JSON.stringify({ value: s.value, preview: s.context.preview?.text ?? null, open: s.hasTag('open') });

function startSut() {
  const server = { pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>, reads: [] as string[] };
  const machine = documentPreviewMachine.provide({
    actors: {
      load: fromPromise<DocumentPreview, string>(({ input: id }) => {
        server.reads.push(id);
        const d = deferred<DocumentPreview>();
        server.pending.load = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), server };
}

describe('document preview machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events = [
    { type: 'preview.open' },
    { type: 'preview.close' },
    { type: 'preview.retry' },
    { type: 'xstate.done.actor.load', output: preview },
    { type: 'xstate.error.actor.load', error: failure },
  ] as unknown as EventObject[];
  const model = modelOf(documentPreviewMachine, { events, input, serializeState: observable, filterEvents: whileActorRuns });
  const states = modelStates(model);

  it('reaches every state and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['closed', 'failed', 'loading', 'shown']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      let reads = 0;
      for (const event of path) {
        const before = sut.actor.getSnapshot();
        if (!settle(sut.server.pending, event)) sut.actor.send(event as never);
        await flush();
        if (!before.matches('loading') && sut.actor.getSnapshot().matches('loading')) reads++;
      }
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      // The text is read on the way into loading only: never again once it is shown.
      expect(sut.server.reads).toEqual(Array(reads).fill('d-1'));
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('document preview rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the document once: closing and opening again shows the same text', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'preview.open' });
    settle(sut.server.pending, { type: 'xstate.done.actor.load', output: preview } as never);
    await flush();
    sut.actor.send({ type: 'preview.close' });
    sut.actor.send({ type: 'preview.open' });
    expect(sut.actor.getSnapshot().matches('shown')).toBe(true);
    expect(sut.server.reads).toEqual(['d-1']);
  });
});

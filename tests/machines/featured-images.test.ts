import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { CompanyMessages, type FeaturedImage } from '../../src/contract/company.ts';
import { FileMessages } from '../../src/contract/files.ts';
import {
  featuredImagesMachine,
  moved,
  selectFull,
  selectPercent,
  type FeaturedImagesEvent,
} from '../../src/machines/company/featured-images.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { sampleFeatured } from '../../src/views/company/stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof featuredImagesMachine>;
type Answer = { images: FeaturedImage[]; message: string };

const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;
const photo = file('team.jpg', 'image/jpeg', 300_000);
const [a, b, c] = sampleFeatured(3) as [FeaturedImage, FeaturedImage, FeaturedImage];
const two = [a, b];
const three = [a, b, c];
const six = sampleFeatured(6);
const mismatch = new ApiError('client', 400, CompanyMessages.reorderMismatch, [CompanyMessages.reorderMismatch]);

const modelEvents = [
  { type: 'xstate.done.actor.load', output: two },
  { type: 'xstate.done.actor.load', output: six },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'featured.retry' },
  { type: 'featured.choose', file: photo },
  { type: 'featured.choose', file: file('notes.pdf', 'application/pdf', 1000) },
  { type: 'upload.progress', loaded: 150_000, total: 300_000 },
  { type: 'upload.done', output: { image: c, images: three }, message: CompanyMessages.featuredSaved },
  { type: 'upload.failed', error: new ApiError('client', 413, FileMessages.tooLarge, [FileMessages.tooLarge]) },
  { type: 'featured.cancel' },
  { type: 'featured.delete', id: a.id },
  { type: 'featured.delete', id: 'not-there' },
  { type: 'delete.cancel' },
  { type: 'delete.confirm' },
  { type: 'xstate.done.actor.remove', output: { images: [b], message: CompanyMessages.featuredDeleted } },
  { type: 'xstate.error.actor.remove', error: new ApiError('client', 404, FileMessages.imageNotFound, [FileMessages.imageNotFound]) },
  { type: 'featured.move', id: a.id, by: 1 },
  { type: 'featured.move', id: a.id, by: -1 },
  { type: 'xstate.done.actor.reorder', output: { images: moved(two, a.id, 1), message: CompanyMessages.featuredReordered } },
  { type: 'xstate.error.actor.reorder', error: mismatch },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    order: s.context.images.map((i) => i.id.slice(0, 8)),
    pending: s.context.pending?.id.slice(0, 8) ?? null,
    fileName: s.context.fileName,
    percent: selectPercent(s),
    full: selectFull(s),
    error: s.context.error,
    message: s.context.message,
  });

const isUploadEvent = (e: EventObject) => e.type.startsWith('upload.');

function startSut() {
  const server = {
    loads: 0,
    uploads: [] as File[],
    aborted: 0,
    removes: [] as string[],
    reorders: [] as string[][],
    upload: null as ((e: { type: string; [key: string]: unknown }) => void) | null,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const call = <T, I>(id: string, record: (input: I) => void) =>
    fromPromise<T, I>(({ input }) => {
      record(input);
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const machine = featuredImagesMachine.provide({
    actors: {
      load: call<FeaturedImage[], unknown>('load', () => server.loads++),
      upload: fromCallback<EventObject, { file: File }>(({ sendBack, input }) => {
        server.uploads.push(input.file);
        server.upload = sendBack;
        return () => {
          server.upload = null;
          server.aborted++;
        };
      }),
      remove: call<Answer, { id: string }>('remove', (input) => server.removes.push(input.id)),
      reorder: call<Answer, { ids: string[] }>('reorder', (input) => server.reorders.push(input.ids)),
    },
  });
  const actor = createActor(machine).start();
  return { actor, server };
}

function play(sut: ReturnType<typeof startSut>, event: EventObject) {
  if (settle(sut.server.pending, event)) return;
  if (isUploadEvent(event)) {
    if (!sut.server.upload) throw new Error(`${event.type} arrived while no upload runs`);
    sut.server.upload(event);
    return;
  }
  sut.actor.send(event as FeaturedImagesEvent);
}

describe('featured images machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(featuredImagesMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (isUploadEvent(e)) return s.matches('uploading');
      const actor = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(e.type)?.[1];
      if (actor === 'load') return s.matches('loading');
      if (actor === 'remove') return s.matches('deleting');
      if (actor === 'reorder') return s.matches('reordering');
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'confirmingDelete',
      'deleting',
      'loadFailed',
      'loading',
      'ready',
      'reordering',
      'uploading',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        play(sut, event);
        await flush();
      }
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      expect(sut.server.upload !== null).toBe(sut.actor.getSnapshot().matches('uploading'));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('featured images rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function loaded(images: FeaturedImage[]) {
    const sut = startSut();
    sut.server.pending.load!.resolve(images as never);
    await flush();
    return sut;
  }

  it('moves an image one place, shows it at once, and saves the whole order', async () => {
    const sut = await loaded(three);
    sut.actor.send({ type: 'featured.move', id: c.id, by: -1 });
    expect(sut.actor.getSnapshot().context.images.map((i) => i.id)).toEqual([a.id, c.id, b.id]);
    expect(sut.actor.getSnapshot().context.images.map((i) => i.position)).toEqual([0, 1, 2]);
    expect(sut.server.reorders).toEqual([[a.id, c.id, b.id]]);
  });

  it('puts the order back when the server refuses it', async () => {
    const sut = await loaded(three);
    sut.actor.send({ type: 'featured.move', id: a.id, by: 1 });
    sut.server.pending.reorder!.reject(mismatch);
    await flush();
    expect(sut.actor.getSnapshot().context.images.map((i) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(sut.actor.getSnapshot().context.error).toBe(CompanyMessages.reorderMismatch);
  });

  it('cannot move the first image up or the last one down, nor move while a move is saved', async () => {
    const sut = await loaded(three);
    sut.actor.send({ type: 'featured.move', id: a.id, by: -1 });
    sut.actor.send({ type: 'featured.move', id: c.id, by: 1 });
    expect(sut.server.reorders).toEqual([]);
    sut.actor.send({ type: 'featured.move', id: b.id, by: 1 });
    sut.actor.send({ type: 'featured.move', id: a.id, by: 1 });
    expect(sut.server.reorders).toHaveLength(1);
  });

  it('refuses a 7th image at once, with the server’s words', async () => {
    const sut = await loaded(six);
    sut.actor.send({ type: 'featured.choose', file: photo });
    expect(sut.actor.getSnapshot().context.error).toBe(CompanyMessages.tooManyFeatured);
    expect(sut.server.uploads).toEqual([]);
  });

  it('deletes only the image confirmed, and shows what the server kept', async () => {
    const sut = await loaded(three);
    sut.actor.send({ type: 'featured.delete', id: b.id });
    expect(sut.actor.getSnapshot().context.pending?.id).toBe(b.id);
    sut.actor.send({ type: 'delete.cancel' });
    expect(sut.server.removes).toEqual([]);
    sut.actor.send({ type: 'featured.delete', id: b.id });
    sut.actor.send({ type: 'delete.confirm' });
    expect(sut.server.removes).toEqual([b.id]);
    sut.server.pending.remove!.resolve({ images: [a, c], message: CompanyMessages.featuredDeleted } as never);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ images: [a, c], message: CompanyMessages.featuredDeleted, pending: null });
  });

  it('adds an uploaded image where the server put it; cancelling aborts', async () => {
    const sut = await loaded(two);
    sut.actor.send({ type: 'featured.choose', file: photo });
    sut.actor.send({ type: 'featured.cancel' });
    expect(sut.server.aborted).toBe(1);
    sut.actor.send({ type: 'featured.choose', file: photo });
    sut.server.upload!({ type: 'upload.done', output: { image: c, images: three }, message: CompanyMessages.featuredSaved });
    expect(sut.actor.getSnapshot().context.images).toEqual(three);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { CompanyMessages } from '../../src/contract/company.ts';
import { FileMessages } from '../../src/contract/files.ts';
import { companyLogoMachine, selectPercent, type CompanyLogoEvent } from '../../src/machines/company/company-logo.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { sampleLogo } from '../../src/views/company/stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof companyLogoMachine>;

/** What the machine reads of a chosen file. */
const file = (name: string, type: string, size: number) => ({ name, type, size }) as File;
const photo = file('mark.png', 'image/png', 40_000);
const newLogo = { ...sampleLogo, id: 'b1b1b1b1-58a4-4c84-9c8e-1d8a9e2b7a11' };
const refused = new ApiError('client', 400, FileMessages.imageType, [FileMessages.imageType]);

const modelEvents = [
  { type: 'logo.choose', file: photo },
  { type: 'logo.choose', file: file('brochure.pdf', 'application/pdf', 1000) },
  { type: 'logo.choose', file: file('huge.jpg', 'image/jpeg', 6 * 1024 * 1024) },
  { type: 'upload.progress', loaded: 20_000, total: 40_000 },
  { type: 'upload.done', output: { logo: newLogo }, message: CompanyMessages.logoSaved },
  { type: 'upload.failed', error: refused },
  { type: 'logo.cancel' },
  { type: 'logo.remove' },
  { type: 'remove.cancel' },
  { type: 'remove.confirm' },
  { type: 'xstate.done.actor.remove', output: CompanyMessages.logoDeleted },
  { type: 'xstate.error.actor.remove', error: new ApiError('server', 500, 'Something went wrong!!!') },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    logo: s.context.logo?.id ?? null,
    fileName: s.context.fileName,
    percent: selectPercent(s),
    error: s.context.error,
    message: s.context.message,
  });

const isUploadEvent = (e: EventObject) => e.type.startsWith('upload.');

function startSut(logo = sampleLogo) {
  const server = {
    uploads: [] as File[],
    aborted: 0,
    removes: 0,
    /** The running upload's line back to the machine; null when none runs. */
    upload: null as ((e: { type: string; [key: string]: unknown }) => void) | null,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = companyLogoMachine.provide({
    actors: {
      upload: fromCallback<EventObject, { file: File }>(({ sendBack, input }) => {
        server.uploads.push(input.file);
        server.upload = sendBack;
        return () => {
          server.upload = null;
          server.aborted++;
        };
      }),
      remove: fromPromise<string>(() => {
        server.removes++;
        const d = deferred<string>();
        server.pending.remove = d as never;
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { logo } }).start();
  return { actor, server };
}

/** Plays an event as the real world would: an upload's report through the running upload. */
function play(sut: ReturnType<typeof startSut>, event: EventObject) {
  if (settle(sut.server.pending, event)) return;
  if (isUploadEvent(event)) {
    if (!sut.server.upload) throw new Error(`${event.type} arrived while no upload runs`);
    sut.server.upload(event);
    return;
  }
  sut.actor.send(event as CompanyLogoEvent);
}

describe('company logo machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(companyLogoMachine, {
    events: modelEvents,
    input: { logo: sampleLogo },
    serializeState: observable,
    filterEvents: (s, e) => {
      if (isUploadEvent(e)) return s.matches('uploading');
      if (e.type.endsWith('actor.remove')) return s.matches('removing');
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'confirmingRemove',
      'idle',
      'removing',
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
      // An upload runs exactly while the machine says it is uploading.
      expect(sut.server.upload !== null).toBe(sut.actor.getSnapshot().matches('uploading'));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('company logo rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refuses a file of another type or over 5 MB at once, with the server’s words, sending nothing', () => {
    const sut = startSut();
    sut.actor.send({ type: 'logo.choose', file: file('cv.pdf', 'application/pdf', 1000) });
    expect(sut.actor.getSnapshot().context.error).toBe(FileMessages.imageType);
    sut.actor.send({ type: 'logo.choose', file: file('big.png', 'image/png', 5 * 1024 * 1024 + 1) });
    expect(sut.actor.getSnapshot().context.error).toBe(FileMessages.tooLarge);
    sut.actor.send({ type: 'logo.choose', file: file('empty.png', 'image/png', 0) });
    expect(sut.actor.getSnapshot().context.error).toBe(FileMessages.empty);
    expect(sut.server.uploads).toEqual([]);
  });

  it('uploads with progress; cancelling aborts the request and keeps the logo there was', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'logo.choose', file: photo });
    expect(sut.server.uploads).toEqual([photo]);
    sut.server.upload!({ type: 'upload.progress', loaded: 10_000, total: 40_000 });
    expect(selectPercent(sut.actor.getSnapshot())).toBe(25);
    sut.actor.send({ type: 'logo.cancel' });
    expect(sut.server.aborted).toBe(1);
    expect(sut.actor.getSnapshot().context.logo).toEqual(sampleLogo);
    expect(selectPercent(sut.actor.getSnapshot())).toBeNull();
  });

  it('shows the new logo once uploaded, and the server’s refusal otherwise', async () => {
    const sut = startSut(null as never);
    sut.actor.send({ type: 'logo.choose', file: photo });
    sut.server.upload!({ type: 'upload.failed', error: refused });
    expect(sut.actor.getSnapshot().context.error).toBe(FileMessages.imageType);
    sut.actor.send({ type: 'logo.choose', file: photo });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    sut.server.upload!({ type: 'upload.done', output: { logo: newLogo }, message: CompanyMessages.logoSaved });
    expect(sut.actor.getSnapshot().context).toMatchObject({ logo: newLogo, message: CompanyMessages.logoSaved });
  });

  it('removes only after a confirmation, and only a logo there is', async () => {
    const none = startSut(null as never);
    none.actor.send({ type: 'logo.remove' });
    expect(none.actor.getSnapshot().matches('idle')).toBe(true);

    const sut = startSut();
    sut.actor.send({ type: 'logo.remove' });
    sut.actor.send({ type: 'remove.cancel' });
    expect(sut.server.removes).toBe(0);
    sut.actor.send({ type: 'logo.remove' });
    sut.actor.send({ type: 'remove.confirm' });
    expect(sut.server.removes).toBe(1);
    sut.server.pending.remove!.resolve(CompanyMessages.logoDeleted as never);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ logo: null, message: CompanyMessages.logoDeleted });
  });
});

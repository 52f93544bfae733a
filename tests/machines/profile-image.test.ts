import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { ProfileImageMessages, type ProfileImage } from '../../src/contract/common.ts';
import { FileMessages, MAX_UPLOAD_BYTES } from '../../src/contract/files.ts';
import {
  imageRefusal,
  profileImageMachine,
  selectConfirming,
  selectImageSource,
  selectUploadPercent,
  type ProfileImageEvent,
} from '../../src/machines/jobseeker/profile-image.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges, type ProfilePhoto } from '../../src/services/profile-changes.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof profileImageMachine>;

const image = (id: string): ProfileImage => ({
  id,
  url: `/api/Common/images/${id}?expires=1767225600&signature=${'s'.repeat(43)}`,
  urlExpiresAt: '2026-01-01T00:00:00.000Z',
  size: 20_480,
  contentType: 'image/webp',
  uploadedAt: '2025-06-01T10:00:00.000Z',
});
const current = image('img-1');
const replaced = image('img-2');

/** A file the model tells apart from another by its name and size (a plain File serializes as {}). */
class NamedFile extends File {
  toJSON() {
    return { name: this.name, size: this.size };
  }
}
const file = (name: string, type: string, size = 1024) => new NamedFile([new Uint8Array(size)], name, { type });
const jpeg = file('me.jpg', 'image/jpeg');
const huge = file('huge.png', 'image/png', MAX_UPLOAD_BYTES + 1);
const pdf = file('cv.pdf', 'application/pdf');

const modelEvents = [
  { type: 'xstate.done.actor.load', output: current },
  { type: 'xstate.done.actor.load', output: null },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'photo.retry' },
  { type: 'photo.choose', files: [jpeg] },
  { type: 'photo.choose', files: [huge] },
  { type: 'photo.choose', files: [pdf] },
  { type: 'upload.progress', loaded: 512, total: 1024 },
  { type: 'upload.done', image: replaced },
  { type: 'upload.failed', error: new ApiError('client', 400, FileMessages.imageUnreadable) },
  { type: 'upload.cancel' },
  { type: 'photo.remove' },
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  { type: 'xstate.done.actor.remove', output: FileMessages.imageDeleted },
  { type: 'xstate.error.actor.remove', error: new TypeError('Failed to fetch') },
] as unknown as EventObject[];

const fromUpload = new Set(['upload.progress', 'upload.done', 'upload.failed']);

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    src: selectImageSource(s),
    upload: s.context.upload && { name: s.context.upload.file.name, percent: selectUploadPercent(s) },
    confirming: selectConfirming(s),
    error: s.context.error,
    message: s.context.message,
  });

function startSut() {
  const server = {
    uploads: [] as File[],
    aborted: 0,
    answered: false,
    sendBack: null as ((e: AnyEventObject) => void) | null,
    removes: [] as string[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const hold = <T>(id: string) => {
    const d = deferred<T>();
    server.pending[id] = d as never;
    return d.promise;
  };
  const machine = profileImageMachine.provide({
    actors: {
      load: fromPromise<ProfileImage | null>(() => hold('load')),
      upload: fromCallback<ProfileImageEvent, { file: File }>(({ input, sendBack }) => {
        server.uploads.push(input.file);
        server.answered = false;
        server.sendBack = sendBack;
        return () => {
          if (!server.answered) server.aborted++;
          server.sendBack = null;
        };
      }),
      remove: fromPromise<string, { id: string }>(({ input }) => {
        server.removes.push(input.id);
        return hold('remove');
      }),
    },
  });
  const photos: Array<ProfilePhoto | null> = [];
  const stop = profileChanges.subscribePhoto((photo) => photos.push(photo));
  const actor = createActor(machine).start();
  return { actor, server, photos, stop };
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: EventObject) {
  if (fromUpload.has(event.type)) {
    if (!sut.server.sendBack) throw new Error(`${event.type} while no upload runs`);
    if (event.type !== 'upload.progress') sut.server.answered = true;
    sut.server.sendBack(event);
  } else if (!settle(sut.server.pending, event)) sut.actor.send(event as ProfileImageEvent);
  await flush();
}

describe('profile image machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(profileImageMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type.endsWith('actor.remove')) return s.matches({ ready: 'removing' });
      if (fromUpload.has(e.type)) return s.matches({ ready: 'uploading' });
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'loadFailed',
      'loading',
      'ready.confirmingRemoval',
      'ready.idle',
      'ready.removing',
      'ready.uploading',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const last = path.at(-1);
      const before = {
        photos: sut.photos.length,
        aborted: sut.server.aborted,
        uploads: sut.server.uploads.length,
        uploading: sut.actor.getSnapshot().matches({ ready: 'uploading' }),
      };
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      if (last) {
        // The navigation hears of every new photo and every removal, and of nothing else.
        const told =
          last.type === 'upload.done'
            ? [{ src: selectImageSource(now), expiresAt: replaced.urlExpiresAt }]
            : last.type === 'xstate.done.actor.remove'
              ? [null]
              : [];
        expect(sut.photos.slice(before.photos)).toEqual(told);
        expect(sut.server.aborted - before.aborted).toBe(before.uploading && last.type === 'upload.cancel' ? 1 : 0);
        expect(sut.server.uploads.length - before.uploads).toBe(!before.uploading && now.matches({ ready: 'uploading' }) ? 1 : 0);
      }
      sut.stop();
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('profile image rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes JPEG, PNG and WebP up to 5 MB, by type or by name', () => {
    expect(imageRefusal([jpeg])).toBeNull();
    expect(imageRefusal([file('me.WEBP', '')])).toBeNull();
    expect(imageRefusal([file('me.png', 'image/png', MAX_UPLOAD_BYTES)])).toBeNull();
    expect(imageRefusal([huge])).toBe(FileMessages.tooLarge);
    expect(imageRefusal([pdf])).toBe(FileMessages.imageType);
    expect(imageRefusal([file('me.gif', 'image/gif')])).toBe(FileMessages.imageType);
    expect(imageRefusal([file('empty.jpg', 'image/jpeg', 0)])).toBe(FileMessages.empty);
    expect(imageRefusal([jpeg, jpeg])).toBe(FileMessages.oneFile);
  });

  it('replaces the photo with the uploaded one and tells the navigation', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(current as never);
    await flush();
    sut.actor.send({ type: 'photo.choose', files: [jpeg] });
    expect(sut.server.uploads).toEqual([jpeg]);
    sut.server.sendBack!({ type: 'upload.progress', loaded: 256, total: 1024 });
    expect(selectUploadPercent(sut.actor.getSnapshot())).toBe(25);
    sut.server.sendBack!({ type: 'upload.done', image: replaced });
    const s = sut.actor.getSnapshot();
    expect(selectImageSource(s)).toBe(replaced.url);
    expect(s.context.message).toBe(ProfileImageMessages.uploaded);
    expect(sut.photos).toEqual([{ src: replaced.url, expiresAt: replaced.urlExpiresAt }]);
    sut.stop();
  });

  it('removes the photo it shows, after the confirmation', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(current as never);
    await flush();
    sut.actor.send({ type: 'photo.remove' });
    expect(sut.server.removes).toEqual([]);
    sut.actor.send({ type: 'remove.confirm' });
    expect(sut.server.removes).toEqual(['img-1']);
    sut.server.pending.remove!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
    expect(selectImageSource(sut.actor.getSnapshot())).toBe(current.url);
    expect(sut.photos).toEqual([]);
    sut.stop();
  });

  it('has nothing to remove without a photo', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(null as never);
    await flush();
    sut.actor.send({ type: 'photo.remove' });
    expect(selectConfirming(sut.actor.getSnapshot())).toBe(false);
    sut.stop();
  });
});

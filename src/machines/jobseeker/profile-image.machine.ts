import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { ProfileImageMessages, type ProfileImage } from '../../contract/common.ts';
import { FileMessages, MAX_UPLOAD_BYTES, imageExtensions, imageTypes } from '../../contract/files.ts';
import { commonService } from '../../services/common.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import type { UploadProgress } from '../../services/transfer.ts';
import { percentSent } from '../../lib/files.ts';
import { messagesOf } from '../form.ts';

/**
 * Why a file cannot be a profile photo, in the server's words, or null. Checked before a byte is
 * sent; the server checks again, by the bytes, and re-encodes what it accepts.
 */
export function imageRefusal(files: readonly File[]): string | null {
  if (files.length === 0) return FileMessages.noFile;
  if (files.length > 1) return FileMessages.oneFile;
  const file = files[0]!;
  const name = file.name.toLowerCase();
  const known = (imageTypes as readonly string[]).includes(file.type) || imageExtensions.some((ext) => name.endsWith(ext));
  if (!known) return FileMessages.imageType;
  if (file.size > MAX_UPLOAD_BYTES) return FileMessages.tooLarge;
  if (file.size === 0) return FileMessages.empty;
  return null;
}

export interface ProfileImageContext {
  image: ProfileImage | null;
  upload: { file: File; loaded: number; total: number } | null;
  /** What the last failure said. */
  error: string | null;
  /** What the last success said. */
  message: string | null;
}

export type ProfileImageEvent =
  | { type: 'photo.retry' }
  | { type: 'photo.choose'; files: readonly File[] }
  | { type: 'upload.cancel' }
  | { type: 'photo.remove' }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  // From the upload actor:
  | ({ type: 'upload.progress' } & UploadProgress)
  | { type: 'upload.done'; image: ProfileImage }
  | { type: 'upload.failed'; error: unknown };

/**
 * The signed-in user's profile photo (spec 2 §7 Common): shown, replaced by an upload with
 * progress and cancel, removed after a confirmation. Each change goes to the navigation's user
 * menu, which shows the photo too.
 */
export const profileImageMachine = setup({
  types: {
    context: {} as ProfileImageContext,
    events: {} as ProfileImageEvent,
  },
  actors: {
    load: fromPromise<ProfileImage | null>(async ({ signal }) => (await commonService.profileImages(signal)).data.images[0] ?? null),
    /** Sends `upload.progress` as the file goes out, then `upload.done` or `upload.failed`; stopping it aborts the request. */
    upload: fromCallback<ProfileImageEvent, { file: File }>(({ input, sendBack }) => {
      const controller = new AbortController();
      commonService
        .uploadProfileImage(input.file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => sendBack({ type: 'upload.progress', loaded, total }),
        })
        .then(
          (res) => sendBack({ type: 'upload.done', image: res.data.image }),
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
          },
        );
      return () => controller.abort();
    }),
    remove: fromPromise<string, { id: string }>(
      async ({ input, signal }) => (await commonService.deleteProfileImage(input.id, signal)).message || FileMessages.imageDeleted,
    ),
  },
  actions: {
    /** The navigation shows the new photo, or the initials, without a reload. */
    announcePhoto: ({ context }) => profileChanges.photoChanged(context.image ? commonService.photoOf(context.image) : null),
    clearNotes: assign({ error: null, message: null }),
  },
  guards: {
    uploadRefused: ({ event }) => event.type === 'photo.choose' && imageRefusal(event.files) !== null,
    hasImage: ({ context }) => context.image !== null,
  },
}).createMachine({
  id: 'profileImage',
  context: { image: null, upload: null, error: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ image: ({ event }) => event.output }) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'photo.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ upload: null }),
          on: {
            'photo.choose': [
              {
                guard: 'uploadRefused',
                actions: assign({
                  error: ({ event }) => imageRefusal(event.files),
                  message: null,
                }),
              },
              {
                target: 'uploading',
                actions: assign({ upload: ({ event }) => ({ file: event.files[0]!, loaded: 0, total: event.files[0]!.size }) }),
              },
            ],
            'photo.remove': { guard: 'hasImage', target: 'confirmingRemoval' },
          },
        },
        uploading: {
          tags: ['busy'],
          entry: 'clearNotes',
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({ file: context.upload!.file }),
          },
          on: {
            'upload.progress': {
              actions: assign({ upload: ({ context, event }) => ({ ...context.upload!, loaded: event.loaded, total: event.total }) }),
            },
            'upload.done': {
              target: 'idle',
              actions: [assign({ image: ({ event }) => event.image, message: ProfileImageMessages.uploaded }), 'announcePhoto'],
            },
            'upload.failed': {
              target: 'idle',
              actions: assign({ error: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }),
            },
            // Leaving the state stops the upload actor, which aborts the request.
            'upload.cancel': { target: 'idle', actions: assign({ message: ProfileImageMessages.uploadCancelled }) },
          },
        },
        confirmingRemoval: {
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': 'idle',
          },
        },
        removing: {
          tags: ['busy'],
          entry: 'clearNotes',
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ id: context.image!.id }),
            onDone: {
              target: 'idle',
              actions: [assign({ image: null, message: ({ event }) => event.output }), 'announcePhoto'],
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }),
            },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof profileImageMachine>;

/** The `src` of the current photo, or null. */
export const selectImageSource = (s: Snap) => (s.context.image ? commonService.imageSource(s.context.image) : null);
/** Whole percent of the upload sent. */
export const selectUploadPercent = (s: Snap) => percentSent(s.context.upload);
/** The name of the image on its way up; null when none is. */
export const selectUploadingName = (s: Snap) => (s.matches({ ready: 'uploading' }) ? (s.context.upload?.file.name ?? '') : null);
export const selectConfirming = (s: Snap) => s.matches({ ready: 'confirmingRemoval' }) || s.matches({ ready: 'removing' });

import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { profileChanges, type ProfilePhoto } from '../../services/profile-changes.ts';
import { shellService } from '../../services/shell.ts';

/** A signed photo address is asked for again this long before it stops working. */
export const PHOTO_REFRESH_MARGIN_MS = 5 * 60_000;
/** Never sooner than this, so an address near its end (or a clock that is off) cannot make a loop of reads. */
export const PHOTO_MIN_REFRESH_MS = 60_000;
/** Never later than this: timers overflow past 2^31 ms (about 24.8 days) and then fire at once. */
export const PHOTO_MAX_REFRESH_MS = 24 * 3600_000;

/**
 * The photo of the navigation's user menu: read once per sign-in, replaced when a page changes
 * it (without a reload), and read again shortly before its signed address expires. Initials show
 * while there is none, and when it cannot be read.
 */
export const userPhotoMachine = setup({
  types: {
    context: {} as { photo: ProfilePhoto | null },
    events: {} as { type: 'photo.changed'; photo: ProfilePhoto | null },
  },
  actors: {
    load: fromPromise<ProfilePhoto | null>(({ signal }) => shellService.profilePhoto(signal)),
    /** Photo changes from any page. */
    changes: fromCallback(({ sendBack }) => profileChanges.subscribePhoto((photo) => sendBack({ type: 'photo.changed', photo }))),
  },
  delays: {
    refresh: ({ context }) => {
      const expires = Date.parse(context.photo?.expiresAt ?? '');
      const due = Number.isFinite(expires) ? expires - Date.now() - PHOTO_REFRESH_MARGIN_MS : 0;
      return Math.min(PHOTO_MAX_REFRESH_MS, Math.max(PHOTO_MIN_REFRESH_MS, due));
    },
  },
  guards: {
    hasPhoto: ({ context }) => context.photo !== null,
  },
}).createMachine({
  id: 'userPhoto',
  context: { photo: null },
  invoke: { id: 'changes', src: 'changes' },
  initial: 'loading',
  // A change is newer than any read on its way, which it replaces.
  on: { 'photo.changed': { target: '.settled', actions: assign({ photo: ({ event }) => event.photo }) } },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'settled', actions: assign({ photo: ({ event }) => event.output }) },
        // The initials stand in; the next sign-in or change tries again.
        onError: { target: 'settled' },
      },
    },
    settled: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'hasPhoto', target: 'shown' }, { target: 'none' }] },
        shown: { after: { refresh: '#userPhoto.loading' } },
        none: {},
      },
    },
  },
});

/** The photo's address, or null for the initials. */
export const selectPhotoSource = (s: { context: { photo: ProfilePhoto | null } }) => s.context.photo?.src ?? null;

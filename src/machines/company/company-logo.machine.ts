import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CompanyMessages, type CompanyImage } from '../../contract/company.ts';
import { companyService } from '../../services/company.ts';
import { messagesOf } from '../form.ts';
import { HttpMessages } from '../../services/http.ts';
import { imageFileProblem, percentOf, uploadActor, type UploadEvent } from './upload.ts';

export interface CompanyLogoContext {
  logo: CompanyImage | null;
  /** The file on its way, for the page to name it. */
  fileName: string | null;
  progress: { loaded: number; total: number } | null;
  error: string | null;
  message: string | null;
}

export type CompanyLogoEvent =
  | { type: 'logo.choose'; file: File }
  | { type: 'logo.cancel' }
  | { type: 'logo.remove' }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | UploadEvent<{ logo: CompanyImage }>;

const failed = (error: unknown) => messagesOf(error, HttpMessages.failed).join(' ');

/**
 * The company logo (spec 2 §7 CompanyLogo): a new image replaces the current one, uploaded with
 * progress and cancellable; removing it asks first. A file the server would refuse for its type or
 * size is refused here at once, with the server's words.
 */
export const companyLogoMachine = setup({
  types: {
    context: {} as CompanyLogoContext,
    events: {} as CompanyLogoEvent,
    input: {} as { logo: CompanyImage | null },
  },
  actors: {
    upload: uploadActor((file, options) => companyService.uploadLogo(file, options)),
    remove: fromPromise<string>(async ({ signal }) => (await companyService.deleteLogo(signal)).message || CompanyMessages.logoDeleted),
  },
  guards: {
    fileRefused: ({ event }) => {
      assertEvent(event, 'logo.choose');
      return imageFileProblem(event.file) !== null;
    },
    hasLogo: ({ context }) => context.logo !== null,
  },
}).createMachine({
  id: 'companyLogo',
  context: ({ input }) => ({ logo: input.logo, fileName: null, progress: null, error: null, message: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'logo.choose': [
          {
            guard: 'fileRefused',
            actions: assign(({ event }) => ({ error: imageFileProblem(event.file), message: null })),
          },
          { target: 'uploading' },
        ],
        'logo.remove': { guard: 'hasLogo', target: 'confirmingRemove', actions: assign({ error: null, message: null }) },
      },
    },
    uploading: {
      tags: ['busy'],
      entry: assign(({ event }) => {
        assertEvent(event, 'logo.choose');
        return { fileName: event.file.name, progress: null, error: null, message: null };
      }),
      exit: assign({ progress: null, fileName: null }),
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => {
          assertEvent(event, 'logo.choose');
          return { file: event.file };
        },
      },
      on: {
        'upload.progress': { actions: assign({ progress: ({ event }) => ({ loaded: event.loaded, total: event.total }) }) },
        'upload.done': {
          target: 'idle',
          actions: assign(({ event }) => ({ logo: event.output.logo, message: event.message || CompanyMessages.logoSaved })),
        },
        'upload.failed': { target: 'idle', actions: assign({ error: ({ event }) => failed(event.error) }) },
        'logo.cancel': { target: 'idle' },
      },
    },
    confirmingRemove: {
      on: {
        'remove.confirm': 'removing',
        'remove.cancel': 'idle',
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: { target: 'idle', actions: assign({ logo: null, message: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => failed(event.error) }) },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof companyLogoMachine>;
export const selectPercent = (s: Snap) => percentOf(s.context.progress);

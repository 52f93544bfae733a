import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CompanyMessages, MAX_FEATURED_IMAGES, type FeaturedImage } from '../../contract/company.ts';
import { companyService } from '../../services/company.ts';
import { HttpMessages } from '../../services/http.ts';
import { messagesOf } from '../form.ts';
import { imageFileProblem, percentOf, uploadActor, type UploadEvent } from './upload.ts';

export interface FeaturedImagesContext {
  images: FeaturedImage[];
  /** The image waiting for its delete to be confirmed. */
  pending: FeaturedImage | null;
  fileName: string | null;
  progress: { loaded: number; total: number } | null;
  /** The order before a move, put back if the server refuses it. */
  previous: FeaturedImage[] | null;
  error: string | null;
  message: string | null;
}

export type FeaturedImagesEvent =
  | { type: 'featured.retry' }
  | { type: 'featured.choose'; file: File }
  | { type: 'featured.cancel' }
  | { type: 'featured.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'featured.move'; id: string; by: -1 | 1 }
  | UploadEvent<{ image: FeaturedImage; images: FeaturedImage[] }>;

type Answer = { images: FeaturedImage[]; message: string };

const failed = (error: unknown) => messagesOf(error, HttpMessages.failed).join(' ');

/** The images with one moved up (-1) or down (+1); the same list when it cannot move. */
export function moved(images: FeaturedImage[], id: string, by: -1 | 1): FeaturedImage[] {
  const from = images.findIndex((i) => i.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= images.length) return images;
  const next = [...images];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next.map((image, position) => ({ ...image, position }));
}

/**
 * The company's featured images (spec 2 §7 UploadFeaturedImage, GetFeaturedImages,
 * DeleteFeaturedImages): at most six, each added last with progress (cancellable), deleted after a
 * confirmation, moved up or down one place at a time. A move shows at once and is put back if
 * the server refuses it.
 */
export const featuredImagesMachine = setup({
  types: {
    context: {} as FeaturedImagesContext,
    events: {} as FeaturedImagesEvent,
  },
  actors: {
    load: fromPromise<FeaturedImage[]>(async ({ signal }) => (await companyService.featuredImages(signal)).data.images),
    upload: uploadActor((file, options) => companyService.uploadFeaturedImage(file, options)),
    remove: fromPromise<Answer, { id: string }>(async ({ input, signal }) => {
      const res = await companyService.deleteFeaturedImage(input.id, signal);
      return { images: res.data.images, message: res.message || CompanyMessages.featuredDeleted };
    }),
    reorder: fromPromise<Answer, { ids: string[] }>(async ({ input, signal }) => {
      const res = await companyService.reorderFeaturedImages(input.ids, signal);
      return { images: res.data.images, message: res.message || CompanyMessages.featuredReordered };
    }),
  },
  guards: {
    full: ({ context }) => context.images.length >= MAX_FEATURED_IMAGES,
    fileRefused: ({ event }) => {
      assertEvent(event, 'featured.choose');
      return imageFileProblem(event.file) !== null;
    },
    known: ({ context, event }) => {
      assertEvent(event, 'featured.delete');
      return context.images.some((i) => i.id === event.id);
    },
    canMove: ({ context, event }) => {
      assertEvent(event, 'featured.move');
      return moved(context.images, event.id, event.by) !== context.images;
    },
  },
}).createMachine({
  id: 'featuredImages',
  context: { images: [], pending: null, fileName: null, progress: null, previous: null, error: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ images: ({ event }) => event.output }) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'featured.retry': 'loading' },
    },
    ready: {
      on: {
        'featured.choose': [
          { guard: 'full', actions: assign({ error: CompanyMessages.tooManyFeatured, message: null }) },
          { guard: 'fileRefused', actions: assign(({ event }) => ({ error: imageFileProblem(event.file), message: null })) },
          { target: 'uploading' },
        ],
        'featured.delete': {
          guard: 'known',
          target: 'confirmingDelete',
          actions: assign(({ context, event }) => ({
            pending: context.images.find((i) => i.id === event.id) ?? null,
            error: null,
            message: null,
          })),
        },
        'featured.move': {
          guard: 'canMove',
          target: 'reordering',
          actions: assign(({ context, event }) => ({
            previous: context.images,
            images: moved(context.images, event.id, event.by),
            error: null,
            message: null,
          })),
        },
      },
    },
    uploading: {
      tags: ['busy'],
      entry: assign(({ event }) => {
        assertEvent(event, 'featured.choose');
        return { fileName: event.file.name, progress: null, error: null, message: null };
      }),
      exit: assign({ progress: null, fileName: null }),
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => {
          assertEvent(event, 'featured.choose');
          return { file: event.file };
        },
      },
      on: {
        'upload.progress': { actions: assign({ progress: ({ event }) => ({ loaded: event.loaded, total: event.total }) }) },
        'upload.done': {
          target: 'ready',
          actions: assign(({ event }) => ({ images: event.output.images, message: event.message || CompanyMessages.featuredSaved })),
        },
        'upload.failed': { target: 'ready', actions: assign({ error: ({ event }) => failed(event.error) }) },
        'featured.cancel': { target: 'ready' },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ id: context.pending!.id }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ images: event.output.images, message: event.output.message, pending: null })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ error: failed(event.error), pending: null })) },
      },
    },
    reordering: {
      tags: ['busy'],
      invoke: {
        id: 'reorder',
        src: 'reorder',
        input: ({ context }) => ({ ids: context.images.map((i) => i.id) }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ images: event.output.images, message: event.output.message, previous: null })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            images: context.previous ?? context.images,
            previous: null,
            error: failed(event.error),
          })),
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof featuredImagesMachine>;
export const selectPercent = (s: Snap) => percentOf(s.context.progress);
export const selectFull = (s: Snap) => s.context.images.length >= MAX_FEATURED_IMAGES;

import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { JobMessages } from '../../contract/job-messages.ts';
import { jobsService } from '../../services/jobs.ts';
import { ApiError } from '../../services/http.ts';

export const SaveJobMessages = {
  saveFailed: 'The job could not be saved. Please try again.',
  unsaveFailed: 'The job could not be removed from your saved jobs. Please try again.',
} as const;

export interface SaveJobInput {
  jobId: string;
  isSaved: boolean;
}

export type SaveJobEvent = { type: 'save.toggle' };
/** Told to whoever shows the job, so a list can mark or drop its row. */
export type SaveJobEmitted = { type: 'save.changed'; jobId: string; isSaved: boolean };

/** The server's own words for a refusal it explains (the 500-job limit), else ours. */
const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.kind === 'client' ? error.message : fallback);

/**
 * Saving a job for later and taking it back (spec 2 §7 save-job/{id} POST and DELETE): one request
 * at a time; the button shows the state the server confirmed, and a failure says why.
 */
export const saveJobMachine = setup({
  types: {
    input: {} as SaveJobInput,
    context: {} as SaveJobInput & { error: string | null; announcement: string | null },
    events: {} as SaveJobEvent,
    emitted: {} as SaveJobEmitted,
  },
  actors: {
    /** Saves (`save` true) or takes the job back; answers whether it is saved now. */
    change: fromPromise<boolean, { jobId: string; save: boolean }>(
      async ({ input, signal }) =>
        (await (input.save ? jobsService.save(input.jobId, signal) : jobsService.unsave(input.jobId, signal))).data.isSaved,
    ),
  },
}).createMachine({
  id: 'saveJob',
  context: ({ input }) => ({ ...input, error: null, announcement: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'save.toggle': 'changing' },
    },
    changing: {
      tags: ['busy'],
      entry: assign({ error: null, announcement: null }),
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => ({ jobId: context.jobId, save: !context.isSaved }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({
              isSaved: event.output,
              error: null,
              announcement: event.output ? JobMessages.saved : JobMessages.unsaved,
            })),
            emit(({ context }) => ({ type: 'save.changed' as const, jobId: context.jobId, isSaved: context.isSaved })),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ context, event }) => ({
            error: failure(event.error, context.isSaved ? SaveJobMessages.unsaveFailed : SaveJobMessages.saveFailed),
            announcement: null,
          })),
        },
      },
    },
  },
});

export type SaveJobActorRef = ActorRefFrom<typeof saveJobMachine>;

import { assertEvent, emit, fromPromise, setup } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import type { MessageInitRequest } from '../../contract/messaging.ts';
import { messagingService } from '../../services/messaging.ts';
import { messagesOf } from '../form.ts';

export type MessageInitEvent = { type: 'message.start'; applicantId: string; jobPostId: string };
/** `opened`: the conversation's url, to go to; `failed`: what to tell the user. */
export type MessageInitEmitted = { type: 'opened'; url: string } | { type: 'failed'; message: string };

/**
 * The Message button of an applicant (spec 2 §3: message-init opens the conversation of an
 * applicant and a job post, creating it the first time), then the conversation is shown.
 */
export const messageInitMachine = setup({
  types: { events: {} as MessageInitEvent, emitted: {} as MessageInitEmitted },
  actors: {
    init: fromPromise<string, MessageInitRequest>(async ({ input, signal }) => (await messagingService.init(input, signal)).data.url),
  },
}).createMachine({
  id: 'messageInit',
  initial: 'idle',
  states: {
    idle: { on: { 'message.start': 'starting' } },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'init',
        src: 'init',
        input: ({ event }) => {
          assertEvent(event, 'message.start');
          return { applicantId: event.applicantId, jobPostId: event.jobPostId };
        },
        onDone: { target: 'idle', actions: emit(({ event }) => ({ type: 'opened' as const, url: event.output })) },
        onError: {
          target: 'idle',
          actions: emit(({ event }) => ({ type: 'failed' as const, message: messagesOf(event.error, AccountMessages.generic).join(' ') })),
        },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { ContactMessages } from '../../contract/contact.ts';
import { contactService } from '../../services/contact.ts';
import { errorsOf } from '../account/api-errors.ts';

export interface UnsubscribeContext {
  token: string;
  message: string | null;
  errors: string[];
}

/**
 * Leaving a job alert from the link its mails carry (`/job-alerts/unsubscribe?token=`): one call,
 * then what the server said. A link without a token is refused here, without a call.
 */
export const unsubscribeMachine = setup({
  types: {
    context: {} as UnsubscribeContext,
    input: {} as { token?: string | null },
  },
  actors: {
    unsubscribe: fromPromise<string, { token: string }>(async ({ input, signal }) => {
      const res = await contactService.unsubscribe(input.token, signal);
      return res.message;
    }),
  },
}).createMachine({
  id: 'unsubscribe',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', message: null, errors: [] }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: ({ context }) => context.token.length > 0, target: 'leaving' },
        { target: 'failure', actions: assign({ errors: [ContactMessages.unsubscribeLinkInvalid] }) },
      ],
    },
    leaving: {
      tags: ['loading'],
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'success', actions: assign({ message: ({ event }) => event.output || ContactMessages.unsubscribed }) },
        onError: { target: 'failure', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    success: { type: 'final', tags: ['success'] },
    failure: { type: 'final', tags: ['error'] },
  },
});
